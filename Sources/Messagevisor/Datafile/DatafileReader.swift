/// Converts parsed JSON into the datafile model, validating every field (spec §1).
enum DatafileReader {
  /// The deepest condition / group segment nesting accepted; deeper trees are invalid.
  static let maxConditionDepth = 128

  static func read(_ value: MessagevisorValue) throws(DatafileError) -> DatafileContent {
    guard case .object(let root) = value else {
      throw DatafileError(path: "$", message: "expected a JSON object")
    }
    let schemaVersion = try requiredString(root, "schemaVersion", path: "$")
    guard schemaVersion == "1" else {
      throw DatafileError(
        path: "$.schemaVersion",
        message: "unsupported schema version \"\(schemaVersion)\"; expected \"1\"")
    }
    let locale = try requiredString(root, "locale", path: "$")
    guard !locale.isEmpty else {
      throw DatafileError(path: "$.locale", message: "must not be empty")
    }
    var direction: String?
    if let raw = root["direction"] {
      guard case .string(let text) = raw, text == "ltr" || text == "rtl" else {
        throw DatafileError(path: "$.direction", message: "expected \"ltr\" or \"rtl\"")
      }
      direction = text
    }
    var formats: FormatPresets?
    if let raw = root["formats"] { formats = try formatPresets(raw, path: "$.formats") }

    let segmentsObject = try requiredObject(root, "segments", path: "$")
    var segments: [String: Segment] = [:]
    segments.reserveCapacity(segmentsObject.count)
    for (key, raw) in segmentsObject {
      segments[key] = try segment(raw, path: "$.segments.\(key)")
    }

    let messagesObject = try requiredObject(root, "messages", path: "$")
    var messages: [String: DatafileMessage] = [:]
    messages.reserveCapacity(messagesObject.count)
    for (key, raw) in messagesObject {
      messages[key] = try message(raw, path: "$.messages.\(key)")
    }

    let translationsObject = try requiredObject(root, "translations", path: "$")
    var translations: [String: String] = [:]
    translations.reserveCapacity(translationsObject.count)
    for (key, raw) in translationsObject {
      guard case .string(let text) = raw else {
        throw DatafileError(path: "$.translations.\(key)", message: "expected a string")
      }
      translations[key] = text
    }

    return DatafileContent(
      schemaVersion: schemaVersion,
      messagevisorVersion: try requiredString(root, "messagevisorVersion", path: "$"),
      revision: try requiredString(root, "revision", path: "$"),
      target: try requiredString(root, "target", path: "$"),
      locale: locale,
      direction: direction,
      formats: formats,
      segments: segments,
      messages: messages,
      translations: translations)
  }

  private static func requiredString(
    _ object: [String: MessagevisorValue], _ key: String, path: String
  ) throws(DatafileError) -> String {
    guard let raw = object[key] else {
      throw DatafileError(path: "\(path).\(key)", message: "required string is missing")
    }
    guard case .string(let text) = raw else {
      throw DatafileError(path: "\(path).\(key)", message: "expected a string")
    }
    return text
  }

  private static func requiredObject(
    _ object: [String: MessagevisorValue], _ key: String, path: String
  ) throws(DatafileError) -> [String: MessagevisorValue] {
    guard let raw = object[key] else {
      throw DatafileError(path: "\(path).\(key)", message: "required object is missing")
    }
    guard case .object(let map) = raw else {
      throw DatafileError(path: "\(path).\(key)", message: "expected an object")
    }
    return map
  }

  static func formatPresets(_ value: MessagevisorValue, path: String) throws(DatafileError)
    -> FormatPresets
  {
    guard case .object(let object) = value else {
      throw DatafileError(path: path, message: "expected an object")
    }
    func family(_ name: String) throws(DatafileError) -> [String: FormatOptions]? {
      guard let raw = object[name] else { return nil }
      guard case .object(let presets) = raw else {
        throw DatafileError(path: "\(path).\(name)", message: "expected an object of presets")
      }
      var result: [String: FormatOptions] = [:]
      for (presetName, options) in presets {
        guard case .object(let bag) = options else {
          throw DatafileError(path: "\(path).\(name).\(presetName)", message: "expected an object")
        }
        result[presetName] = bag
      }
      return result
    }
    return FormatPresets(
      number: try family("number"), date: try family("date"), time: try family("time"),
      relative: try family("relative"), dateTimeRange: try family("dateTimeRange"))
  }

  private static func segment(_ value: MessagevisorValue, path: String) throws(DatafileError)
    -> Segment
  {
    guard case .object(let object) = value else {
      throw DatafileError(path: path, message: "expected a segment object")
    }
    var archived: Bool?
    if let raw = object["archived"] {
      guard case .bool(let flag) = raw else {
        throw DatafileError(path: "\(path).archived", message: "expected a boolean")
      }
      archived = flag
    }
    guard let rawConditions = object["conditions"] else {
      throw DatafileError(path: "\(path).conditions", message: "required conditions are missing")
    }
    return Segment(
      archived: archived,
      conditions: try condition(rawConditions, path: "\(path).conditions", depth: 0))
  }

  static func message(_ value: MessagevisorValue, path: String) throws(DatafileError)
    -> DatafileMessage
  {
    guard case .object(let object) = value else {
      throw DatafileError(path: path, message: "expected a message object")
    }
    var result = DatafileMessage()
    if let raw = object["deprecated"] {
      guard case .bool(let flag) = raw else {
        throw DatafileError(path: "\(path).deprecated", message: "expected a boolean")
      }
      result.deprecated = flag
    }
    if let raw = object["deprecationWarning"] {
      guard case .string(let text) = raw else {
        throw DatafileError(path: "\(path).deprecationWarning", message: "expected a string")
      }
      result.deprecationWarning = text
    }
    if let raw = object["meta"] {
      guard case .object(let meta) = raw else {
        throw DatafileError(path: "\(path).meta", message: "expected an object")
      }
      result.meta = meta
    }
    if let raw = object["overrides"] {
      guard case .array(let items) = raw else {
        throw DatafileError(path: "\(path).overrides", message: "expected an array")
      }
      var overrides: [MessageOverride] = []
      overrides.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        overrides.append(try override(item, path: "\(path).overrides[\(index)]"))
      }
      result.overrides = overrides
    }
    return result
  }

  private static func override(_ value: MessagevisorValue, path: String) throws(DatafileError)
    -> MessageOverride
  {
    guard case .object(let object) = value else {
      throw DatafileError(path: path, message: "expected an override object")
    }
    let key = try requiredString(object, "key", path: path)
    let translation = try requiredString(object, "translation", path: path)
    var result = MessageOverride(key: key, translation: translation)
    if let raw = object["conditions"] {
      result.conditions = try condition(raw, path: "\(path).conditions", depth: 0)
    }
    if let raw = object["segments"] {
      result.segments = try groupSegment(raw, path: "\(path).segments", depth: 0)
    }
    return result
  }

  static func condition(_ value: MessagevisorValue, path: String, depth: Int) throws(DatafileError)
    -> Condition
  {
    guard depth <= maxConditionDepth else {
      throw DatafileError(
        path: path, message: "conditions are nested deeper than \(maxConditionDepth) levels")
    }
    switch value {
    case .string(let text):
      return text == "*" ? .all : .string(text)
    case .array(let items):
      return .list(try conditions(items, path: path, depth: depth))
    case .object(let object):
      if let raw = object["and"] {
        return .and(try conditionArray(raw, path: "\(path).and", depth: depth))
      }
      if let raw = object["or"] {
        return .or(try conditionArray(raw, path: "\(path).or", depth: depth))
      }
      if let raw = object["not"] {
        return .not(try conditionArray(raw, path: "\(path).not", depth: depth))
      }
      return .predicate(try predicate(object, path: path))
    default:
      throw DatafileError(path: path, message: "expected a condition (string, array or object)")
    }
  }

  private static func conditionArray(_ value: MessagevisorValue, path: String, depth: Int)
    throws(DatafileError) -> [Condition]
  {
    guard case .array(let items) = value else {
      throw DatafileError(path: path, message: "expected an array of conditions")
    }
    return try conditions(items, path: path, depth: depth)
  }

  private static func conditions(_ items: [MessagevisorValue], path: String, depth: Int)
    throws(DatafileError) -> [Condition]
  {
    var result: [Condition] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      result.append(try condition(item, path: "\(path)[\(index)]", depth: depth + 1))
    }
    return result
  }

  private static func predicate(_ object: [String: MessagevisorValue], path: String)
    throws(DatafileError) -> ConditionPredicate
  {
    func optionalString(_ key: String) throws(DatafileError) -> String? {
      guard let raw = object[key] else { return nil }
      guard case .string(let text) = raw else {
        throw DatafileError(path: "\(path).\(key)", message: "expected a string")
      }
      return text
    }
    let attribute = try optionalString("attribute")
    let feature = try optionalString("feature")
    let experiment = try optionalString("experiment")
    guard attribute != nil || feature != nil || experiment != nil else {
      throw DatafileError(
        path: path, message: "expected `attribute`, `feature`, `experiment`, `and`, `or` or `not`")
    }
    guard let op = try optionalString("operator") else {
      throw DatafileError(path: "\(path).operator", message: "required string is missing")
    }
    return ConditionPredicate(
      attribute: attribute, feature: feature, experiment: experiment,
      operator: ConditionOperator(rawValue: op), value: object["value"],
      regexFlags: try optionalString("regexFlags"))
  }

  static func groupSegment(_ value: MessagevisorValue, path: String, depth: Int)
    throws(DatafileError) -> GroupSegment
  {
    guard depth <= maxConditionDepth else {
      throw DatafileError(
        path: path, message: "segments are nested deeper than \(maxConditionDepth) levels")
    }
    func children(_ raw: MessagevisorValue, _ childPath: String) throws(DatafileError)
      -> [GroupSegment]
    {
      guard case .array(let items) = raw else {
        throw DatafileError(path: childPath, message: "expected an array of segments")
      }
      var result: [GroupSegment] = []
      for (index, item) in items.enumerated() {
        result.append(try groupSegment(item, path: "\(childPath)[\(index)]", depth: depth + 1))
      }
      return result
    }
    switch value {
    case .string(let text):
      return text == "*" ? .all : .key(text)
    case .array:
      return .list(try children(value, path))
    case .object(let object):
      if let raw = object["and"] { return .and(try children(raw, "\(path).and")) }
      if let raw = object["or"] { return .or(try children(raw, "\(path).or")) }
      if let raw = object["not"] { return .not(try children(raw, "\(path).not")) }
      throw DatafileError(path: path, message: "expected `and`, `or` or `not`")
    default:
      throw DatafileError(path: path, message: "expected a segment key, array or object")
    }
  }
}
