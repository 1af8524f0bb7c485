/// The part of the previewer a key binding belongs to.
public enum KeyScope: String, Sendable, Equatable, CaseIterable {
  /// The demo screens (and every tool unless a tool binding takes the key).
  case global = "Everywhere"
  /// A project screen (scrolling when it does not fit).
  case screen = "Screens"
  /// The diagnostics panel.
  case diagnostics = "Diagnostics panel"
  /// The events log.
  case events = "Events log"
  /// The locale picker.
  case picker = "Locale picker"
  /// The currency and time zone pickers.
  case valuePicker = "Currency, time zone and set pickers"
  /// The help screen.
  case help = "Help screen"
  /// The message browser.
  case messages = "Message browser"
  /// The all-locales view of one message.
  case locales = "All locales of a message"
  /// Any text being typed: the `/` search, the message browser's query, a picker's filter, the
  /// context editor (one ``LineEditor`` behind each).
  case textInput = "Typing text (/ search, queries, filters, context editor, translation editor)"

  /// Whether this scope is active in a state: by its mode (a built-in screen such as the message
  /// list can add a scope that looks at ``PreviewState/currentScreen`` here).
  public func isActive(in state: PreviewState) -> Bool {
    self == .textInput ? state.isTypingText : isActive(in: state.mode)
  }

  /// Whether this scope is active in a mode (global always is; tools add their own).
  public func isActive(in mode: PreviewMode) -> Bool {
    switch (self, mode) {
    case (.global, _): return true
    case (.screen, .screen): return true
    case (.diagnostics, .diagnostics): return true
    case (.events, .events): return true
    case (.picker, .localePicker): return true
    case (.valuePicker, .valuePicker): return true
    case (.help, .help): return true
    case (.messages, .messages): return true
    case (.locales, .allLocales): return true
    case (.textInput, .contextEditor): return true
    default: return false
    }
  }
}
