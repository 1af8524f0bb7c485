/// Horizontal placement of text within a width.
public enum TextAlignment: Hashable, Sendable {
  /// Flush left.
  case left
  /// Flush right.
  case right
  /// Centred (extra column on the right).
  case center
  /// Left for left-to-right text, right for right-to-left text (by the resolved paragraph
  /// direction).
  case natural
}
