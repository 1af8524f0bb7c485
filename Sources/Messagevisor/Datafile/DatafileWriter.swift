/// Converts the datafile model back into its JSON shape.
enum DatafileWriter {
  static func value(of content: DatafileContent) -> MessagevisorValue {
    var root: [String: MessagevisorValue] = [
      "schemaVersion": .string(content.schemaVersion),
      "messagevisorVersion": .string(content.messagevisorVersion),
      "revision": .string(content.revision),
      "target": .string(content.target),
      "locale": .string(content.locale),
    ]
    if let direction = content.direction { root["direction"] = .string(direction) }
    if let formats = content.formats { root["formats"] = value(of: formats) }
    root["segments"] = .object(
      content.segments.mapValues { segment in
        var object: [String: MessagevisorValue] = ["conditions": value(of: segment.conditions)]
        if let archived = segment.archived { object["archived"] = .bool(archived) }
        return .object(object)
      })
    var messages: [String: MessagevisorValue] = [:]
    messages.reserveCapacity(content.messageTable.count)
    for (key, message) in content.messageTable { messages[key] = value(of: message) }
    root["messages"] = .object(messages)
    var translations: [String: MessagevisorValue] = [:]
    translations.reserveCapacity(content.translationTable.count)
    for (key, text) in content.translationTable { translations[key] = .string(text) }
    root["translations"] = .object(translations)
    return .object(root)
  }

  static func value(of formats: FormatPresets) -> MessagevisorValue {
    var object: [String: MessagevisorValue] = [:]
    func put(_ name: String, _ family: [String: FormatOptions]?) {
      if let family { object[name] = .object(family.mapValues { .object($0) }) }
    }
    put("number", formats.number)
    put("date", formats.date)
    put("time", formats.time)
    put("relative", formats.relative)
    put("dateTimeRange", formats.dateTimeRange)
    return .object(object)
  }

  static func value(of message: DatafileMessage) -> MessagevisorValue {
    var object: [String: MessagevisorValue] = [:]
    if let deprecated = message.deprecated { object["deprecated"] = .bool(deprecated) }
    if let warning = message.deprecationWarning { object["deprecationWarning"] = .string(warning) }
    if let meta = message.meta { object["meta"] = .object(meta) }
    if let overrides = message.overrides {
      object["overrides"] = .array(
        overrides.map { item in
          var entry: [String: MessagevisorValue] = [
            "key": .string(item.key), "translation": .string(item.translation),
          ]
          if let conditions = item.conditions { entry["conditions"] = value(of: conditions) }
          if let segments = item.segments { entry["segments"] = value(of: segments) }
          return .object(entry)
        })
    }
    return .object(object)
  }

  static func value(of condition: Condition) -> MessagevisorValue {
    condition.fold(
      leaf: { leaf, _ in
        switch leaf {
        case .all: return .string("*")
        case .string(let text): return .string(text)
        case .predicate(let predicate): return value(of: predicate)
        case .list, .and, .or, .not: return .null  // combinators are folded, never leaves
        }
      },
      combine: { combinator, items in combinator.expression(items) })
  }

  static func value(of predicate: ConditionPredicate) -> MessagevisorValue {
    var object: [String: MessagevisorValue] = ["operator": .string(predicate.operator.rawValue)]
    if let attribute = predicate.attribute { object["attribute"] = .string(attribute) }
    if let feature = predicate.feature { object["feature"] = .string(feature) }
    if let experiment = predicate.experiment { object["experiment"] = .string(experiment) }
    if let value = predicate.value { object["value"] = value }
    if let flags = predicate.regexFlags { object["regexFlags"] = .string(flags) }
    return .object(object)
  }

  static func value(of segment: GroupSegment) -> MessagevisorValue {
    segment.fold(
      leaf: { leaf, _ in
        switch leaf {
        case .all: return .string("*")
        case .key(let key): return .string(key)
        case .list, .and, .or, .not: return .null  // combinators are folded, never leaves
        }
      },
      combine: { combinator, items in combinator.expression(items) })
  }
}
