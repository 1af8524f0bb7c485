import CommandLineKit
import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Builds datafiles (spec §5.2) from a loaded project, per target × locale.
public struct DatafileBuilder: Sendable {
  /// The version string written as `messagevisorVersion`.
  public static let toolVersion = "0.1.0-swift"

  /// The project.
  public var project: Project
  /// Decides attribute predicates at build time (see ``ConditionSpecializer``).
  public var evaluatePredicate: ConditionSpecializer.PredicateEvaluator

  /// Creates a builder.
  public init(
    project: Project, evaluatePredicate: @escaping ConditionSpecializer.PredicateEvaluator
  ) {
    self.project = project
    self.evaluatePredicate = evaluatePredicate
  }

  /// The locales a target builds (its `locales`, or all project locales sorted).
  public func locales(of target: ProjectTarget) -> [String] {
    target.locales ?? project.locales.keys.sorted()
  }

  /// Looks up a target by key, with a helpful error.
  public func target(_ key: String) throws(ProjectError) -> ProjectTarget {
    guard let target = project.targets[key] else {
      throw ProjectError(
        file: "targets",
        message:
          "unknown target \"\(key)\" (known: \(project.targets.keys.sorted().joined(separator: ", ")))"
          + Suggestion.didYouMean(key, in: Array(project.targets.keys))
      )
    }
    return target
  }

  /// Builds the datafile for `targetKey` × `locale` as a JSON value (keys are sorted on output).
  /// `revision` is written as given, unless the target uses `revisionFromHash`.
  public func build(target targetKey: String, locale: String, revision: String = "")
    throws(ProjectError) -> MessagevisorValue
  {
    try build(
      target: targetKey, locale: locale, revision: revision,
      messageKeys: project.messages.keys.sorted())
  }

  /// Builds one datafile with the project's message keys already sorted.
  func build(target targetKey: String, locale: String, revision: String, messageKeys: [String])
    throws(ProjectError) -> MessagevisorValue
  {
    let (target, definition, fragments) = try fragments(
      target: targetKey, locale: locale, messages: messages(in: messageKeys))
    return try assemble(
      target: target, locale: definition, fragments: fragments, revision: revision)
  }

  /// The project's messages with `keys` (sorted), in that order: a build reads them from this
  /// array, in place, for every locale (a dictionary lookup would copy each message).
  func messages(in keys: [String]) -> ContiguousArray<ProjectMessage> {
    // Made at its final size: grown one by one it would keep up to twice the room (20,000
    // messages of a few hundred bytes each).
    var result = ContiguousArray<ProjectMessage>()
    result.reserveCapacity(keys.count)
    for key in keys {
      if let message = project.messages[key] { result.append(message) }
    }
    return result
  }

  /// The fragments of `target` × `locale` for `messages` (in key order), with the target and
  /// the locale's definition.
  func fragments(
    target targetKey: String, locale: String, messages: ContiguousArray<ProjectMessage>
  ) throws(ProjectError) -> (
    target: ProjectTarget, locale: ProjectLocale,
    fragments: [(key: String, fragment: MessageFragment)]
  ) {
    let target = try target(targetKey)
    guard let definition = project.locales[locale] else {
      throw ProjectError(
        file: target.file,
        message:
          "unknown locale \"\(locale)\" (known: \(project.locales.keys.sorted().joined(separator: ", ")))"
          + Suggestion.didYouMean(locale, in: Array(project.locales.keys))
      )
    }
    let chain = try LocaleChain.translations(for: locale, in: project)
    let specializer = ConditionSpecializer(
      context: target.context, segments: project.segments, evaluate: evaluatePredicate)
    var fragments: [(key: String, fragment: MessageFragment)] = []
    fragments.reserveCapacity(messages.count)
    for index in messages.indices {
      guard
        let fragment = fragment(
          of: messages[index], target: target, chain: chain, specializer: specializer)
      else { continue }
      fragments.append((messages[index].key, fragment))
    }
    return (target, definition, fragments)
  }

  /// What `message` contributes to the datafile of `target` for the locale whose translation
  /// chain is `chain`; `nil` when it is not included (archived, filtered out, or untranslated).
  func fragment(
    of message: ProjectMessage, target: ProjectTarget, chain: [String],
    specializer: ConditionSpecializer
  ) -> MessageFragment? {
    func translation(_ translations: LocaleTable<String>) -> String? {
      for key in chain { if let text = translations[key] { return text } }
      return nil
    }
    let key = message.key
    guard !message.archived else { return nil }
    guard target.includesMessage(key) else { return nil }
    guard let base = translation(message.translations) else { return nil }
    var fragment = MessageFragment(translation: base, entry: [:], usedSegments: [:])

    var overrides: [MessagevisorValue] = []
    for override in message.overrides {
      guard let text = translation(override.translations) else { continue }
      var segmentsUsedHere: [String: MessagevisorValue] = [:]
      guard !target.context.isEmpty else {
        // No build-time context: expressions are kept as written (only stringified).
        var entry: [String: MessagevisorValue] = [
          "key": .string(override.key), "translation": .string(text),
        ]
        if let conditions = override.conditions {
          entry["conditions"] = stringify(conditions, target)
        }
        if let segments = override.segments {
          entry["segments"] = stringify(segments, target)
          for key in Self.segmentKeys(in: segments) {
            if let segment = project.segments[key] {
              fragment.usedSegments[key] = segment.conditions
            }
          }
        }
        overrides.append(.object(entry))
        fragment.overrideTexts.append(text)
        continue
      }
      let conditions = specializer.condition(override.conditions)
      if conditions == .constant(false) { continue }
      let segments =
        override.segments == nil
        ? ConditionSpecializer.Outcome.constant(true)
        : specializer.group(override.segments, used: &segmentsUsedHere)
      if segments == .constant(false) { continue }
      var entry: [String: MessagevisorValue] = [
        "key": .string(override.key), "translation": .string(text),
      ]
      if case .partial(let expression) = conditions {
        entry["conditions"] = stringify(expression, target)
      }
      if case .partial(let expression) = segments {
        entry["segments"] = stringify(expression, target)
      }
      fragment.usedSegments.merge(segmentsUsedHere) { current, _ in current }
      overrides.append(.object(entry))
      fragment.overrideTexts.append(text)
    }

    if message.deprecated { fragment.entry["deprecated"] = true }
    if let warning = message.deprecationWarning {
      fragment.entry["deprecationWarning"] = .string(warning)
    }
    if let meta = message.meta { fragment.entry["meta"] = meta }
    if !overrides.isEmpty { fragment.entry["overrides"] = .array(overrides) }
    return fragment
  }

  /// The datafile of `target` for `locale` made of `fragments` (in key order).
  func assemble(
    target: ProjectTarget, locale: ProjectLocale,
    fragments: [(key: String, fragment: MessageFragment)], revision: String
  ) throws(ProjectError) -> MessagevisorValue {
    var datafile = try frame(target: target, locale: locale, fragments: fragments)
    datafile["messages"] = .object(Self.messages(of: fragments))
    var translations: [String: MessagevisorValue] = [:]
    translations.reserveCapacity(fragments.count)
    for (key, fragment) in fragments { translations[key] = .string(fragment.translation) }
    datafile["translations"] = .object(translations)
    datafile["revision"] = .string(revision)
    if target.revisionFromHash {
      datafile["revision"] = ""
      datafile["revision"] = .string(SHA1.hex(of: Array(JSONText.encode(.object(datafile)).utf8)))
    }
    return .object(datafile)
  }

  /// The JSON text of the datafile ``assemble(target:locale:fragments:revision:)`` makes of
  /// `fragments`, byte for byte as `JSONText.encode` writes that value, written straight from
  /// the fragments (already in key order): no value of every translation is made and no object
  /// of thousands of keys is sorted again.
  func text(
    target: ProjectTarget, locale: ProjectLocale,
    fragments: [(key: String, fragment: MessageFragment)], revision: String, pretty: Bool
  ) throws(ProjectError) -> [UInt8] {
    let datafile = try frame(target: target, locale: locale, fragments: fragments)
    let messages = Self.messages(of: fragments)
    func write(revision: String, pretty: Bool) -> [UInt8] {
      var members = datafile
      members["revision"] = .string(revision)
      // Placeholders: written from the fragments below.
      members["messages"] = [:]
      members["translations"] = [:]
      var output: [UInt8] = []
      output.reserveCapacity(64 * fragments.count + 1024)
      JSONWriter.writeObject(
        members: members.sorted { $0.key < $1.key }, pretty: pretty, indent: 0, into: &output
      ) { key, member, output in
        switch key {
        case "translations":
          JSONWriter.writeObject(
            members: fragments.lazy.map { (key: $0.key, value: $0.fragment.translation) },
            pretty: pretty, indent: 1, into: &output
          ) { _, text, output in JSONWriter.writeString(text, into: &output) }
        case "messages":
          JSONWriter.writeObject(
            members: messages.sorted { $0.key < $1.key }, pretty: pretty, indent: 1,
            into: &output
          ) { _, value, output in JSONWriter.write(value, pretty: pretty, indent: 2, into: &output)
          }
        default:
          JSONWriter.write(member, pretty: pretty, indent: 1, into: &output)
        }
      }
      return output
    }
    guard target.revisionFromHash else { return write(revision: revision, pretty: pretty) }
    let hashed = SHA1.hex(of: write(revision: "", pretty: false))
    return write(revision: hashed, pretty: pretty)
  }

  /// Everything of the datafile of `target` for `locale` but its `translations` and `messages`
  /// (and its revision): the segments and formats the fragments use, the locale's direction.
  func frame(
    target: ProjectTarget, locale localeDefinition: ProjectLocale,
    fragments: [(key: String, fragment: MessageFragment)]
  ) throws(ProjectError) -> [String: MessagevisorValue] {
    let locale = localeDefinition.key
    var usedSegments: [String: MessagevisorValue] = [:]
    var includedTexts: [(key: String, text: String)] = []
    for (key, fragment) in fragments {
      if target.includeOnlyUsedFormats {
        for text in fragment.texts { includedTexts.append((key, text)) }
      }
      if !fragment.usedSegments.isEmpty {
        usedSegments.merge(fragment.usedSegments) { current, _ in current }
      }
    }
    var datafile: [String: MessagevisorValue] = [
      "schemaVersion": "1",
      "messagevisorVersion": .string(Self.toolVersion),
      "target": .string(target.key),
      "locale": .string(locale),
      "segments": .object(segmentEntries(usedSegments, target)),
    ]
    if let direction = localeDefinition.direction { datafile["direction"] = .string(direction) }
    let formats = try self.formats(locale: locale, target: target, texts: includedTexts)
    if !formats.isEmpty {
      datafile["formats"] = .object(formats.mapValues { .object($0) })
    }
    return datafile
  }

  /// The `messages` object of a datafile made of `fragments`: the entry of each fragment that
  /// has one.
  static func messages(of fragments: [(key: String, fragment: MessageFragment)]) -> [String:
    MessagevisorValue]
  {
    var messages: [String: MessagevisorValue] = [:]
    for (key, fragment) in fragments where !fragment.entry.isEmpty {
      messages[key] = .object(fragment.entry)
    }
    return messages
  }

  /// The engine's model of the datafile ``assemble(target:locale:fragments:revision:)`` makes of
  /// `fragments`, as ``content(of:)`` reads it, without building a value of every translation
  /// (they go straight into the model's table, sharing their storage).
  ///
  /// `tables`, when given, are the fragments' translations and message metadata (each entry read
  /// as `DatafileContent.message(fromValue:key:)` reads it) as tables whose keys the caller shares
  /// between locales (see `DatafileTable`); without them both are collected into dictionaries.
  func assembleContent(
    target: ProjectTarget, locale: ProjectLocale,
    fragments: [(key: String, fragment: MessageFragment)], revision: String,
    tables: (translations: DatafileTranslations, messages: DatafileMessages)? = nil
  ) throws -> DatafileContent {
    // The revision hashes the whole text: only the whole value gives it.
    guard !target.revisionFromHash else {
      return try Self.content(
        of: assemble(target: target, locale: locale, fragments: fragments, revision: revision))
    }
    var datafile = try frame(target: target, locale: locale, fragments: fragments)
    datafile["revision"] = .string(revision)
    datafile["messages"] = tables == nil ? .object(Self.messages(of: fragments)) : [:]
    datafile["translations"] = [:]
    var content = try Self.content(of: .object(datafile))
    if let tables {
      content.translationTable = tables.translations
      content.messageTable = tables.messages
      return content
    }
    var translations: [String: String] = [:]
    translations.reserveCapacity(fragments.count)
    for (key, fragment) in fragments { translations[key] = fragment.translation }
    content.translationTable = DatafileTranslations(translations)
    return content
  }

  /// The `segments` object of a datafile: each used segment's conditions (stringified as the
  /// target says) and its `archived` flag.
  func segmentEntries(_ used: [String: MessagevisorValue], _ target: ProjectTarget) -> [String:
    MessagevisorValue]
  {
    var segments: [String: MessagevisorValue] = [:]
    for (key, conditions) in used {
      var segment: [String: MessagevisorValue] = ["conditions": stringify(conditions, target)]
      if project.segments[key]?.archived == true { segment["archived"] = true }
      segments[key] = .object(segment)
    }
    return segments
  }

  /// Folded locale formats (oldest ancestor first, preset-level replacement), without a target.
  public func localeFormats(locale: String) throws(ProjectError) -> [String: [String:
    MessagevisorValue]]
  {
    var result: [String: [String: MessagevisorValue]] = [:]
    for key in try LocaleChain.formats(for: locale, in: project).reversed() {
      guard let own = project.locales[key]?.formats else { continue }
      Self.overlay(&result, own)
    }
    return result
  }

  /// Replaces presets family by family (no property merge).
  public static func overlay(
    _ base: inout [String: [String: MessagevisorValue]],
    _ top: [String: [String: MessagevisorValue]]
  ) {
    for (family, presets) in top {
      for (name, options) in presets { base[family, default: [:]][name] = options }
    }
  }

  func formats(
    locale: String, target: ProjectTarget, texts: [(key: String, text: String)]
  ) throws(ProjectError) -> [String: [String: MessagevisorValue]] {
    var folded = try localeFormats(locale: locale)
    if let overlay = target.formats[locale] { Self.overlay(&folded, overlay) }
    var filtered: [String: [String: MessagevisorValue]] = [:]
    if target.includeOnlyUsedFormats {
      var used: [String: Set<String>] = [:]
      for item in texts {
        do {
          for (family, names) in try ICUArgumentScanner.usedPresets(in: item.text) {
            used[family, default: []].formUnion(names)
          }
        } catch {
          throw ProjectError(
            file: project.messages[item.key]?.file ?? item.key,
            message: "invalid ICU message in \(locale) translation: \(error.message)")
        }
      }
      for (family, presets) in folded {
        let names = used[family] ?? []
        let kept = presets.filter { names.contains($0.key) }
        if !kept.isEmpty { filtered[family] = kept }
      }
    } else {
      for (family, presets) in folded {
        let kept = presets.filter { name, _ in
          if let include = target.includeFormats {
            guard let globs = include[family], GlobList(globs).matchesAny(name) else {
              return false
            }
          }
          if let globs = target.excludeFormats?[family], GlobList(globs).matchesAny(name) {
            return false
          }
          return true
        }
        if !kept.isEmpty { filtered[family] = kept }
      }
    }
    return filtered
  }

  /// Segment keys referenced by a group-segment expression (JSON strings are parsed).
  static func segmentKeys(in expression: MessagevisorValue, depth: Int = 0) -> [String] {
    guard depth < 64 else { return [] }
    switch expression {
    case .string(let text):
      if text == "*" { return [] }
      if let parsed = ConditionSpecializer.parseJSON(text) {
        return segmentKeys(in: parsed, depth: depth + 1)
      }
      return [text]
    case .array(let items): return items.flatMap { segmentKeys(in: $0, depth: depth + 1) }
    case .object(let object):
      return object.values.flatMap { segmentKeys(in: $0, depth: depth + 1) }
    default: return []
    }
  }

  func stringify(_ expression: MessagevisorValue, _ target: ProjectTarget) -> MessagevisorValue {
    guard target.stringify else { return expression }
    if case .string = expression { return expression }
    return .string(JSONText.encode(expression))
  }

  /// The output path under `datafiles/` for a target × locale, with upstream's naming:
  /// `[<target namespace dirs>/]messagevisor-<targetLeaf>-<locale>.json`.
  public func relativeOutputPath(target: String, locale: String) -> String {
    let parts = target.components(separatedBy: project.config.namespaceCharacter)
    let leaf = parts.last ?? target
    let name = project.config.datafileNamePattern.replacingOccurrences(
      of: "%s", with: "\(leaf)-\(locale)")
    return (parts.dropLast() + [name]).joined(separator: "/")
  }
}
