/// One imported text: a cell of a CSV row or the target of an XLIFF unit, with where it is in the
/// input file.
public struct ImportEntry: Sendable, Equatable {
  /// The CSV record number (the header is row 1); 0 for XLIFF.
  public var row: Int
  /// The line of the cell (CSV) or `<target>` (XLIFF) in the input.
  public var line: Int
  /// The column of the cell in the input (0 when unknown).
  public var column: Int
  /// The column of the row's key in the input (0 when unknown), for errors about the row.
  public var keyColumn = 0
  /// The column of the row's set in the input (0 when there is none).
  public var setColumn = 0
  /// The column name (`nl-NL`) or unit id, for messages.
  public var field: String
  /// The set named by the row (`set` column), when the project uses sets.
  public var set: String?
  /// The message key.
  public var messageKey: String
  /// The override key (`key:override` rows).
  public var overrideKey: String?
  /// The locale.
  public var locale: String
  /// The imported text.
  public var text: String

  /// Creates an entry.
  public init(
    row: Int, line: Int, column: Int, field: String, set: String?, messageKey: String,
    overrideKey: String?, locale: String, text: String
  ) {
    self.row = row
    self.line = line
    self.column = column
    self.field = field
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.locale = locale
    self.text = text
  }
}
