/// Where a string's text is written in the project: a file and the position of its scalar.
///
/// Filled in when the project build keeps source positions; the inspect label, the status bar
/// and the browser's detail show it after the origin.
public struct TextLocation: Sendable, Equatable {
  /// The file, relative to the project directory.
  public var file: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?

  /// Creates a location.
  public init(file: String, line: Int? = nil, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column` (as much as is known).
  public var description: String {
    guard let line else { return file }
    guard let column else { return "\(file):\(line)" }
    return "\(file):\(line):\(column)"
  }
}
