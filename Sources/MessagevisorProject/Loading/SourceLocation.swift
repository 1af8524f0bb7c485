/// Where something in a project came from: a file (relative to the project root) and the 1-based
/// line and column of the YAML node (0 when unknown, for example in a project built in memory).
///
/// The loader keeps one for every entity and for every translation scalar (per locale, and per
/// override), so the previewer and `lint` can answer "where did this text come from".
///
/// A location is 12 bytes: the file is kept as its number in a process-wide table of paths
/// (interned by exact bytes, so it reads back as given), the line and column in 32 bits each.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's number in `SourcePathTable`.
  private(set) var fileNumber: UInt32
  /// The line and column in 32 bits each; positions beyond 2³² − 1 are kept as 2³² − 1.
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// The file, relative to the project root.
  public var file: String {
    get { SourcePathTable.path(fileNumber) }
    set { fileNumber = SourcePathTable.number(of: newValue) }
  }

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
    fileNumber = SourcePathTable.number(of: file)
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

  /// A location in the same file as this one (no path lookup: for the many locations of one
  /// file).
  func moved(line: Int, column: Int) -> SourceLocation {
    var location = self
    location.storedLine = Self.clamped(line)
    location.storedColumn = Self.clamped(column)
    return location
  }

  /// The location of `node` in the same file as this one.
  func moved(to node: YAMLNode) -> SourceLocation {
    moved(line: node.line, column: node.column)
  }

  /// Whether this location is in the file `other` is in (same path bytes).
  func isInFile(of other: SourceLocation) -> Bool {
    fileNumber == other.fileNumber
  }

  /// Whether both name the same file (as `String`s compare), line and column.
  public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    guard lhs.storedLine == rhs.storedLine, lhs.storedColumn == rhs.storedColumn else {
      return false
    }
    return lhs.fileNumber == rhs.fileNumber || lhs.file == rhs.file
  }

  /// Hashes the file (as a `String`), line and column.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(storedLine)
    hasher.combine(storedColumn)
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
