import Foundation

/// Reads XML (`<plist>`) and binary (`bplist00`) property lists into ``PropertyListValue``s,
/// without Foundation's `PropertyListSerialization`.
///
/// XML goes through libxml2 with a parser context of its own: no network (`XML_PARSE_NONET`), no
/// external DTD or entity loading, no entity substitution, libxml2's default size and depth limits
/// (no `XML_PARSE_HUGE`), errors collected from the context and never printed. The DOCTYPE that names
/// Apple's DTD is accepted and not fetched; entity declarations are ignored and an entity reference
/// other than the five predefined ones is an error. Binary property lists are read by
/// `BinaryPropertyListReader`, which checks every offset, size and count against the data before
/// use and rejects reference cycles.
///
/// OpenStep (text, `{ key = value; }`) property lists are not supported: the error says so and how to
/// convert them. A key repeated in one dictionary keeps its last value (as Apple's readers do) and is
/// listed in ``PropertyListDocument/duplicateKeys``.
///
/// Limits (each one is an error that names it):
/// - ``maxBytes``: 16 MiB of input.
/// - ``maxDepth``: 64 levels of nested arrays and dictionaries (a `.stringsdict` needs 3).
/// - ``maxValues``: 500,000 values in the document, counted as a tree: a binary object referenced
///   twice counts twice, so shared references cannot expand into more work than a file of that many
///   values.
/// - ``maxObjects``: 1,000,000 objects in a binary property list's offset table.
enum PropertyListReader {
  /// The largest input read, in bytes (16 MiB).
  static let maxBytes = 16 << 20
  /// The deepest nesting of arrays and dictionaries (the root dictionary is level 1).
  static let maxDepth = 64
  /// The most values a document may hold, counted as a tree (shared binary objects once per use).
  static let maxValues = 500_000
  /// The most objects a binary property list may declare in its trailer.
  static let maxObjects = 1_000_000

  /// Reads `data` as an XML or binary property list.
  static func read(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
    guard data.count <= maxBytes else {
      throw PropertyListError(
        message:
          "the file is \(data.count) bytes; property lists larger than \(maxBytes >> 20) MiB are not read"
      )
    }
    let bytes = [UInt8](data)
    switch format(of: bytes) {
    case .empty:
      throw PropertyListError(message: "the file is empty; expected an XML or binary property list")
    case .binary:
      return try BinaryPropertyListReader.read(bytes)
    case .xml:
      return try XMLPropertyListReader.read(bytes)
    case .openStep:
      throw PropertyListError(
        line: 1,
        message:
          "OpenStep (text) property lists are not supported; convert the file to XML (plutil -convert xml1)"
      )
    case .unknown:
      throw PropertyListError(
        message:
          "not a property list: expected an XML property list (<?xml … <plist>) or a binary one (bplist00)"
      )
    }
  }

  enum Format: Equatable {
    case empty, binary, xml, openStep, unknown
  }

  /// Tells the format from the first bytes: `bplist`, `<` (after a byte-order mark and white space),
  /// a UTF-16 byte-order mark (libxml2 decodes it), or the first character of an OpenStep plist.
  static func format(of bytes: [UInt8]) -> Format {
    if bytes.isEmpty { return .empty }
    if bytes.starts(with: Array("bplist".utf8)) { return .binary }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .xml }
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .empty }
    switch bytes[index] {
    case UInt8(ascii: "<"): return .xml
    case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "/"):
      return .openStep
    default: return .unknown
    }
  }
}

/// Counts the values of one document against ``PropertyListReader/maxValues``.
struct PropertyListValueBudget {
  private(set) var used = 0

  /// Takes `count` values; throws once the document holds more than the limit.
  mutating func take(_ count: Int = 1) throws(PropertyListError) {
    used += count
    guard used <= PropertyListReader.maxValues else {
      throw PropertyListError(
        message:
          "more than \(PropertyListReader.maxValues) values (counting each use of a shared object); the reader's limit"
      )
    }
  }
}
