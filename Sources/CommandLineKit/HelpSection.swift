/// A titled block of help text (`EXIT STATUS`, `FILES`, `RUNTIME POLICY`, …), shown in `--help`
/// after the options and in the man page as its own section.
public struct HelpSection: Sendable, Equatable {
  /// The title, upper-cased in help (`EXIT STATUS`).
  public var title: String
  /// The text, already laid out in lines (indented by two spaces when shown).
  public var body: String

  /// Creates a section.
  public init(_ title: String, _ body: String) {
    self.title = title
    self.body = body
  }
}
