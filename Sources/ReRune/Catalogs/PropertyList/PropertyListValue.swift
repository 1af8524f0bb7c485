/// One value of a property list, as ``StringsDictReader`` reads it (XML or binary).
///
/// Strings, arrays and dictionaries are what a `.stringsdict` is made of; the other types are
/// read and checked so that a file that uses them is still a valid property list.
enum PropertyListValue: Sendable, Equatable {
  /// `<string>` (XML) or an ASCII / UTF-16 string object (binary).
  case string(String)
  /// `<integer>`: a signed 64-bit integer.
  case integer(Int64)
  /// `<real>`: a double (binary 32-bit reals are widened).
  case real(Double)
  /// `<true/>` / `<false/>`.
  case bool(Bool)
  /// `<date>`: seconds since 2001-01-01T00:00:00Z (Apple's reference date).
  case date(Double)
  /// `<data>`: the decoded bytes.
  case data([UInt8])
  /// `<array>`.
  case array([PropertyListValue])
  /// `<dict>`: keys are strings; a repeated key keeps its last value (see
  /// `PropertyListDocument.duplicateKeys`).
  case dictionary([String: PropertyListValue])

  /// The type's name as the XML element spells it, for error messages.
  var typeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .bool: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dict"
    }
  }

  /// The string, if this is one.
  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The dictionary, if this is one.
  var dictionaryValue: [String: PropertyListValue]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }
}

/// A property list that was read: its root value and the keys that were repeated in a dictionary.
struct PropertyListDocument: Sendable, Equatable {
  /// A key that occurred more than once in one dictionary; the last value was kept (as Apple's
  /// readers do).
  struct DuplicateKey: Sendable, Equatable {
    /// The keys of the dictionaries from the root down to the one holding the repeated key, then
    /// the key itself (array elements appear as `[index]`).
    var path: [String]
    /// The 1-based line of the repeated `<key>` (XML only).
    var line: Int?
  }

  /// The root value (a `.stringsdict` needs a dictionary).
  var root: PropertyListValue
  /// Repeated keys, in document order.
  var duplicateKeys: [DuplicateKey]
}

/// Why a property list cannot be read, with the position of the problem.
struct PropertyListError: Error, Sendable, Equatable {
  /// 1-based line (XML).
  var line: Int?
  /// 1-based column (XML, when libxml2 gives it).
  var column: Int?
  /// What is wrong; for binary property lists it names the object and its byte offset.
  var message: String
}
