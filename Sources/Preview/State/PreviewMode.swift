/// What occupies the main area: the demo screen or one of the full-screen tools.
public enum PreviewMode: Sendable, Equatable {
  /// The demo screen with the side panels.
  case screen
  /// The diagnostics panel, full screen, with filtering, scrolling and details.
  case diagnostics
  /// The events log, full screen.
  case events
  /// The help screen generated from the key table.
  case help
  /// The locale picker listing the loaded locales; the value is the highlighted row.
  case localePicker(selection: Int)
  /// The context editor: a `key=value` line whose value is parsed as JSON.
  case contextEditor(ContextEditorState)
  /// The currency or time zone picker (`C`, `T`).
  case valuePicker(ValuePickerState)
  /// The message browser: every message of the target with search, filters, compare and detail.
  case messages
  /// The all-locales view (`a`): the selected message in every locale of the target.
  case allLocales(MessageLocalesState)
}
