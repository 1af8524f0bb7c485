/// What pressing a focusable block does.
public enum ScreenAction: Sendable, Equatable {
  /// Open another screen (`opens: NAME`); Esc comes back.
  case open(String)
  /// Run an OTA check now (`action: refresh`).
  case refresh
  /// Go back to the previous screen (`action: back`).
  case back
  /// Nothing (`action: none`: a button that only shows its caption).
  case inert
}
