/// One edit of a local OTA site, as a publish command gives it (the site, the locale, the key and
/// the value or its removal, or a locale to declare); ``run()`` performs it with
/// ``OTASitePublisher``. Command lines are parsed above the library (the previewer's
/// `publish` subcommand builds this value from its declared options):
///
/// ```swift
/// var edit = OTAPublishArguments(site: "Demo/ota", locale: "nl-NL", key: "welcome_title", value: "Hallo!")
/// edit.format = .icu
/// print(try edit.run().summary)
/// ```
public struct OTAPublishArguments: Sendable, Equatable {
  /// The site directory; `Demo/ota` unless `--site` is given.
  public var site: String
  /// The manifest locale to edit (`--locale`).
  public var locale: String
  /// The message key to edit (`--key`).
  public var key: String
  /// The new value (`--value`), or `nil` with `--remove` or a lone `--add-locale`.
  public var value: String?
  /// How the value is written (`--format`, default ICU MessageFormat).
  public var format: OTAValueFormat = .icu
  /// A locale to declare in the manifest first (`--add-locale`).
  public var addLocale: String?

  /// The site used when `--site` is absent.
  public static let defaultSite = "Demo/ota"

  /// Creates arguments directly.
  public init(
    site: String = OTAPublishArguments.defaultSite, locale: String, key: String, value: String?
  ) {
    self.site = site
    self.locale = locale
    self.key = key
    self.value = value
  }

  /// Performs the edit with ``OTASitePublisher``.
  @discardableResult
  public func run() throws(OTASitePublisherError) -> OTAPublishResult {
    let publisher = OTASitePublisher(sitePath: site)
    if let addLocale {
      let version = try publisher.addLocale(addLocale)
      if key.isEmpty {
        return OTAPublishResult(
          locale: addLocale, key: "", action: .localeAdded, previousValue: nil, value: nil,
          localeVersion: 1, manifestVersion: version,
          payloadPath: publisher.siteDirectory.appendingPathComponent("\(addLocale).xcstrings").path
        )
      }
    }
    if let value {
      return try publisher.publish(locale: locale, key: key, value: value, format: format)
    }
    return try publisher.remove(locale: locale, key: key)
  }
}
