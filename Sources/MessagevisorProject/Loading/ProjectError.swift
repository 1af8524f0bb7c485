/// A problem in a project's source files, with the place to fix it.
public struct ProjectError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file (path relative to the project root when possible).
  public var file: String
  /// 1-based line (0 when unknown).
  public var line: Int
  /// 1-based column (0 when unknown).
  public var column: Int
  /// What is wrong and, where possible, how to fix it.
  public var message: String
  /// A stable code for the kind of problem (`unknown_field`, `unknown_locale`, …; the codes
  /// `messagevisor-swift lint` reports), when the loader knows one.
  public var code: String?

  /// Creates an error without a code.
  public init(file: String, line: Int = 0, column: Int = 0, message: String) {
    self.init(file: file, line: line, column: column, message: message, code: nil)
  }

  /// Creates an error with the code of its kind of problem.
  public init(file: String, line: Int = 0, column: Int = 0, message: String, code: String?) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.code = code
  }

  /// Wraps a YAML error.
  public init(_ error: YAMLError) {
    self.init(
      file: error.file, line: error.line, column: error.column, message: error.message,
      code: "invalid_yaml")
  }

  /// `file:line:column: message` (position parts omitted when unknown).
  public var description: String {
    var text = file
    if line > 0 {
      text += ":\(line)"
      if column > 0 { text += ":\(column)" }
    }
    return text + ": " + message
  }
}
