/// Why an export or import was refused: a problem in the input file (with its line and column,
/// and for a table its row) or in the request. Nothing is written when one is thrown.
public struct ExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file the problem is in (the input file, or the project file an edit targets).
  public var file: String
  /// 1-based line in ``file`` (0 when it does not apply).
  public var line: Int
  /// 1-based column in characters (0 when it does not apply).
  public var column: Int
  /// 1-based CSV record number, the header being row 1 (0 when it does not apply).
  public var row: Int
  /// What is wrong and how to fix it.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int = 0, column: Int = 0, row: Int = 0, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.row = row
    self.message = message
  }

  /// `file:line:column: row N: message` (parts that do not apply are left out).
  public var description: String {
    var text = file
    if line > 0 {
      text += ":\(line)"
      if column > 0 { text += ":\(column)" }
    }
    text += ": "
    if row > 0 { text += "row \(row): " }
    return text + message
  }
}
