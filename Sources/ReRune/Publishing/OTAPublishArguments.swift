/// Command-line arguments of a publish command
/// (`publish --site DIR --locale TAG --key KEY (--value TEXT [--format icu|xcstrings] | --remove)`,
/// or `publish --site DIR --add-locale TAG`), parsed without
/// printing anything, so an executable can wire the subcommand in a few lines:
///
/// ```swift
/// do {
///   let arguments = try OTAPublishArguments.parse(Array(CommandLine.arguments.dropFirst(2)))
///   print(try arguments.run().summary)
/// } catch .helpRequested {
///   print(OTAPublishArguments.usage)
/// } catch {
///   // print `error.description` to stderr and exit non-zero
/// }
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

  /// Help text for the publish command.
  public static let usage = """
    Usage: publish [--site DIR] --locale TAG --key KEY (--value TEXT [--format F] | --remove)
           publish [--site DIR] --add-locale TAG [--key KEY --value TEXT]

    Edits one key of one locale on a local ReRune OTA site, bumps that locale's version and the
    manifest version, and writes the payload and then the manifest atomically, so a running
    previewer picks the edit up on its next check.

    The value is ICU MessageFormat, checked with the ICU parser and written as the String Catalog
    construct that says the same (what the app's catalog reader understands):
      {count, plural, =0 {…} one {# file} other {# files}}  → plural variations (=0 → zero)
      Hi {name}, {count, plural, one {# new} other {# new}}   → %@ and a substitution %#@count@
      {device, select, mac {Click} other {Tap}}               → device variations
      {price, number, ::.00}                                 → %.2f
    Arguments keep their position when named arg1, arg2, …; other names are numbered in order.

    Options:
      --site DIR        the site directory containing manifest.json (default: Demo/ota)
      --locale TAG      a locale declared in the manifest, e.g. nl-NL
      --key KEY         the message key, e.g. welcome_title
      --value TEXT      the new text (newline and tab are the only control characters allowed)
      --format F        icu (default) or xcstrings: an Apple format string ("%lld Dateien"), a JSON
                        object of plural forms ({"one": "%lld Datei", "other": "%lld Dateien"}) or
                        a localization object as Xcode writes it
      --add-locale TAG  declare TAG in the manifest (version 1, payload TAG.xcstrings); with --key
                        and --value the value is then published for it
      --remove          delete the key from the locale's payload, so clients fall back to the
                        bundled text
      -h, --help        show this help
    """

  /// Creates arguments directly.
  public init(
    site: String = OTAPublishArguments.defaultSite, locale: String, key: String, value: String?
  ) {
    self.site = site
    self.locale = locale
    self.key = key
    self.value = value
  }

  /// Parses `arguments` (the words after the subcommand). Accepts `--name value` and `--name=value`.
  public static func parse(_ arguments: [String]) throws(OTAPublishArgumentsError)
    -> OTAPublishArguments
  {
    var site: String?
    var locale: String?
    var key: String?
    var value: String?
    var format: OTAValueFormat = .icu
    var addLocale: String?
    var remove = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "-h" || argument == "--help" { throw .helpRequested }
      if argument == "--remove" {
        remove = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard ["--site", "--locale", "--key", "--value", "--format", "--add-locale"].contains(name)
      else {
        throw .unknownOption(argument)
      }
      let text: String
      if let inline {
        text = inline
      } else {
        guard index < arguments.count else { throw .missingValue(name) }
        text = arguments[index]
        index += 1
      }
      switch name {
      case "--site": site = text
      case "--locale": locale = text
      case "--key": key = text
      case "--format":
        guard let parsed = OTAValueFormat(rawValue: text) else { throw .invalidFormat(text) }
        format = parsed
      case "--add-locale": addLocale = text
      default: value = text
      }
    }
    if let addLocale, key == nil, value == nil, !remove {
      var arguments = OTAPublishArguments(
        site: site ?? defaultSite, locale: locale ?? addLocale, key: "", value: nil)
      arguments.addLocale = addLocale
      return arguments
    }
    guard let locale = locale ?? addLocale else { throw .missingOption("--locale") }
    guard let key else { throw .missingOption("--key") }
    if remove, value != nil { throw .conflictingOptions("--value", "--remove") }
    if !remove, value == nil { throw .missingOption("--value (or --remove)") }
    var arguments = OTAPublishArguments(
      site: site ?? defaultSite, locale: locale, key: key, value: value)
    arguments.format = format
    arguments.addLocale = addLocale
    return arguments
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

/// Why ``OTAPublishArguments/parse(_:)`` stopped.
public enum OTAPublishArgumentsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `-h` or `--help` was given; show ``OTAPublishArguments/usage``.
  case helpRequested
  /// An argument that is not an option of the publish command.
  case unknownOption(String)
  /// An option that needs a value was last.
  case missingValue(String)
  /// A required option is absent.
  case missingOption(String)
  /// Two options that exclude each other were both given.
  case conflictingOptions(String, String)
  /// `--format` is not `icu` or `xcstrings`.
  case invalidFormat(String)

  /// A one-line message for people.
  public var description: String {
    switch self {
    case .helpRequested: return "Help requested"
    case .unknownOption(let option): return "Unknown option \(option) (see --help)"
    case .missingValue(let option): return "\(option) needs a value"
    case .missingOption(let option): return "Missing \(option) (see --help)"
    case .conflictingOptions(let first, let second):
      return "Use either \(first) or \(second), not both"
    case .invalidFormat(let format):
      return "--format must be icu or xcstrings, not \(OTASitePublisherError.quoted(format))"
    }
  }
}
