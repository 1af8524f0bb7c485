import Foundation
import Messagevisor

extension OTASitePublisher {
  /// Publishes `value`, written in `format`, for `key` in `locale`: the value becomes the String
  /// Catalog construct that says the same thing (plural variations, device variations,
  /// substitutions, specifiers), is checked with the client's own catalog reader for that locale,
  /// and replaces the key's localization; the locale and manifest versions are bumped and both
  /// files written atomically. `argumentOrder` gives the positions of named ICU arguments (the
  /// project message's names in order, see ``CatalogArgumentNames/names(in:)``).
  @discardableResult
  public func publish(
    locale: String, key: String, value: String, format: OTAValueFormat,
    argumentOrder: [String] = []
  ) throws(OTASitePublisherError) -> OTAPublishResult {
    try Self.validate(key: key)
    try Self.validate(value: value, for: key)
    let localization = try Self.localization(
      for: value, format: format, key: key, locale: locale, argumentOrder: argumentOrder)
    return try edit(locale: locale, key: key, newValue: value, localization: localization)
  }

  /// Declares `locale` in the manifest (version 1, payload `<locale>.xcstrings`, created empty when
  /// absent), bumps the manifest version and writes the payload, then the manifest, atomically.
  /// Returns the new manifest version.
  @discardableResult
  public func addLocale(_ locale: String) throws(OTASitePublisherError) -> Int {
    guard ReRuneDiskCache.isSafeLocaleKey(locale), !locale.contains("\\") else {
      throw .invalidLocale(locale)
    }
    try checkSite()
    let lock = try PublisherLock(directory: siteDirectory)
    defer { lock.release() }
    var manifest = try loadManifest()
    guard manifest.locales[locale] == nil else { throw .localeAlreadyDeclared(locale) }
    guard manifest.version < Int.max else { throw .versionOverflow(path: manifestURL.path) }
    let payloadURL = siteDirectory.appendingPathComponent("\(locale).xcstrings")
    if !FileManager.default.fileExists(atPath: payloadURL.path) {
      try PublisherFileIO.write(
        PublisherCatalog(sourceLanguage: sourceLanguage).encoded(), to: payloadURL)
    }
    manifest.locales[locale] = PublisherManifest.Entry(version: 1, url: nil, extra: [:])
    manifest.version += 1
    try PublisherFileIO.write(manifest.encoded(), to: manifestURL)
    return manifest.version
  }

  /// The catalog localization `value` (in `format`) becomes for `locale`, verified by reading it
  /// back with ``XCStringsReader`` for that locale (every device variation).
  public static func localization(
    for value: String, format: OTAValueFormat, key: String, locale: String,
    argumentOrder: [String] = []
  ) throws(OTASitePublisherError) -> [String: MessagevisorValue] {
    let localization: [String: MessagevisorValue]
    switch format {
    case .icu:
      do {
        guard
          let object = try ICUCatalogConverter.convert(
            value, locale: locale, argumentOrder: argumentOrder
          ).localization
            .objectValue
        else {
          throw OTASitePublisherError.invalidValue(key: key, reason: "internal: not an object")
        }
        localization = object
      } catch let error as ICUCatalogConverter.Failure {
        throw .invalidValue(key: key, reason: error.reason)
      } catch let error as OTASitePublisherError {
        throw error
      } catch {
        throw .invalidValue(key: key, reason: "\(error)")
      }
    case .xcstrings:
      localization = try nativeLocalization(value, key: key)
    }
    try verify(localization, key: key, locale: locale)
    return localization
  }

  static func nativeLocalization(_ value: String, key: String) throws(OTASitePublisherError)
    -> [String: MessagevisorValue]
  {
    let unit: (String) -> MessagevisorValue = {
      .object(["stringUnit": .object(["state": "translated", "value": .string($0)])])
    }
    guard value.trimmingCharacters(in: .whitespaces).hasPrefix("{") else {
      return unit(value).objectValue ?? [:]
    }
    let decoded: MessagevisorValue
    do {
      decoded = try JSONDecoder().decode(MessagevisorValue.self, from: Data(value.utf8))
    } catch {
      throw .invalidValue(
        key: key,
        reason:
          "a --format xcstrings value that starts with '{' must be a JSON object (plural forms or a localization): \(error.localizedDescription)"
      )
    }
    guard let object = decoded.objectValue else {
      throw .invalidValue(key: key, reason: "the JSON value must be an object")
    }
    if object["stringUnit"] != nil || object["variations"] != nil {
      return object
    }
    let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    var forms: [String: MessagevisorValue] = [:]
    for (category, text) in object {
      guard categories.contains(category), let text = text.stringValue else {
        throw .invalidValue(
          key: key,
          reason:
            "plural forms must map zero/one/two/few/many/other to strings (found '\(category)')")
      }
      forms[category] = unit(text)
    }
    return ["variations": .object(["plural": .object(forms)])]
  }

  /// Reads the localization back as the client would (strictly), once per device it names.
  static func verify(
    _ localization: [String: MessagevisorValue], key: String, locale: String
  ) throws(OTASitePublisherError) {
    let catalog: MessagevisorValue = .object([
      "sourceLanguage": "en",
      "strings": .object([key: .object(["localizations": .object([locale: .object(localization)])])]
      ),
    ])
    let data: Data
    do {
      data = try JSONEncoder().encode(catalog)
    } catch {
      throw .invalidValue(key: key, reason: "cannot encode the localization: \(error)")
    }
    var devices = ["other"]
    if let variants = localization["variations"]?.objectValue?["device"]?.objectValue {
      devices = variants.keys.sorted()
    }
    for device in devices {
      do {
        let document = try XCStringsDocument.parse(data, file: "published value")
        _ = try document.entries(
          forLocale: locale, options: .init(device: device, invalidEntries: .reject))
      } catch {
        throw .invalidValue(key: key, reason: error.message)
      }
    }
  }
}
