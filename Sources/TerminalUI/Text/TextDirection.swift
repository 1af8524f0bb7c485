/// The base direction of a paragraph for bidi reordering.
public enum TextDirection: String, Hashable, Sendable {
  /// Left to right.
  case ltr
  /// Right to left (Arabic, Hebrew, …).
  case rtl
  /// Taken from the first strong character (Unicode rules P2–P3); left to right when none.
  case auto
}
