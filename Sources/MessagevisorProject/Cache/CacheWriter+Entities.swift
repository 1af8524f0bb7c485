import Foundation
import Messagevisor

/// The parsed entities in the cache's binary form (read back by `CacheReader+Entities`). Every
/// stored field is written: a field added to an entity must be added here, in the reader and
/// to ``CacheFile/formatVersion``.
extension CacheWriter {
  mutating func value(_ value: MessagevisorValue) {
    switch value {
    case .null: byte(0)
    case .string(let text):
      byte(1)
      string(text)
    case .int(let number):
      byte(2)
      int(number)
    case .double(let number):
      byte(3)
      word(number.bitPattern)
    case .bool(let flag): byte(flag ? 5 : 4)
    case .date(let date):
      byte(6)
      word(date.timeIntervalSinceReferenceDate.bitPattern)
    case .array(let items):
      byte(7)
      count(items.count)
      for item in items { self.value(item) }
    case .object(let object):
      byte(8)
      count(object.count)
      for (key, item) in object {
        string(key)
        self.value(item)
      }
    }
  }

  mutating func optionalValue(_ value: MessagevisorValue?) {
    guard let value else { return byte(0xFF) }
    self.value(value)
  }

  mutating func values(_ object: [String: MessagevisorValue]) {
    count(object.count)
    for (key, item) in object {
      string(key)
      value(item)
    }
  }

  mutating func node(_ node: YAMLNode) {
    int(node.line)
    int(node.column)
    switch node.kind {
    case .scalar(let scalar):
      byte(0)
      value(scalar)
    case .sequence(let items):
      byte(1)
      count(items.count)
      for item in items { self.node(item) }
    case .mapping(let entries):
      byte(2)
      count(entries.count)
      for entry in entries {
        string(entry.key)
        int(entry.line)
        int(entry.column)
        self.node(entry.value)
      }
    }
  }

  mutating func nodes(_ nodes: [YAMLNode]) {
    count(nodes.count)
    for item in nodes { node(item) }
  }

  mutating func strings(_ list: [String]) {
    count(list.count)
    for item in list { string(item) }
  }

  /// A location; its file is left out when it is `file` (the entity's own file).
  mutating func location(_ location: SourceLocation, in file: String) {
    self.location(location, in: SourceLocation(file: file))
  }

  /// A location; its file is left out when it is `here`'s (the entity's own file, same bytes).
  mutating func location(_ location: SourceLocation, in here: SourceLocation) {
    if location.isInFile(of: here) {
      byte(0)
    } else {
      byte(1)
      string(location.file)
    }
    int(location.line)
    int(location.column)
  }

  mutating func optionalLocation(_ location: SourceLocation?, in file: String) {
    guard let location else { return byte(0xFF) }
    self.location(location, in: file)
  }

  mutating func translations(
    _ texts: LocaleTable<String>, _ locations: LocaleTable<SourceLocation>, in file: String
  ) {
    count(texts.count)
    for (locale, text) in texts {
      string(locale)
      string(text)
    }
    count(locations.count)
    let here = SourceLocation(file: file)
    for (locale, place) in locations {
      string(locale)
      location(place, in: here)
    }
  }

  mutating func message(_ message: ProjectMessage) {
    let file = message.file
    string(file)
    string(message.key)
    translations(message.translations, message.translationLocations, in: file)
    count(message.overrides.count)
    for override in message.overrides {
      string(override.key)
      optionalValue(override.conditions)
      optionalValue(override.segments)
      translations(override.translations, override.translationLocations, in: file)
      location(override.location, in: file)
      optionalLocation(override.conditionsLocation, in: file)
      optionalValue(override.translatorContext)
      optionalValue(override.translationStates)
      optionalString(override.description)
    }
    bool(message.deprecated)
    optionalString(message.deprecationWarning)
    optionalValue(message.meta)
    bool(message.archived)
    nodes(message.examples)
    location(message.location, in: file)
    optionalLocation(message.translationsLocation, in: file)
    optionalValue(message.translatorContext)
    optionalValue(message.translationStates)
    strings(message.lintIgnore)
    optionalString(message.description)
  }

  mutating func presets(_ formats: [String: [String: MessagevisorValue]]) {
    count(formats.count)
    for (family, presets) in formats {
      string(family)
      values(presets)
    }
  }

  mutating func globs(_ globs: [String: [String]]?) {
    guard let globs else { return byte(0) }
    byte(1)
    count(globs.count)
    for (family, list) in globs {
      string(family)
      strings(list)
    }
  }

  mutating func entity(_ entity: ProjectSourceCache.Entity) {
    switch entity {
    case .attribute(let attribute):
      byte(0)
      string(attribute.file)
      string(attribute.key)
      optionalString(attribute.type)
      bool(attribute.archived)
      location(attribute.location, in: attribute.file)
    case .locale(let locale):
      byte(1)
      string(locale.file)
      string(locale.key)
      optionalString(locale.direction)
      optionalString(locale.inheritTranslationsFrom)
      optionalString(locale.inheritFormatsFrom)
      presets(locale.formats)
      nodes(locale.examples)
      location(locale.location, in: locale.file)
    case .segment(let segment):
      byte(2)
      string(segment.file)
      string(segment.key)
      value(segment.conditions)
      bool(segment.archived)
      location(segment.location, in: segment.file)
    case .message(let message):
      byte(3)
      self.message(message)
    case .messageInModel:
      // Never written: `SourceSnapshot.encode` resolves it to the model's message or leaves
      // the entry out. A tag no reader knows, were it written, makes the file rejected.
      byte(0xFE)
    case .target(let target):
      byte(4)
      string(target.file)
      string(target.key)
      bool(target.stringify)
      bool(target.pretty)
      bool(target.revisionFromHash)
      strings(target.includeMessages)
      strings(target.excludeMessages)
      bool(target.includeOnlyUsedFormats)
      globs(target.includeFormats)
      globs(target.excludeFormats)
      if let locales = target.locales {
        byte(1)
        strings(locales)
      } else {
        byte(0)
      }
      values(target.context)
      count(target.formats.count)
      for (locale, formats) in target.formats {
        string(locale)
        presets(formats)
      }
      location(target.location, in: target.file)
    case .test(let spec):
      byte(5)
      string(spec.file)
      string(spec.kind.rawValue)
      string(spec.subject)
      string(spec.key)
      nodes(spec.assertions)
      location(spec.location, in: spec.file)
    }
  }

  mutating func error(_ error: ProjectError) {
    string(error.file)
    int(error.line)
    int(error.column)
    string(error.message)
    optionalString(error.code)
  }
}
