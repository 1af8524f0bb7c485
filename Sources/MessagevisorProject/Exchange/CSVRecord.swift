/// One record of a CSV file: its fields and where each starts.
public struct CSVRecord: Sendable, Equatable {
  /// 1-based record number (the header is record 1).
  public var row: Int
  /// 1-based line on which the record starts (a quoted line break makes records span lines).
  public var line: Int
  /// The field texts, unquoted.
  public var fields: [String]
  /// Per field: the line and 1-based column (in characters) where it starts.
  public var positions: [(line: Int, column: Int)]

  /// Creates a record.
  public init(row: Int, line: Int, fields: [String], positions: [(line: Int, column: Int)]) {
    self.row = row
    self.line = line
    self.fields = fields
    self.positions = positions
  }

  /// Records are equal when their numbers, lines, fields and field positions are.
  public static func == (a: CSVRecord, b: CSVRecord) -> Bool {
    a.row == b.row && a.line == b.line && a.fields == b.fields
      && a.positions.map(\.line) == b.positions.map(\.line)
      && a.positions.map(\.column) == b.positions.map(\.column)
  }
}
