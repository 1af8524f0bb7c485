/// The named text styles a paragraph can use (`style:`).
public enum ScreenTextStyle: String, Sendable, Equatable, CaseIterable {
  /// Body text.
  case primary
  /// Secondary body text (the default for paragraphs).
  case secondary
  /// Dim notes.
  case muted
  /// The accent colour (prices, highlights).
  case accent
  /// The title style (headings use it).
  case title
}
