/// One translation an import changes: where it is in the project (and where the new text came
/// from in the input), the old text and the new one.
public struct ImportChange: Sendable, Equatable {
  /// What happens to the translation.
  public enum Kind: String, Sendable, Equatable {
    /// An existing translation gets a new text.
    case changed
    /// A locale without its own translation gets one.
    case added
    /// The translation is removed (`--emptyValues=delete`).
    case deleted
    /// The translation is removed because it equals the inherited text (`--prune`).
    case pruned
  }

  /// What happens.
  public var kind: Kind
  /// The set (projects with sets only).
  public var set: String?
  /// The message key.
  public var messageKey: String
  /// The override key, for an override's translation.
  public var overrideKey: String?
  /// The locale.
  public var locale: String
  /// The message file, relative to the project root.
  public var file: String
  /// The translation's place in the file.
  public var path: TranslationPath
  /// Where the old text is (or, for an added one, the owner's `translations`).
  public var location: SourceLocation
  /// The old text (`nil` when added).
  public var old: String?
  /// The new text (`nil` when removed).
  public var new: String?
  /// Whether a reviewed translation goes back to `translated`.
  public var reviewReset: Bool
  /// The input record (CSV row; 0 for XLIFF).
  public var row: Int
  /// The input line.
  public var line: Int
  /// The input column.
  public var column: Int

  /// Creates a change.
  public init(
    kind: Kind, set: String?, messageKey: String, overrideKey: String?, locale: String,
    file: String, path: TranslationPath, location: SourceLocation, old: String?, new: String?,
    reviewReset: Bool = false, row: Int, line: Int, column: Int
  ) {
    self.kind = kind
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.locale = locale
    self.file = file
    self.path = path
    self.location = location
    self.old = old
    self.new = new
    self.reviewReset = reviewReset
    self.row = row
    self.line = line
    self.column = column
  }
}
