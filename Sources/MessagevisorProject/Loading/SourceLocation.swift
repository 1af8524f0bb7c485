/// Where something in a project came from: a file (relative to the project root) and the 1-based
/// line and column of the YAML node (0 when unknown, for example in a project built in memory).
///
/// The loader keeps one for every entity and for every translation scalar (per locale, and per
/// override), so the previewer and `lint` can answer "where did this text come from".
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, relative to the project root.
  public var file: String
  /// The line and column in 32 bits each (a project keeps one location per translation, so
  /// 24 bytes instead of 32 matter at scale); positions beyond 2³² − 1 are kept as 2³² − 1.
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// 1-based line (0 when unknown).
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Self.clamped(newValue) }
  }

  /// 1-based column (0 when unknown).
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Self.clamped(newValue) }
  }

  /// Creates a location.
  public init(file: String, line: Int = 0, column: Int = 0) {
    self.file = file
    storedLine = Self.clamped(line)
    storedColumn = Self.clamped(column)
  }

  private static func clamped(_ value: Int) -> UInt32 {
    UInt32(clamping: value)
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
