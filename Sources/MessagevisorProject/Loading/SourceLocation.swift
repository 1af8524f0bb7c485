/// Where something in a project came from: a file (relative to the project root) and the 1-based
/// line and column of the YAML node (0 when unknown, for example in a project built in memory).
///
/// The loader keeps one for every entity and for every translation scalar (per locale, and per
/// override), so the previewer and `lint` can answer "where did this text come from".
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, relative to the project root.
  public var file: String
  /// 1-based line (0 when unknown).
  public var line: Int
  /// 1-based column (0 when unknown).
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int = 0, column: Int = 0) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The location of `node` in `file`.
  public init(file: String, node: YAMLNode) {
    self.init(file: file, line: node.line, column: node.column)
  }

  /// `file:line:column` (position parts omitted when unknown).
  public var description: String {
    var text = file
    if line > 0 {
      text += ":\(line)"
      if column > 0 { text += ":\(column)" }
    }
    return text
  }
}
