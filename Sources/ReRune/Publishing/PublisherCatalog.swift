import Foundation
import Messagevisor

/// An `.xcstrings` String Catalog as the publisher edits it: only the addressed key's localization
/// changes; every other entry and field is preserved.
struct PublisherCatalog: Sendable {
  private var root: [String: MessagevisorValue]
  private var strings: [String: MessagevisorValue]

  /// An empty catalog (`{"sourceLanguage": …, "version": "1.0", "strings": {}}`).
  init(sourceLanguage: String) {
    root = ["sourceLanguage": .string(sourceLanguage), "version": "1.0"]
    strings = [:]
  }

  init(data: Data, path: String) throws(OTASitePublisherError) {
    let value: MessagevisorValue
    do {
      value = try JSONDecoder().decode(MessagevisorValue.self, from: data)
    } catch {
      throw .payloadMalformed(path: path, reason: "not valid JSON (\(error.localizedDescription))")
    }
    guard case .object(var object) = value else {
      throw .payloadMalformed(path: path, reason: "the top level is not a JSON object")
    }
    guard case .object(let strings)? = object["strings"] else {
      throw .payloadMalformed(
        path: path, reason: "\"strings\" must be an object keyed by message key")
    }
    object.removeValue(forKey: "strings")
    self.root = object
    self.strings = strings
  }

  /// Sets the simple `stringUnit` of `key` for `locale`, replacing any variations or
  /// substitutions of that localization (ReRune 0.4.0 applies only simple units).
  mutating func set(
    key: String, locale: String, value: String
  ) -> (action: OTAPublishResult.Action, previous: String?) {
    var entry = strings[key]?.objectValue ?? [:]
    let existed = strings[key] != nil
    var localizations = entry["localizations"]?.objectValue ?? [:]
    let tag = Self.matchingTag(in: localizations, for: locale) ?? locale
    var localization = localizations[tag]?.objectValue ?? [:]
    let previous = Self.simpleValue(of: localization)
    let hadLocalization = localizations[tag] != nil
    localization.removeValue(forKey: "variations")
    localization.removeValue(forKey: "substitutions")
    localization["stringUnit"] = ["state": "translated", "value": .string(value)]
    localizations[tag] = .object(localization)
    entry["localizations"] = .object(localizations)
    strings[key] = .object(entry)
    return (existed && hadLocalization ? .updated : .created, previous)
  }

  /// Sets `key`'s localization for `locale` to `localization` (a `stringUnit`, `variations` and/or
  /// `substitutions` object), replacing what it had.
  mutating func set(
    key: String, locale: String, localization new: [String: MessagevisorValue]
  ) -> (action: OTAPublishResult.Action, previous: String?) {
    var entry = strings[key]?.objectValue ?? [:]
    let existed = strings[key] != nil
    var localizations = entry["localizations"]?.objectValue ?? [:]
    let tag = Self.matchingTag(in: localizations, for: locale) ?? locale
    let previous = localizations[tag]?.objectValue.flatMap { Self.simpleValue(of: $0) }
    let hadLocalization = localizations[tag] != nil
    localizations[tag] = .object(new)
    entry["localizations"] = .object(localizations)
    strings[key] = .object(entry)
    return (existed && hadLocalization ? .updated : .created, previous)
  }

  /// Removes `locale`'s localization of `key` (and the key when no localization is left).
  /// Returns the previous simple value, `""` when it had none, or `nil` when there was nothing to remove.
  mutating func remove(key: String, locale: String) -> String? {
    guard var entry = strings[key]?.objectValue,
      var localizations = entry["localizations"]?.objectValue,
      let tag = Self.matchingTag(in: localizations, for: locale),
      let localization = localizations[tag]?.objectValue
    else { return nil }
    let previous = Self.simpleValue(of: localization) ?? ""
    localizations.removeValue(forKey: tag)
    if localizations.isEmpty {
      strings.removeValue(forKey: key)
    } else {
      entry["localizations"] = .object(localizations)
      strings[key] = .object(entry)
    }
    return previous
  }

  func encoded() throws(OTASitePublisherError) -> Data {
    var object = root
    object["strings"] = .object(strings)
    return try PublisherFileIO.encodeJSON(.object(object), path: "payload")
  }

  /// The localization tag that serves `locale`, as the ReRune reader picks it: exact, then
  /// normalised (`_` ↔ `-`, case-insensitive), then the only localization of the entry.
  static func matchingTag(in localizations: [String: MessagevisorValue], for locale: String)
    -> String?
  {
    if localizations[locale] != nil { return locale }
    let normalized = normalize(locale)
    if let tag = localizations.keys.sorted().first(where: { normalize($0) == normalized }) {
      return tag
    }
    if localizations.count == 1 { return localizations.keys.first }
    return nil
  }

  private static func normalize(_ tag: String) -> String {
    tag.replacingOccurrences(of: "_", with: "-").lowercased()
  }

  private static func simpleValue(of localization: [String: MessagevisorValue]) -> String? {
    localization["stringUnit"]?.objectValue?["value"]?.stringValue
  }
}
