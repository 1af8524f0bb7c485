import Foundation

/// A JSON-like value used for context, message values, format options and module options.
///
/// Comparisons are type-strict except that integers and doubles compare numerically
/// (`.int(1) == .double(1.0)`), matching the portable condition semantics.
public enum MessagevisorValue: Sendable {
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// A boolean.
  case bool(Bool)
  /// A point in time.
  case date(Date)
  /// An ordered list of values.
  case array([MessagevisorValue])
  /// A string-keyed map of values.
  case object([String: MessagevisorValue])
  /// An explicit null. Null *exists* in conditions, unlike a missing key.
  case null
}

/// The evaluation context used by conditions and segments.
public typealias MessagevisorContext = [String: MessagevisorValue]

/// An ECMA-402-style option bag (for example `["style": "currency", "currency": "EUR"]`).
public typealias FormatOptions = [String: MessagevisorValue]

extension MessagevisorValue {
  /// The string payload, when this is `.string`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The numeric payload as a `Double`, when this is `.int` or `.double`.
  public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The integer payload, when this is `.int` or an integral `.double`.
  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value):
      guard value.isFinite, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
      return Int(value)
    default: return nil
    }
  }

  /// The boolean payload, when this is `.bool`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The array payload, when this is `.array`.
  public var arrayValue: [MessagevisorValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object payload, when this is `.object`.
  public var objectValue: [String: MessagevisorValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `.null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// Whether this is `.int` or `.double`.
  public var isNumber: Bool {
    switch self {
    case .int, .double: return true
    default: return false
    }
  }

  /// The value as a date: a `.date`, an ISO 8601 string with a time and a zone (fractions up to
  /// nine digits), or epoch milliseconds given as a number. Date-only strings give `nil`.
  public var dateValue: Date? {
    switch self {
    case .date(let date): return date
    case .string(let text): return PortableDate.parse(text, maxFractionDigits: 9)
    case .int(let millis): return Date(timeIntervalSince1970: Double(millis) / 1000)
    case .double(let millis):
      guard millis.isFinite else { return nil }
      return Date(timeIntervalSince1970: millis / 1000)
    default: return nil
    }
  }
}

extension MessagevisorValue: Equatable {
  /// Type-strict equality, except that `.int` and `.double` compare numerically.
  public static func == (lhs: MessagevisorValue, rhs: MessagevisorValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .int(let b)): return a == Double(b)
    case (.bool(let a), .bool(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }
}

extension MessagevisorValue: Hashable {
  /// Hashes consistently with `==`: integers hash as their `Double` value.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .int(let value):
      hasher.combine(1)
      hasher.combine(Double(value))
    case .double(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .bool(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .date(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .array(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .object(let value):
      hasher.combine(5)
      hasher.combine(value)
    case .null:
      hasher.combine(6)
    }
  }
}

extension MessagevisorValue: ExpressibleByStringLiteral {
  /// A `.string` from a string literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension MessagevisorValue: ExpressibleByIntegerLiteral {
  /// An `.int` from an integer literal.
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension MessagevisorValue: ExpressibleByFloatLiteral {
  /// A `.double` from a floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension MessagevisorValue: ExpressibleByBooleanLiteral {
  /// A `.bool` from a boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MessagevisorValue: ExpressibleByArrayLiteral {
  /// An `.array` from an array literal.
  public init(arrayLiteral elements: MessagevisorValue...) { self = .array(elements) }
}

extension MessagevisorValue: ExpressibleByDictionaryLiteral {
  /// An `.object` from a dictionary literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, MessagevisorValue)...) {
    var object: [String: MessagevisorValue] = [:]
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension MessagevisorValue: ExpressibleByNilLiteral {
  /// `.null` from `nil`.
  public init(nilLiteral: ()) { self = .null }
}

extension MessagevisorValue: Codable {
  /// Decodes in the order null → bool → int → double → string → array → object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([MessagevisorValue].self) {
      self = .array(value)
    } else if let value = try? container.decode([String: MessagevisorValue].self) {
      self = .object(value)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Unsupported JSON value")
    }
  }

  /// Encodes as JSON; dates become ISO 8601 strings with milliseconds in UTC.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .date(let value): try container.encode(PortableDate.isoString(value))
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    case .null: try container.encodeNil()
    }
  }
}
