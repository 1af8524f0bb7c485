import Foundation
import Messagevisor
import MessagevisorSystem

/// Reads entity files: discovery, parsing, strict field checks and conversion to the model.
struct EntityReader {
  let root: String
  let config: ProjectConfig
  /// Condition nodes kept for the cross-check (file, node, kind).
  var conditionSites: [(file: String, node: YAMLNode, isSegments: Bool)] = []
  /// In collecting mode (`lint`), where problems go instead of being thrown; `nil` (builds and
  /// tests) stops at the first problem.
  var sink: ProblemSink? = nil

  struct EntityFile {
    var path: String  // relative to root
    var key: String
  }

  init(root: String, config: ProjectConfig, sink: ProblemSink? = nil) {
    self.root = root
    self.config = config
    self.sink = sink
  }

  /// Throws `error`, or records it and returns when collecting.
  func report(_ error: ProjectError) throws(ProjectError) {
    guard let sink else { throw error }
    sink.problems.append(error)
  }

  /// Runs `body`; a problem it throws is thrown on, or recorded when collecting.
  func attempt(_ body: () throws(ProjectError) -> Void) throws(ProjectError) {
    do { try body() } catch { try report(error) }
  }

  func files(in relativeDirectory: String, specs: Bool = false) throws(ProjectError)
    -> [EntityFile]
  {
    let directory = (root as NSString).appendingPathComponent(relativeDirectory)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    // Listing a big project's files takes a while: as background work, a key's frame goes first.
    guard
      let items = DirectoryListing.files(
        under: directory, beforeDirectory: { ForegroundWork.yield() })
    else {
      throw ProjectError(file: relativeDirectory, message: "cannot list the directory")
    }
    // Names are matched by their UTF-8 bytes: Character-wise `String` searches took a tenth of
    // a warm start of a project of 20,000 files. `/` and the suffixes are ASCII, so a match
    // never splits a character.
    let slash = UInt8(ascii: "/")
    let separator = Array(config.namespaceCharacter.utf8)
    let suffixes = (config.parser == .yml ? [".yml", ".yaml"] : [".json"]).map {
      Array(((specs ? ".spec" : "") + $0).utf8)
    }
    var result: [EntityFile] = []
    result.reserveCapacity(items.count)
    for item in items {
      let utf8 = item.utf8
      let nameStart = utf8.lastIndex(of: slash).map { utf8.index(after: $0) } ?? utf8.startIndex
      if utf8[nameStart...].first == UInt8(ascii: ".") { continue }
      guard
        let suffix = suffixes.first(where: {
          utf8.count >= $0.count && utf8.suffix($0.count).elementsEqual($0)
        })
      else { continue }
      let stem = utf8.dropLast(suffix.count)
      let key: String
      if specs || !stem.contains(slash) {
        key = String(decoding: stem, as: UTF8.self)
      } else {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(stem.count + separator.count * 4)
        for byte in stem {
          if byte == slash { bytes += separator } else { bytes.append(byte) }
        }
        key = String(decoding: bytes, as: UTF8.self)
      }
      result.append(EntityFile(path: relativeDirectory + "/" + item, key: key))
    }
    return result.sorted { $0.path < $1.path }
  }

  /// `files` with their parses, in order: the files are read and parsed on every core, a slice
  /// at a time, so that only two slices' syntax trees are held while they become entities (the
  /// next slice is parsed while the caller converts this one, so no core waits for the other).
  func parsed(_ files: [EntityFile]) -> ParsedFiles {
    ParsedFiles(reader: self, files: files)
  }

  /// The sequence ``parsed(_:)`` returns.
  struct ParsedFiles: Sequence, IteratorProtocol {
    /// Files parsed at once.
    static let sliceSize = 256
    let reader: EntityReader
    let files: [EntityFile]
    var position = 0
    var slice: [Result<YAMLNode, ProjectError>] = []
    var sliceStart = 0
    /// The parse of the slice after this one, under way.
    var upcoming: Prefetch?

    init(reader: EntityReader, files: [EntityFile]) {
      self.reader = reader
      self.files = files
    }

    mutating func next() -> (file: EntityFile, parsed: Result<YAMLNode, ProjectError>)? {
      guard position < files.count else { return nil }
      if position >= sliceStart + slice.count {
        sliceStart = position
        slice = []
        if let upcoming, upcoming.start == position {
          slice = upcoming.wait()
        } else {
          slice = Self.parse(
            files[position..<Swift.min(position + Self.sliceSize, files.count)], reader)
        }
        upcoming = nil
        let nextStart = position + slice.count
        if nextStart < files.count {
          upcoming = Prefetch(
            start: nextStart,
            files: Array(files[nextStart..<Swift.min(nextStart + Self.sliceSize, files.count)]),
            reader: reader)
        }
      }
      defer { position += 1 }
      return (files[position], slice[position - sliceStart])
    }

    /// The parses of `files`, on every core.
    static func parse(_ files: ArraySlice<EntityFile>, _ reader: EntityReader)
      -> [Result<YAMLNode, ProjectError>]
    {
      ParallelMap.map(Array(files)) { file in
        Result { () throws(ProjectError) in try reader.parse(file.path) }
      }
    }
  }

  /// A slice of files being parsed in the background (what ``ParsedFiles`` reads next).
  final class Prefetch: @unchecked Sendable {
    /// The position of the slice's first file.
    let start: Int
    /// Signalled when ``result`` is set.
    private let done = DispatchSemaphore(value: 0)
    /// Written once on the background thread before ``done`` is signalled, read after it.
    private var result: [Result<YAMLNode, ProjectError>] = []

    /// Starts parsing `files`.
    init(start: Int, files: [EntityFile], reader: EntityReader) {
      self.start = start
      let work = Unchecked(files: files, reader: reader)
      DispatchQueue.global(qos: .userInitiated).async { [self] in
        result = ParsedFiles.parse(work.files[...], work.reader)
        done.signal()
      }
    }

    /// The parses, once made.
    func wait() -> [Result<YAMLNode, ProjectError>] {
      done.wait()
      return result
    }

    /// The files and the reader handed to the background thread (the reader is only read).
    private struct Unchecked: @unchecked Sendable {
      let files: [EntityFile]
      let reader: EntityReader
    }
  }

  func parse(_ relativePath: String) throws(ProjectError) -> YAMLNode {
    let full = (root as NSString).appendingPathComponent(relativePath)
    guard let data = FileManager.default.contents(atPath: full) else {
      throw ProjectError(file: relativePath, message: "cannot read file")
    }
    do {
      return try YAMLParser().parse(Array(data), file: relativePath)
    } catch {
      throw ProjectError(error)
    }
  }

  // MARK: Field helpers

  func mapping(_ node: YAMLNode, _ file: String, allowed: Set<String>, what: String)
    throws(ProjectError) -> [YAMLEntry]
  {
    guard let entries = node.entries else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message: "\(what) must be a mapping" + ProjectFormatGuide.hint(for: what))
    }
    for entry in entries where !allowed.contains(entry.key) {
      try report(
        ProjectError(
          file: file, line: entry.line, column: entry.column,
          message:
            "unknown field \"\(entry.key)\" in \(what); allowed: \(allowed.sorted().joined(separator: ", "))"
            + ProjectFormatGuide.link(for: what),
          code: "unknown_field"))
    }
    return entries.filter { allowed.contains($0.key) }
  }

  func string(_ node: YAMLNode, _ file: String, _ what: String) throws(ProjectError) -> String {
    guard let text = node.string else {
      throw ProjectError(
        file: file, line: node.line, column: node.column, message: "\(what) must be a string")
    }
    return text
  }

  func bool(_ node: YAMLNode, _ file: String, _ what: String) throws(ProjectError) -> Bool {
    guard let value = node.scalar?.boolValue else {
      throw ProjectError(
        file: file, line: node.line, column: node.column, message: "\(what) must be true or false")
    }
    return value
  }

  func stringList(_ node: YAMLNode, _ file: String, _ what: String) throws(ProjectError) -> [String]
  {
    if let text = node.string { return [text] }
    guard let items = node.items else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message: "\(what) must be a string or a list of strings")
    }
    var result: [String] = []
    for item in items { result.append(try string(item, file, "each item of \(what)")) }
    return result
  }

  /// The translations of a `translations:` mapping and where each scalar is.
  func translations(_ node: YAMLNode, _ file: String) throws(ProjectError) -> (
    texts: LocaleTable<String>, locations: LocaleTable<SourceLocation>
  ) {
    guard let entries = node.entries else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message: "translations must be a mapping of locale to string", code: "invalid_field")
    }
    var codes: [String] = []
    var texts = ContiguousArray<String>()
    var locations = ContiguousArray<SourceLocation>()
    codes.reserveCapacity(entries.count)
    texts.reserveCapacity(entries.count)
    locations.reserveCapacity(entries.count)
    // The path is looked up once; each scalar's location only moves within the file.
    let here = SourceLocation(file: file)
    for entry in entries {
      guard let text = entry.value.string else {
        try report(
          ProjectError(
            file: file, line: entry.value.line, column: entry.value.column,
            message: "translation for \"\(entry.key)\" must be a string (quote it)",
            code: "invalid_field"))
        continue
      }
      codes.append(entry.key)
      texts.append(text)
      locations.append(here.moved(to: entry.value))
    }
    let table = LocaleTable(codes: codes, values: texts).packedTexts()
    // The locations share the texts' interned codes (unless repeated codes were merged: then
    // they are merged the same way).
    return (
      table,
      table.count == locations.count
        ? LocaleTable(shared: table.codes, storage: locations).compacted()
        : LocaleTable(codes: codes, values: locations).compacted()
    )
  }

  func formats(_ node: YAMLNode, _ file: String) throws(ProjectError) -> [String: [String:
    MessagevisorValue]]
  {
    let families: Set<String> = ["number", "date", "time", "relative", "dateTimeRange"]
    var result: [String: [String: MessagevisorValue]] = [:]
    for entry in try mapping(node, file, allowed: families, what: "formats") {
      guard let presets = entry.value.entries else {
        throw ProjectError(
          file: file, line: entry.value.line, column: entry.value.column,
          message: "formats.\(entry.key) must map preset names to option mappings")
      }
      var family: [String: MessagevisorValue] = [:]
      for preset in presets {
        guard preset.value.entries != nil else {
          throw ProjectError(
            file: file, line: preset.value.line, column: preset.value.column,
            message: "formats.\(entry.key).\(preset.key) must be a mapping of options")
        }
        family[preset.key] = preset.value.value
      }
      result[entry.key] = family
    }
    return result
  }

  // MARK: Entities

  func attribute(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError) -> ProjectAttribute {
    let allowed: Set<String> = [
      "type", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "pattern", "items",
      "minItems", "maxItems", "uniqueItems", "required", "properties", "additionalProperties",
      "oneOf", "description", "archived",
    ]
    var attribute = ProjectAttribute(key: file.key, type: nil, archived: false, file: file.path)
    attribute.location = SourceLocation(file: file.path, node: node)
    for entry in try mapping(node, file.path, allowed: allowed, what: "attribute") {
      switch entry.key {
      case "type":
        let type = try string(entry.value, file.path, "type")
        let types: Set<String> = [
          "boolean", "string", "integer", "double", "date", "object", "array",
        ]
        guard types.contains(type) else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message:
              "unknown attribute type \"\(type)\"; use one of \(types.sorted().joined(separator: ", "))"
          )
        }
        attribute.type = type
      case "archived": attribute.archived = try bool(entry.value, file.path, "archived")
      default: break
      }
    }
    return attribute
  }

  func locale(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError) -> ProjectLocale {
    let allowed: Set<String> = [
      "description", "direction", "inheritTranslationsFrom", "inheritFormatsFrom",
      "mergeExamplesFrom", "formats", "examples", "promotable",
    ]
    var locale = ProjectLocale(
      key: file.key, direction: nil, inheritTranslationsFrom: nil, inheritFormatsFrom: nil,
      formats: [:], examples: [], file: file.path)
    locale.location = SourceLocation(file: file.path, node: node)
    for entry in try mapping(node, file.path, allowed: allowed, what: "locale") {
      switch entry.key {
      case "direction":
        let direction = try string(entry.value, file.path, "direction")
        guard direction == "ltr" || direction == "rtl" else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message: "direction must be \"ltr\" or \"rtl\"")
        }
        locale.direction = direction
      case "inheritTranslationsFrom":
        locale.inheritTranslationsFrom = try string(entry.value, file.path, entry.key)
      case "inheritFormatsFrom":
        locale.inheritFormatsFrom = try string(entry.value, file.path, entry.key)
      case "formats": locale.formats = try formats(entry.value, file.path)
      case "examples": locale.examples = entry.value.items ?? []
      default: break
      }
    }
    return locale
  }

  mutating func segment(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError)
    -> ProjectSegment
  {
    let entries = try mapping(
      node, file.path, allowed: ["description", "conditions", "archived", "promotable"],
      what: "segment")
    guard let conditions = entries.first(where: { $0.key == "conditions" }) else {
      throw ProjectError(
        file: file.path, line: node.line,
        message: "segment needs \"conditions\"" + ProjectFormatGuide.hint(for: "segment"))
    }
    conditionSites.append((file.path, conditions.value, false))
    var archived = false
    if let entry = entries.first(where: { $0.key == "archived" }) {
      archived = try bool(entry.value, file.path, "archived")
    }
    var segment = ProjectSegment(
      key: file.key, conditions: conditions.value.value, archived: archived, file: file.path)
    segment.location = SourceLocation(file: file.path, node: node)
    return segment
  }

  mutating func message(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError)
    -> ProjectMessage
  {
    let allowed: Set<String> = [
      "description", "summary", "translatorContext", "meta", "archived", "promotable",
      "deprecated", "deprecationWarning", "translations", "translationStates", "examples",
      "overrides", "lint",
    ]
    var message = ProjectMessage(
      key: file.key, translations: [:], overrides: [], deprecated: false, deprecationWarning: nil,
      meta: nil, archived: false, examples: [], file: file.path)
    message.location = SourceLocation(file: file.path, node: node)
    var warningEntry: YAMLEntry? = nil
    for entry in try mapping(node, file.path, allowed: allowed, what: "message") {
      switch entry.key {
      case "translations":
        message.translationsLocation = SourceLocation(
          file: file.path, line: entry.line, column: entry.column)
        (message.translations, message.translationLocations) = try translations(
          entry.value, file.path)
      case "translatorContext": message.translatorContext = entry.value.value
      case "description": message.description = entry.value.string
      case "translationStates": message.translationStates = entry.value.value
      case "lint": message.lintIgnore = try lintIgnore(entry.value, file.path)
      case "deprecated": message.deprecated = try bool(entry.value, file.path, "deprecated")
      case "deprecationWarning":
        message.deprecationWarning = try string(entry.value, file.path, "deprecationWarning")
        warningEntry = entry
      case "archived": message.archived = try bool(entry.value, file.path, "archived")
      case "meta":
        guard entry.value.entries != nil else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message: "meta must be a mapping")
        }
        message.meta = entry.value.value
      case "examples": message.examples = entry.value.items ?? []
      case "overrides":
        guard let items = entry.value.items else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message: "overrides must be a list" + ProjectFormatGuide.hint(for: "override"))
        }
        for item in items {
          try attempt { () throws(ProjectError) in
            message.overrides.append(try override(item, file.path, message.overrides))
          }
        }
      default: break
      }
    }
    if let warningEntry, !message.deprecated {
      throw ProjectError(
        file: file.path, line: warningEntry.line, column: warningEntry.column,
        message: "deprecationWarning is only allowed when deprecated is true")
    }
    return message
  }

  mutating func override(_ node: YAMLNode, _ file: String, _ previous: [ProjectOverride])
    throws(ProjectError) -> ProjectOverride
  {
    let allowed: Set<String> = [
      "key", "description", "summary", "translatorContext", "promotable", "conditions",
      "segments", "translations", "translationStates",
    ]
    let entries = try mapping(node, file, allowed: allowed, what: "override")
    guard let keyEntry = entries.first(where: { $0.key == "key" }) else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message: "override needs a \"key\"" + ProjectFormatGuide.hint(for: "override"))
    }
    let key = try string(keyEntry.value, file, "override key")
    guard !key.isEmpty, !key.contains(config.namespaceCharacter),
      !key.contains(config.exportOverrideKeySeparator)
    else {
      throw ProjectError(
        file: file, line: keyEntry.value.line, column: keyEntry.value.column,
        message:
          "override key \"\(key)\" must be non-empty and must not contain \"\(config.namespaceCharacter)\" or \"\(config.exportOverrideKeySeparator)\""
      )
    }
    guard !previous.contains(where: { $0.key == key }) else {
      throw ProjectError(
        file: file, line: keyEntry.value.line, column: keyEntry.value.column,
        message: "duplicate override key \"\(key)\"")
    }
    var result = ProjectOverride(key: key, conditions: nil, segments: nil, translations: [:])
    result.location = SourceLocation(file: file, node: node)
    for entry in entries {
      switch entry.key {
      case "conditions":
        conditionSites.append((file, entry.value, false))
        result.conditions = entry.value.value
        result.conditionsLocation = SourceLocation(file: file, node: entry.value)
      case "translatorContext": result.translatorContext = entry.value.value
      case "translationStates": result.translationStates = entry.value.value
      case "description": result.description = entry.value.string
      case "segments":
        conditionSites.append((file, entry.value, true))
        result.segments = entry.value.value
      case "translations":
        (result.translations, result.translationLocations) = try translations(entry.value, file)
      default: break
      }
    }
    guard result.conditions != nil || result.segments != nil else {
      throw ProjectError(
        file: file, line: node.line, column: node.column,
        message: "override \"\(key)\" needs \"conditions\" or \"segments\"")
    }
    return result
  }

  /// The codes of a message's `lint: {ignore: [code, …]}`.
  func lintIgnore(_ node: YAMLNode, _ file: String) throws(ProjectError) -> [String] {
    var result: [String] = []
    for entry in try mapping(node, file, allowed: ["ignore"], what: "lint") {
      result += try stringList(entry.value, file, "lint.ignore")
    }
    return result
  }

  func target(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError) -> ProjectTarget {
    let allowed: Set<String> = [
      "description", "stringify", "pretty", "revisionFromHash", "includeMessages",
      "excludeMessages", "includeOnlyUsedFormats", "includeFormats", "excludeFormats", "locales",
      "context", "formats",
    ]
    var target = ProjectTarget(key: file.key)
    target.file = file.path
    target.location = SourceLocation(file: file.path, node: node)
    func familyGlobs(_ node: YAMLNode) throws(ProjectError) -> [String: [String]] {
      var result: [String: [String]] = [:]
      let families: Set<String> = ["number", "date", "time", "relative", "dateTimeRange"]
      for entry in try mapping(node, file.path, allowed: families, what: "format globs") {
        result[entry.key] = try stringList(entry.value, file.path, entry.key)
      }
      return result
    }
    for entry in try mapping(node, file.path, allowed: allowed, what: "target") {
      switch entry.key {
      case "stringify": target.stringify = try bool(entry.value, file.path, entry.key)
      case "pretty": target.pretty = try bool(entry.value, file.path, entry.key)
      case "revisionFromHash": target.revisionFromHash = try bool(entry.value, file.path, entry.key)
      case "includeOnlyUsedFormats":
        target.includeOnlyUsedFormats = try bool(entry.value, file.path, entry.key)
      case "includeMessages":
        target.includedMessages = GlobList(try stringList(entry.value, file.path, entry.key))
      case "excludeMessages":
        target.excludedMessages = GlobList(try stringList(entry.value, file.path, entry.key))
      case "includeFormats": target.includeFormats = try familyGlobs(entry.value)
      case "excludeFormats": target.excludeFormats = try familyGlobs(entry.value)
      case "locales": target.locales = try stringList(entry.value, file.path, entry.key)
      case "context":
        guard let object = entry.value.value.objectValue else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message: "context must be a mapping")
        }
        target.context = object
      case "formats":
        guard let locales = entry.value.entries else {
          throw ProjectError(
            file: file.path, line: entry.value.line, column: entry.value.column,
            message: "formats must map locales to format presets")
        }
        for locale in locales { target.formats[locale.key] = try formats(locale.value, file.path) }
      default: break
      }
    }
    return target
  }

  func testSpec(_ file: EntityFile, _ node: YAMLNode) throws(ProjectError) -> ProjectTestSpec {
    let entries = try mapping(
      node, file.path,
      allowed: [
        "message", "segment", "target", "locale", "promotable", "description", "assertions",
      ],
      what: "test spec")
    let kinds: [ProjectTestSpec.Kind] = [.message, .segment, .target, .locale]
    let found = kinds.filter { kind in entries.contains { $0.key == kind.rawValue } }
    guard found.count == 1, let kind = found.first, let subject = node[kind.rawValue] else {
      throw ProjectError(
        file: file.path, line: node.line,
        message: "a test spec needs exactly one of message, segment, target or locale"
          + ProjectFormatGuide.hint(for: "test spec"))
    }
    guard let assertions = node["assertions"]?.items else {
      throw ProjectError(
        file: file.path, line: node.line,
        message: "a test spec needs an \"assertions\" list"
          + ProjectFormatGuide.hint(for: "test spec"))
    }
    var spec = ProjectTestSpec(
      kind: kind, subject: try string(subject, file.path, kind.rawValue), key: file.key,
      assertions: assertions, file: file.path)
    spec.location = SourceLocation(file: file.path, node: subject)
    return spec
  }
}
