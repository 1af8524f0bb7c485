/// How `y`/`Y` copy.
public enum ClipboardMode: String, Sendable, Equatable, CaseIterable {
  /// Write an OSC 52 request (`ESC ] 52 ; c ; base64 ST`): the terminal puts the text on the
  /// system clipboard.
  case osc52
  /// Show the text in a box for selecting and copying by hand (the terminal is not known to
  /// honour OSC 52).
  case show
}
