import Foundation

extension MessagevisorValue {
  /// The value that `JSONWriter`'s text of `self` parses back to, without writing or parsing
  /// the text: non-finite numbers become `null`, dates their ISO 8601 strings, numbers the
  /// integer or double their JavaScript text reads as; strings, booleans and containers are
  /// kept (sharing their storage). Nesting deeper than the parser accepts is refused as the
  /// parser would refuse it.
  ///
  /// A project build hands its datafiles to the engine this way: exactly what a datafile written
  /// to disk and read back gives, at the cost of a walk instead of a serialisation.
  func readBackAsJSON(depth: Int = 0) throws(DatafileError) -> MessagevisorValue {
    switch self {
    case .null, .bool, .int, .string: return self
    case .double(let number):
      guard number.isFinite else { return .null }
      return try JSONParser.parse(JavaScriptNumber.string(number))
    case .date(let date): return .string(PortableDate.isoString(date))
    case .array(let items):
      try Self.checkNesting(depth + 1)
      var read: [MessagevisorValue] = []
      read.reserveCapacity(items.count)
      for item in items { read.append(try item.readBackAsJSON(depth: depth + 1)) }
      return .array(read)
    case .object(let object):
      try Self.checkNesting(depth + 1)
      guard object.values.contains(where: \.needsJSONReadBack) else { return self }
      var read: [String: MessagevisorValue] = [:]
      read.reserveCapacity(object.count)
      for (key, item) in object { read[key] = try item.readBackAsJSON(depth: depth + 1) }
      return .object(read)
    }
  }

  /// Whether a read back could differ from the value itself (a number, a date, or a container,
  /// whose depth must be checked).
  private var needsJSONReadBack: Bool {
    switch self {
    case .null, .bool, .int, .string: return false
    case .double, .date, .array, .object: return true
    }
  }

  private static func checkNesting(_ depth: Int) throws(DatafileError) {
    guard depth <= JSONParser.maxDepth else {
      throw DatafileError(
        path: "$", message: "JSON nesting is deeper than \(JSONParser.maxDepth) levels")
    }
  }
}

extension DatafileContent {
  /// Validates a datafile given as a value tree (what a project build produces) exactly as
  /// ``fromJSON(_:)`` validates the JSON text of that tree, without the text.
  /// - Throws: ``DatafileError`` naming the offending path.
  @_spi(MessagevisorModules) public static func fromValue(_ value: MessagevisorValue) throws
    -> DatafileContent
  {
    try DatafileReader.read(value.readBackAsJSON())
  }

  /// Validates one entry of a datafile's `messages` given as a value tree exactly as
  /// ``fromValue(_:)`` validates it inside a whole datafile (at `$.messages.<key>`).
  /// - Throws: ``DatafileError`` naming the offending path.
  package static func message(fromValue value: MessagevisorValue, key: String) throws
    -> DatafileMessage
  {
    // The entry's depth inside a datafile: the root's `messages` object holds it.
    try DatafileReader.message(value.readBackAsJSON(depth: 2), path: "$.messages.\(key)")
  }
}
