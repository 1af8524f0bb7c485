import Foundation
import Messagevisor

/// Publishes single-key edits to a local ReRune OTA site (contract 0.4.0).
///
/// A site is a directory with `manifest.json`
/// (`{"version": N, "locales": {"<tag>": {"version": n, "url": "<tag>.xcstrings"}}}`) and one
/// `.xcstrings` String Catalog payload per locale, found at the entry's relative `url` or, without a
/// `url`, at `<site>/<tag>.xcstrings`.
///
/// Each edit:
/// 1. validates the key and the value (no control characters other than newline and tab; the value
///    parses as ICU MessageFormat, or as catalog-native input with ``OTAValueFormat/xcstrings``) and
///    checks that the locale is declared in the manifest;
/// 2. writes the String Catalog construct equivalent to the value (``ICUCatalogConverter``: plural
///    variations, device variations, substitutions, format specifiers) as the key's localization for
///    that locale (or, with ``remove(locale:key:)``, deletes it), creating the entry or the payload
///    file if needed;
/// 3. bumps the locale's `version` and the manifest's root `version` by one;
/// 4. writes the payload first and the manifest second, each atomically (a temporary file in the
///    same directory, flushed, then renamed over the old file), so a client polling the site never
///    reads a partially written file and never sees a new manifest version before its payload.
///
/// Publishers in different processes are serialised with an advisory lock on
/// `<site>/.publish.lock`, so two terminals publishing at once never lose an edit.
/// An existing `sha256` field of the edited locale entry is recomputed for the new payload.
///
/// ```swift
/// let publisher = OTASitePublisher(sitePath: "Demo/ota")
/// let result = try publisher.publish(locale: "nl-NL", key: "welcome_title", value: "Hallo!")
/// print(result.manifestVersion)
/// ```
public struct OTASitePublisher: Sendable {
  /// The site directory (the one that contains `manifest.json`).
  public let siteDirectory: URL

  /// The `sourceLanguage` written into payload files this publisher creates.
  public var sourceLanguage: String

  /// Creates a publisher for the site in `siteDirectory`.
  public init(siteDirectory: URL, sourceLanguage: String = "en") {
    self.siteDirectory = siteDirectory.standardizedFileURL
    self.sourceLanguage = sourceLanguage
  }

  /// Creates a publisher for the site at `sitePath` (absolute, or relative to the working directory).
  public init(sitePath: String, sourceLanguage: String = "en") {
    self.init(
      siteDirectory: URL(fileURLWithPath: sitePath, isDirectory: true),
      sourceLanguage: sourceLanguage)
  }

  /// The manifest file of the site.
  public var manifestURL: URL { siteDirectory.appendingPathComponent("manifest.json") }

  /// Publishes `value` for `key` in `locale` on the site at `site` (a convenience for scripts).
  @discardableResult
  public static func publish(
    site: String, locale: String, key: String, value: String
  ) throws(OTASitePublisherError) -> OTAPublishResult {
    try OTASitePublisher(sitePath: site).publish(locale: locale, key: key, value: value)
  }

  /// The locales the manifest declares, sorted.
  public func knownLocales() throws(OTASitePublisherError) -> [String] {
    try checkSiteDirectory()
    return try readManifest().locales.keys.sorted()
  }

  /// The payload file the site serves for `locale`.
  public func payloadURL(for locale: String) throws(OTASitePublisherError) -> URL {
    try checkSiteDirectory()
    let manifest = try readManifest()
    guard let entry = manifest.locales[locale] else {
      throw .unknownLocale(locale, known: manifest.locales.keys.sorted())
    }
    return try resolvePayloadURL(locale: locale, entry: entry)
  }

  /// Sets `key` to `value` for `locale`, bumps the locale and manifest versions and writes both
  /// files atomically.
  @discardableResult
  public func publish(
    locale: String, key: String, value: String
  ) throws(OTASitePublisherError) -> OTAPublishResult {
    try publish(locale: locale, key: key, value: value, format: .icu)
  }

  /// Deletes `key` from `locale`'s payload (so clients fall back to bundled text), bumps the
  /// locale and manifest versions and writes both files atomically.
  ///
  /// Throws ``OTASitePublisherError/keyNotFound(locale:key:path:)`` when the payload has no
  /// localization of `key` for `locale`.
  @discardableResult
  public func remove(locale: String, key: String) throws(OTASitePublisherError) -> OTAPublishResult
  {
    try Self.validate(key: key)
    return try edit(locale: locale, key: key, newValue: nil)
  }

  // MARK: - Editing

  func edit(
    locale: String, key: String, newValue: String?,
    localization: [String: MessagevisorValue]? = nil
  ) throws(OTASitePublisherError) -> OTAPublishResult {
    try checkSiteDirectory()
    let lock = try PublisherLock(directory: siteDirectory)
    defer { lock.release() }

    var manifest = try readManifest()
    guard var entry = manifest.locales[locale] else {
      throw .unknownLocale(locale, known: manifest.locales.keys.sorted())
    }
    let payloadURL = try resolvePayloadURL(locale: locale, entry: entry)
    var catalog = try readCatalog(at: payloadURL)

    let outcome: (action: OTAPublishResult.Action, previous: String?)
    if let localization {
      outcome = catalog.set(key: key, locale: locale, localization: localization)
    } else if let newValue {
      outcome = catalog.set(key: key, locale: locale, value: newValue)
    } else {
      guard let previous = catalog.remove(key: key, locale: locale) else {
        throw .keyNotFound(locale: locale, key: key, path: payloadURL.path)
      }
      outcome = (.removed, previous)
    }

    guard entry.version < Int.max, manifest.version < Int.max else {
      throw .versionOverflow(path: manifestURL.path)
    }
    let payloadData = try catalog.encoded()
    entry.version += 1
    manifest.version += 1
    if entry.extra["sha256"] != nil {
      // Keep an existing digest truthful (Flutter clients reject a mismatching payload).
      entry.extra["sha256"] = .string(SHA256Digest.hex(payloadData))
    }
    manifest.locales[locale] = entry

    // Payload first, then the manifest: a client never sees a new version before its payload.
    try PublisherFileIO.write(payloadData, to: payloadURL)
    try PublisherFileIO.write(manifest.encoded(), to: manifestURL)

    return OTAPublishResult(
      locale: locale, key: key, action: outcome.action, previousValue: outcome.previous,
      value: newValue, localeVersion: entry.version, manifestVersion: manifest.version,
      payloadPath: payloadURL.path)
  }

  func checkSite() throws(OTASitePublisherError) { try checkSiteDirectory() }

  func loadManifest() throws(OTASitePublisherError) -> PublisherManifest { try readManifest() }

  private func checkSiteDirectory() throws(OTASitePublisherError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: siteDirectory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw .siteNotFound(path: siteDirectory.path) }
  }

  private func readManifest() throws(OTASitePublisherError) -> PublisherManifest {
    let url = manifestURL
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw .manifestMissing(path: url.path)
    }
    let data = try PublisherFileIO.read(url)
    return try PublisherManifest(data: data, path: url.path)
  }

  private func readCatalog(at url: URL) throws(OTASitePublisherError) -> PublisherCatalog {
    guard FileManager.default.fileExists(atPath: url.path) else {
      return PublisherCatalog(sourceLanguage: sourceLanguage)
    }
    return try PublisherCatalog(data: PublisherFileIO.read(url), path: url.path)
  }

  /// The payload's file: the entry's relative `url` inside the site, or `<tag>.xcstrings`.
  private func resolvePayloadURL(
    locale: String, entry: PublisherManifest.Entry
  ) throws(OTASitePublisherError) -> URL {
    let relative: String
    if let url = entry.url {
      let lowered = url.lowercased()
      guard !url.isEmpty, !lowered.contains("://"), !lowered.hasPrefix("file:"),
        !url.hasPrefix("/"),
        !url.contains("?"), !url.contains("#"),
        let decoded = url.removingPercentEncoding, !decoded.isEmpty
      else { throw .payloadNotLocal(locale: locale, url: url) }
      relative = decoded
    } else {
      guard !locale.contains("/"), !locale.contains("\\"), locale != "..", locale != "." else {
        throw .payloadNotLocal(locale: locale, url: "\(locale).xcstrings")
      }
      relative = "\(locale).xcstrings"
    }
    let resolved = siteDirectory.appendingPathComponent(relative).standardizedFileURL
    let root = siteDirectory.path.hasSuffix("/") ? siteDirectory.path : siteDirectory.path + "/"
    guard resolved.path.hasPrefix(root) else {
      throw .payloadNotLocal(locale: locale, url: entry.url ?? relative)
    }
    return resolved
  }
}
