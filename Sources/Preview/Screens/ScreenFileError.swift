/// A problem in a screen file, with its position: `previews/welcome.yml:12:5: …`.
public struct ScreenFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file (relative to the project root).
  public var file: String
  /// 1-based line (0 when unknown).
  public var line: Int
  /// 1-based column (0 when unknown).
  public var column: Int
  /// What is wrong and how to fix it.
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
