import TerminalUI

/// The one key table that drives the help bar, the help screen and the dispatcher.
public enum KeyTable {
  /// Every binding, tool scopes before global ones (the dispatcher takes the first match), then
  /// the text-input keys (``LineEditorCommand/bindings``, listed for the help screen: a text
  /// field takes its keys before the dispatcher).
  public static let bindings: [KeyBinding] = commandBindings + textInputBindings

  /// The text-input keys as key-table rows (Enter and Esc in the help bar while typing).
  static let textInputBindings: [KeyBinding] = LineEditorCommand.bindings.map {
    KeyBinding(
      $0.keys, .editText, short: $0.short, description: $0.description, scope: .textInput,
      inBar: $0.command == .submit || $0.command == .cancel)
  }

  /// The bindings of the previewer's own actions.
  static let commandBindings: [KeyBinding] = [
    // Diagnostics panel
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "next",
      description: "Select the next diagnostic",
      scope: .diagnostics),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "prev",
      description: "Select the previous diagnostic", scope: .diagnostics, inBar: false),
    KeyBinding(
      [.pageDown], .pageDown, short: "page", description: "Scroll a page down",
      scope: .diagnostics, inBar: false),
    KeyBinding(
      [.pageUp], .pageUp, short: "page", description: "Scroll a page up", scope: .diagnostics,
      inBar: false),
    KeyBinding(
      [.character("f")], .cycleFilter, short: "filter",
      description: "Filter by level: all → error → warn → info → all", scope: .diagnostics),
    KeyBinding(
      [.enter, .character(" ")], .toggleDetails, short: "details",
      description: "Expand the selected diagnostic: details, module and original error",
      scope: .diagnostics),
    KeyBinding(
      [.character("h")], .toggleDebug, short: "debug", description: "Hide or show DEBUG rows",
      scope: .diagnostics),
    KeyBinding(
      [.character("x")], .clearDiagnostics, short: "clear",
      description: "Clear the diagnostics list",
      scope: .diagnostics),
    // Events log
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "older", description: "Scroll to older events",
      scope: .events),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "newer",
      description: "Scroll to newer events",
      scope: .events),
    // Locale picker
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "next",
      description: "Highlight the next locale",
      scope: .picker),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "prev",
      description: "Highlight the previous locale", scope: .picker),
    KeyBinding(
      [.enter], .activate, short: "choose", description: "Switch to the highlighted locale",
      scope: .picker),
    // All locales of a message
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "next", description: "Select the next locale",
      scope: .locales, inBar: false),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "prev",
      description: "Select the previous locale", scope: .locales, inBar: false),
    KeyBinding(
      [.pageDown], .pageDown, short: "page", description: "Scroll a page down", scope: .locales,
      inBar: false),
    KeyBinding(
      [.pageUp], .pageUp, short: "page", description: "Scroll a page up", scope: .locales,
      inBar: false),
    KeyBinding(
      [.character("g"), .home], .first, short: "top", description: "Select the first locale",
      scope: .locales, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "end", description: "Select the last locale",
      scope: .locales, inBar: false),
    KeyBinding(
      [.enter], .activate, short: "switch",
      description: "Switch the previewer to the selected locale, the message selected",
      scope: .locales),
    KeyBinding(
      [.character("R")], .markReviewed, short: "reviewed",
      description: "Mark the selected locale's translation reviewed", scope: .locales),
    // Message browser
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "next", description: "Select the next message",
      scope: .messages, inBar: false),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "prev",
      description: "Select the previous message", scope: .messages, inBar: false),
    KeyBinding(
      [.pageDown], .pageDown, short: "page", description: "Scroll a page down", scope: .messages,
      inBar: false),
    KeyBinding(
      [.pageUp], .pageUp, short: "page", description: "Scroll a page up", scope: .messages,
      inBar: false),
    KeyBinding(
      [.character("g"), .home], .selectFirst, short: "top",
      description: "Select the first message",
      scope: .messages, inBar: false),
    KeyBinding(
      [.character("G"), .end], .selectLast, short: "end", description: "Select the last message",
      scope: .messages, inBar: false),
    KeyBinding(
      [.character("a")], .showAllLocales, short: "locales",
      description: "Show the selected message in every locale: text, state and width",
      scope: .messages),
    KeyBinding(
      [.character("R")], .markReviewed, short: "reviewed",
      description:
        "Mark the selected translation reviewed (status and hashes in its message file)",
      scope: .messages, inBar: false),
    KeyBinding(
      [.character("/")], .searchMessages, short: "search",
      description: "Search keys and texts (every word must occur; Enter keeps, Esc clears)",
      scope: .messages),
    KeyBinding(
      [.character("f")], .cycleMessageFilter, short: "filter",
      description:
        "Filter: all → missing → untranslated → overridden → deprecated → from OTA → ICU error → lint → stale or unreviewed → blocking",
      scope: .messages),
    KeyBinding(
      [.character("x")], .toggleCompare, short: "compare",
      description: "Show a second locale side by side (the source locale first)",
      scope: .messages),
    KeyBinding(
      [.character("X")], .cycleCompareLocale, short: "other",
      description: "Compare with the next loaded locale", scope: .messages, inBar: false),
    KeyBinding(
      [.enter], .toggleMessageDetail, short: "detail",
      description:
        "Open the selected message: overrides and why they match, ICU arguments, examples",
      scope: .messages),
    // Help screen
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "scroll", description: "Scroll the help down",
      scope: .help),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "up", description: "Scroll the help up",
      scope: .help, inBar: false),
    // Screens that do not fit scroll (nothing is dropped out of reach).
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "scroll",
      description: "Scroll the screen down (when it needs more rows than there are)",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "up", description: "Scroll the screen up",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    KeyBinding(
      [.pageDown], .pageDown, short: "page", description: "Scroll the screen a page down",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    KeyBinding(
      [.pageUp], .pageUp, short: "page", description: "Scroll the screen a page up",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    KeyBinding(
      [.character("g"), .home], .first, short: "top", description: "Scroll to the top",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    KeyBinding(
      [.character("G"), .end], .last, short: "bottom", description: "Scroll to the bottom",
      scope: .screen, inBar: false, isEnabled: screenScrolls),
    // First and last row of every list.
    KeyBinding(
      [.character("g"), .home], .first, short: "first", description: "Select the first diagnostic",
      scope: .diagnostics, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "last", description: "Select the last diagnostic",
      scope: .diagnostics, inBar: false),
    KeyBinding(
      [.character("g"), .home], .first, short: "newest", description: "Go to the newest event",
      scope: .events, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "oldest", description: "Go to the oldest event",
      scope: .events, inBar: false),
    KeyBinding(
      [.character("g"), .home], .first, short: "first", description: "Highlight the first locale",
      scope: .picker, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "last", description: "Highlight the last locale",
      scope: .picker, inBar: false),
    KeyBinding(
      [.character("g"), .home], .first, short: "top", description: "Scroll the help to the top",
      scope: .help, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "end", description: "Scroll the help to the end",
      scope: .help, inBar: false),
    // Currency and time zone pickers (C, T): the list keys, `/` to filter, Enter, q/Esc.
    KeyBinding(
      [.character("j"), .down], .selectNext, short: "next",
      description: "Highlight the next row (wraps around)", scope: .valuePicker),
    KeyBinding(
      [.character("k"), .up], .selectPrevious, short: "prev",
      description: "Highlight the previous row (wraps around)", scope: .valuePicker,
      inBar: false),
    KeyBinding(
      [.pageDown], .pageDown, short: "page", description: "Highlight a page further down",
      scope: .valuePicker, inBar: false),
    KeyBinding(
      [.pageUp], .pageUp, short: "page", description: "Highlight a page further up",
      scope: .valuePicker, inBar: false),
    KeyBinding(
      [.character("g"), .home], .first, short: "first", description: "Highlight the first row",
      scope: .valuePicker, inBar: false),
    KeyBinding(
      [.character("G"), .end], .last, short: "last", description: "Highlight the last row",
      scope: .valuePicker, inBar: false),
    KeyBinding(
      [.character("/")], .filterPicker, short: "filter",
      description:
        "Type a filter: code, name, zone or an equivalent zone (every word must occur; ↑/↓ move, Enter applies, Esc clears)",
      scope: .valuePicker),
    KeyBinding(
      [.enter], .activate, short: "apply",
      description: "Apply the highlighted currency, zone or set",
      scope: .valuePicker),
    KeyBinding(
      [.character("q"), .escape], .back, short: "cancel",
      description: "Close the picker without changing anything", scope: .valuePicker),
    KeyBinding(
      [.character("C")], .pickCurrency, short: "currencies",
      description: "Pick a currency: the project's, then every common ISO 4217 code, named",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("T")], .pickTimeZone, short: "zones",
      description: "Pick a time zone: every known zone with its offset, equivalent ones collapsed",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("S")], .pickSet, short: "sets",
      description:
        "Pick a set of the project (sets/<name>/, shown in the header): its messages and screens replace the shown set's, still watched",
      scope: .global, inBar: false, isEnabled: { ($0.content?.sets.count ?? 0) > 1 }),
    // Search and copy (`mouse` branch): one search for every view, n/N step through matches.
    KeyBinding(
      [.character("/")], .search, short: "search",
      description:
        "Search the text on display (screen strings, rows, help); Enter finds, Esc clears",
      scope: .global, inBar: false, isEnabled: { $0.mode != .messages }),
    KeyBinding(
      [.character("n")], .searchNext, short: "next match",
      description: "Go to the next match of the search (wraps around to the top, with a note)",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("N")], .searchPrevious, short: "prev match",
      description: "Go to the previous match of the search (wraps around to the bottom)",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("y")], .copyKey, short: "copy",
      description:
        "Copy the key under the cursor (the selected string or message; a diagnostic or event: its whole text) — OSC 52, else shown for copying",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("Y")], .copyText, short: "copy text",
      description: "Copy the text of the selected string or message",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("]")], .nextString, short: "next string",
      description: "Select the next string (its key and origin show; y/Y copy it), as a click does",
      scope: .screen, inBar: false),
    KeyBinding(
      [.character("[")], .previousString, short: "prev string",
      description: "Select the previous string", scope: .screen, inBar: false),
    // Closing a view: q and Esc close it (like tig and lazygit); q quits only from a screen.
    KeyBinding(
      [.character("q"), .escape], .back, short: "close",
      description: "Close the help (q quits only from a screen)", scope: .help),
    KeyBinding(
      [.character("q"), .escape], .back, short: "close",
      description: "Close the diagnostics panel", scope: .diagnostics),
    KeyBinding(
      [.character("q"), .escape], .back, short: "close", description: "Close the events log",
      scope: .events),
    KeyBinding(
      [.character("q"), .escape], .back, short: "close", description: "Close the locale picker",
      scope: .picker),
    // The translation editor (`editor` branch): E edits in place, u undoes a save, o opens the
    // file. Its own keys (Enter saves, C-j, Esc) are the "Typing text" rows.
    KeyBinding(
      [.character("E")], .editTranslation, short: "edit",
      description:
        "Edit the selected string's translation in the active locale (Enter saves, C-j inserts a line break, Esc cancels)",
      scope: .global, inBar: false, isEnabled: { PreviewUpdate.editorTarget($0) != nil }),
    KeyBinding(
      [.character("u")], .undoSave, short: "undo",
      description: "Undo the editor's last save (when the file is still what the save wrote)",
      scope: .global, inBar: false, isEnabled: { $0.lastSave != nil }),
    KeyBinding(
      [.character("o")], .openSource, short: "open file",
      description:
        "Open the selected string's message file in $VISUAL or $EDITOR (else vi) at its line; the previewer reloads after",
      scope: .global, inBar: false, isEnabled: { PreviewUpdate.editorTarget($0) != nil }),
    // Everywhere
    KeyBinding(
      [.character("l")], .cycleLocale, short: "locale",
      description: "Switch to the next loaded locale",
      scope: .global, isEnabled: { ($0.content?.loadedLocales.count ?? 0) > 1 }),
    KeyBinding(
      [.character("L")], .pickLocale, short: "pick",
      description: "Pick a locale from the loaded locales", scope: .global, inBar: false,
      isEnabled: { !($0.content?.loadedLocales.isEmpty ?? true) }),
    KeyBinding(
      [.character("c")], .cycleCurrency, short: "currency",
      description: "Switch to the next currency",
      scope: .global),
    KeyBinding(
      [.character("p")], .cycleContextValue, short: "value",
      description:
        "Set the selected context attribute to its next value (from attributes/ and segments)",
      scope: .global, isEnabled: { $0.selectedAttribute != nil }),
    KeyBinding(
      [.character("P")], .selectContextAttribute, short: "attribute",
      description: "Select the next context attribute the project declares", scope: .global,
      inBar: false, isEnabled: { ($0.content?.attributes.count ?? 0) > 1 }),
    KeyBinding(
      [.character("b")], .toggleFlag, short: "flag",
      description: "Toggle a flag: the selected boolean attribute, else the project's first flag",
      scope: .global, inBar: false,
      isEnabled: { $0.content?.attributes.contains(where: \.isBoolean) ?? false }),
    KeyBinding(
      [.character("s")], .nextScreen, short: "screen",
      description: "Switch to the next screen (project screens, then the message list)",
      scope: .global, isEnabled: { ($0.content?.screens.entries.count ?? 0) > 1 }),
    KeyBinding(
      [.character("t")], .cycleTimeZone, short: "zone", description: "Switch to the next time zone",
      scope: .global),
    KeyBinding(
      [.character("e")], .editContext, short: "context",
      description: "Edit the context: type key=value (value as JSON, or a bare word)",
      scope: .global),
    KeyBinding(
      [.character("r")], .refresh, short: "refresh",
      description: "Check the OTA site for updates now",
      scope: .global, isEnabled: { $0.otaEnabled && !$0.checkRunning }),
    KeyBinding(
      [.character("i")], .toggleInspect, short: "inspect",
      description: "Label every string with its message key and origin", scope: .global),
    KeyBinding(
      [.character("d")], .showDiagnostics, short: "diagnostics",
      description: "Open the diagnostics panel", scope: .global),
    KeyBinding(
      [.character("m")], .showMessages, short: "messages",
      description: "Open the message browser (every message of the target)", scope: .global),
    KeyBinding(
      [.character("a")], .showAllLocales, short: "locales",
      description: "Show the selected string's message in every locale", scope: .global,
      inBar: false, isEnabled: { $0.mode == .screen }),
    KeyBinding(
      [.character("U")], .publishString, short: "publish",
      description:
        "Publish the selected string's current text for the active locale to the local OTA site",
      scope: .global, inBar: false,
      isEnabled: { $0.mode == .screen || $0.mode == .messages }),
    KeyBinding(
      [.character("v")], .showEvents, short: "events", description: "Open the events log",
      scope: .global, inBar: false),
    KeyBinding(
      [.tab], .focusNext, short: "next", description: "Focus the next button", scope: .global,
      inBar: false, isEnabled: { $0.mode == .screen }),
    KeyBinding(
      [.backTab], .focusPrevious, short: "prev", description: "Focus the previous button",
      scope: .global, inBar: false, isEnabled: { $0.mode == .screen }),
    KeyBinding(
      [.enter], .activate, short: "open", description: "Press the focused button",
      scope: .global, inBar: false, isEnabled: { $0.mode == .screen }),
    KeyBinding(
      [.escape, .backspace], .back, short: "back",
      description: "Go back (close a panel, or return to the previous screen)", scope: .global,
      inBar: false, isEnabled: { $0.canGoBack }),
    KeyBinding(
      [.character("X")], .export, short: "export",
      description:
        "Export the diagnostics and events as JSON (to --export FILE, else ./messagevisor-preview-export.json)",
      scope: .global, inBar: false),
    KeyBinding(
      [.character("?")], .help, short: "help", description: "Show this help", scope: .global),
    KeyBinding(
      [.character("q"), .control("c")], .quit, short: "quit", description: "Quit", scope: .global),
  ]

  /// Whether the screen on display scrolls: only on a screen (the help and the tools leave it
  /// alone, and laying it out for each of their keys and frames cost ~60 ms a key in debug builds).
  static let screenScrolls: @Sendable (PreviewState) -> Bool = {
    $0.mode == .screen && PreviewView.maximumScreenScroll($0) > 0
  }

  /// The binding a key triggers in a state, if any (enabled bindings only).
  public static func binding(for key: Key, in state: PreviewState) -> KeyBinding? {
    bindings.first { binding in
      binding.scope.isActive(in: state) && binding.keys.contains(key)
        && binding.isEnabled(state)
    }
  }

  /// What the status bar says for a key that does nothing here: a key of a disabled binding is
  /// "not available here", any other key "unknown — press ? for help" (instead of silence).
  public static func unboundHint(for key: Key, in state: PreviewState) -> String {
    let label = key.label
    if let known = bindings.first(where: {
      $0.scope.isActive(in: state.mode) && $0.keys.contains(key)
    }) {
      return "\(label): \(known.short) is not available here — press ? for help"
    }
    return "unknown key \(label) — press ? for help"
  }

  /// The bindings the help bar shows in a state: active, enabled, marked for the bar, one per
  /// action, tool bindings first.
  public static func barBindings(in state: PreviewState) -> [KeyBinding] {
    var seen: Set<PreviewAction> = []
    var result: [KeyBinding] = []
    for binding in bindings
    where binding.inBar && binding.scope.isActive(in: state) && binding.isEnabled(state) {
      if seen.insert(binding.action).inserted { result.append(binding) }
    }
    return result
  }
}
