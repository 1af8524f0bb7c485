/// A catalog that cannot be read, with the file and the position of the problem.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Kind: String, Sendable, Equatable {
    /// The bytes are not valid text in a supported encoding.
    case encoding
    /// The file does not follow the format's syntax (JSON, `.strings`, plist).
    case syntax
    /// The syntax is fine, but the structure is not a catalog (wrong types, missing fields).
    case structure
    /// A format string or plural rule cannot be used (unsupported or conflicting specifiers …).
    case format
    /// Reading stopped at a documented bound on total work: the catalog's conversion budget
    /// (``CatalogConversionBudget``) or the deadline of the OTA check that read it.
    case limit
  }

  /// The kind of problem.
  public var kind: Kind
  /// The file (or a label such as `payload de`) the text came from.
  public var file: String
  /// 1-based line, when known.
  public var line: Int?
  /// 1-based column, when known.
  public var column: Int?
  /// A key path inside the document, e.g. `strings["Key"].localizations["en"].stringUnit.value`.
  public var keyPath: String?
  /// What is wrong and what to do about it.
  public var message: String

  /// Creates an error.
  public init(
    kind: Kind, file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
    message: String
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.message = message
  }

  /// `file:line:column: [keyPath:] message`.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    if let keyPath { return "\(location): \(keyPath): \(message)" }
    return "\(location): \(message)"
  }
}

extension CatalogError {
  /// Converts a UTF-16/character offset in `text` into a 1-based line and column.
  static func lineColumn(in text: String, characterOffset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var index = 0
    for c in text {
      if index >= characterOffset { break }
      if c == "\n" || c == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    return (line, column)
  }
}
