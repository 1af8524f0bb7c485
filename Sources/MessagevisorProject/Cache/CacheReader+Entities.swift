import Foundation
import Messagevisor

/// Reads the entities `CacheWriter+Entities` wrote.
extension CacheReader {
  mutating func value() throws(CacheFormatError) -> MessagevisorValue {
    try value(tag: byte())
  }

  mutating func value(tag: UInt8) throws(CacheFormatError) -> MessagevisorValue {
    switch tag {
    case 0: return .null
    case 1: return .string(try string())
    case 2: return .int(try int())
    case 3: return .double(Double(bitPattern: try word()))
    case 4: return .bool(false)
    case 5: return .bool(true)
    case 6: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try word())))
    case 7:
      try enter()
      defer { leave() }
      let count = try count()
      var items: [MessagevisorValue] = []
      items.reserveCapacity(CacheReader.capacity(count))
      for _ in 0..<count { items.append(try value()) }
      return .array(items)
    case 8:
      try enter()
      defer { leave() }
      return .object(try values())
    default: throw failure("unknown value tag \(tag)")
    }
  }

  mutating func optionalValue() throws(CacheFormatError) -> MessagevisorValue? {
    // Not a conditional expression: `nil` would become the value's `.null` literal.
    let tag = try byte()
    if tag == 0xFF { return Optional<MessagevisorValue>.none }
    return .some(try value(tag: tag))
  }

  mutating func values() throws(CacheFormatError) -> [String: MessagevisorValue] {
    let count = try count()
    var object: [String: MessagevisorValue] = Dictionary(
      minimumCapacity: CacheReader.capacity(count))
    for _ in 0..<count {
      let key = try string()
      object[key] = try value()
    }
    return object
  }

  mutating func node() throws(CacheFormatError) -> YAMLNode {
    try enter()
    defer { leave() }
    let line = try int()
    let column = try int()
    switch try byte() {
    case 0: return YAMLNode(kind: .scalar(try value()), line: line, column: column)
    case 1: return YAMLNode(kind: .sequence(try nodes()), line: line, column: column)
    case 2:
      let count = try count()
      var entries: [YAMLEntry] = []
      entries.reserveCapacity(CacheReader.capacity(count))
      for _ in 0..<count {
        let key = try string()
        let keyLine = try int()
        let keyColumn = try int()
        entries.append(YAMLEntry(key: key, line: keyLine, column: keyColumn, value: try node()))
      }
      return YAMLNode(kind: .mapping(entries), line: line, column: column)
    default: throw failure("unknown node tag")
    }
  }

  mutating func nodes() throws(CacheFormatError) -> [YAMLNode] {
    let count = try count()
    var items: [YAMLNode] = []
    items.reserveCapacity(CacheReader.capacity(count))
    for _ in 0..<count { items.append(try node()) }
    return items
  }

  mutating func strings() throws(CacheFormatError) -> [String] {
    let count = try count()
    var items: [String] = []
    items.reserveCapacity(CacheReader.capacity(count))
    for _ in 0..<count { items.append(try string()) }
    return items
  }

  mutating func location(in file: String) throws(CacheFormatError) -> SourceLocation {
    try location(in: SourceLocation(file: file))
  }

  /// A location whose file, when it is the entity's own, is `here`'s (no path lookup).
  mutating func location(in here: SourceLocation) throws(CacheFormatError) -> SourceLocation {
    let own = try !bool()
    let path = own ? nil : try string()
    let line = try int()
    let column = try int()
    guard let path else { return here.moved(line: line, column: column) }
    return SourceLocation(file: path, line: line, column: column)
  }

  /// An optional location whose file, when it is the entity's own, is `here`'s.
  mutating func optionalLocation(in here: SourceLocation) throws(CacheFormatError)
    -> SourceLocation?
  {
    if position < end, buffer[position] == 0xFF {
      position += 1
      return nil
    }
    return try location(in: here)
  }

  /// Texts and their locations by locale, in the file `here` is in.
  mutating func translations(in here: SourceLocation) throws(CacheFormatError) -> (
    LocaleTable<String>, LocaleTable<SourceLocation>
  ) {
    let count = try count()
    var codes: [String] = []
    var spans: [Range<Int>] = []
    codes.reserveCapacity(CacheReader.capacity(count))
    spans.reserveCapacity(CacheReader.capacity(count))
    for _ in 0..<count {
      codes.append(try string())
      spans.append(try span(try self.count()))
    }
    // The texts go from the file's bytes to the packed table: no `String` each.
    guard let texts = PackedTexts.make(validating: spans, in: buffer) else {
      throw failure("a translation that is not UTF-8")
    }
    let placed = try self.count()
    var placedCodes: [String] = []
    var locations = ContiguousArray<SourceLocation>()
    placedCodes.reserveCapacity(CacheReader.capacity(placed))
    locations.reserveCapacity(CacheReader.capacity(placed))
    for _ in 0..<placed {
      placedCodes.append(try string())
      locations.append(try location(in: here))
    }
    return (
      LocaleTable(codes: codes, packed: texts),
      LocaleTable(codes: placedCodes, values: locations).compacted()
    )
  }

  mutating func message() throws(CacheFormatError) -> ProjectMessage {
    let file = try string()
    let key = try string()
    // One path lookup per message (the table is shared by the reading threads).
    let here = SourceLocation(file: file)
    let (texts, locations) = try translations(in: here)
    let overrideCount = try count()
    var overrides: [ProjectOverride] = []
    overrides.reserveCapacity(CacheReader.capacity(overrideCount))
    for _ in 0..<overrideCount {
      let overrideKey = try string()
      let conditions = try optionalValue()
      let segments = try optionalValue()
      let (overrideTexts, overrideLocations) = try translations(in: here)
      let location = try location(in: here)
      let conditionsLocation = try optionalLocation(in: here)
      let translatorContext = try optionalValue()
      let translationStates = try optionalValue()
      overrides.append(
        ProjectOverride(
          key: overrideKey, conditions: conditions, segments: segments,
          translations: overrideTexts, location: location,
          translationLocations: overrideLocations, conditionsLocation: conditionsLocation,
          translatorContext: translatorContext, translationStates: translationStates,
          description: try optionalString()))
    }
    let deprecated = try bool()
    let deprecationWarning = try optionalString()
    let meta = try optionalValue()
    let archived = try bool()
    let examples = try nodes()
    let location = try location(in: here)
    let translationsLocation = try optionalLocation(in: here)
    let translatorContext = try optionalValue()
    let translationStates = try optionalValue()
    let lintIgnore = try strings()
    return ProjectMessage(
      key: key, translations: texts, overrides: overrides, deprecated: deprecated,
      deprecationWarning: deprecationWarning, meta: meta, archived: archived, examples: examples,
      file: file, location: location, translationLocations: locations,
      translationsLocation: translationsLocation, translatorContext: translatorContext,
      translationStates: translationStates, lintIgnore: lintIgnore,
      description: try optionalString())
  }

  mutating func presets() throws(CacheFormatError) -> [String: [String: MessagevisorValue]] {
    let count = try count()
    var formats: [String: [String: MessagevisorValue]] = Dictionary(
      minimumCapacity: CacheReader.capacity(count))
    for _ in 0..<count {
      let family = try string()
      formats[family] = try values()
    }
    return formats
  }

  mutating func globs() throws(CacheFormatError) -> [String: [String]]? {
    guard try bool() else { return nil }
    let count = try count()
    var globs: [String: [String]] = Dictionary(minimumCapacity: CacheReader.capacity(count))
    for _ in 0..<count {
      let family = try string()
      globs[family] = try strings()
    }
    return globs
  }

  mutating func entity() throws(CacheFormatError) -> ProjectSourceCache.Entity {
    switch try byte() {
    case 0:
      let file = try string()
      let key = try string()
      let type = try optionalString()
      let archived = try bool()
      return .attribute(
        ProjectAttribute(
          key: key, type: type, archived: archived, file: file, location: try location(in: file)))
    case 1:
      let file = try string()
      let key = try string()
      let direction = try optionalString()
      let translationsFrom = try optionalString()
      let formatsFrom = try optionalString()
      let formats = try presets()
      let examples = try nodes()
      return .locale(
        ProjectLocale(
          key: key, direction: direction, inheritTranslationsFrom: translationsFrom,
          inheritFormatsFrom: formatsFrom, formats: formats, examples: examples, file: file,
          location: try location(in: file)))
    case 2:
      let file = try string()
      let key = try string()
      let conditions = try value()
      let archived = try bool()
      return .segment(
        ProjectSegment(
          key: key, conditions: conditions, archived: archived, file: file,
          location: try location(in: file)))
    case 3: return .message(try message())
    case 4:
      let file = try string()
      var target = ProjectTarget(key: try string())
      target.file = file
      target.stringify = try bool()
      target.pretty = try bool()
      target.revisionFromHash = try bool()
      target.includeMessages = try strings()
      target.excludeMessages = try strings()
      target.includeOnlyUsedFormats = try bool()
      target.includeFormats = try globs()
      target.excludeFormats = try globs()
      target.locales = try bool() ? try strings() : nil
      target.context = try values()
      let count = try count()
      for _ in 0..<count {
        let locale = try string()
        target.formats[locale] = try presets()
      }
      target.location = try location(in: file)
      return .target(target)
    case 5:
      let file = try string()
      guard let kind = ProjectTestSpec.Kind(rawValue: try string()) else {
        throw failure("unknown test spec kind")
      }
      let subject = try string()
      let key = try string()
      let assertions = try nodes()
      return .test(
        ProjectTestSpec(
          kind: kind, subject: subject, key: key, assertions: assertions, file: file,
          location: try location(in: file)))
    default: throw failure("unknown entity tag")
    }
  }

  mutating func error() throws(CacheFormatError) -> ProjectError {
    let file = try string()
    let line = try int()
    let column = try int()
    let message = try string()
    return ProjectError(
      file: file, line: line, column: column, message: message, code: try optionalString())
  }
}
