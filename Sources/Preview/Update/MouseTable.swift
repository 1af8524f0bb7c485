/// What the mouse does, for the help screen (the view marks the regions; ``PreviewUpdate``
/// answers them). Mouse reporting is on unless `--no-mouse` is given.
public enum MouseTable {
  /// One gesture and what it does.
  public struct Row: Sendable, Equatable {
    /// The gesture (`click`, `wheel`, …).
    public var gesture: String
    /// What it does.
    public var description: String
  }

  /// Every gesture, in the order the help screen lists them.
  public static let rows: [Row] = [
    Row(
      gesture: "click string",
      description: "Select a string on a screen: its key and origin show; y/Y copy them"),
    Row(gesture: "click button", description: "Press the button (links such as ‹ Esc too)"),
    Row(
      gesture: "click hint",
      description:
        "A help-bar hint, a panel ([e] [r] [d] [v]) or a header control does what its key does"),
    Row(
      gesture: "click row",
      description:
        "Select a row (diagnostics, events, messages, attributes); click it again to open or cycle it; a locale is chosen"
    ),
    Row(gesture: "wheel", description: "Scroll the screen or the list under the pointer"),
    Row(
      gesture: "Shift+drag",
      description: "Select text in the terminal as usual (most terminals, while the mouse is on)"),
  ]
}
