/// A movement of a list's selection or scroll, as the list keys ask for it.
public enum ListMotion: Sendable, Equatable, CaseIterable {
  /// One row down (`j`, ↓).
  case next
  /// One row up (`k`, ↑).
  case previous
  /// A page down (PgDn).
  case pageDown
  /// A page up (PgUp).
  case pageUp
  /// The first row (`g`, Home).
  case first
  /// The last row (`G`, End).
  case last
}
