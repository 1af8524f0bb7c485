/// A YAML/JSON syntax or structure error with its position.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file the text came from (may be a label such as `<string>`).
  public var file: String
  /// 1-based line (0 when unknown).
  public var line: Int
  /// 1-based column (0 when unknown).
  public var column: Int
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`.
  public var description: String { "\(file):\(line):\(column): \(message)" }
}
