/// Command-line arguments of a publish command
/// (`publish --site DIR --locale TAG --key KEY (--value TEXT | --remove)`), parsed without
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
  /// The new value (`--value`), or `nil` with `--remove`.
  public var value: String?

  /// The site used when `--site` is absent.
  public static let defaultSite = "Demo/ota"

  /// Help text for the publish command.
  public static let usage = """
    Usage: publish [--site DIR] --locale TAG --key KEY (--value TEXT | --remove)

    Edits one key of one locale on a local ReRune OTA site, bumps that locale's version and the
    manifest version, and writes the payload and then the manifest atomically, so a running
    previewer picks the edit up on its next check.

    Options:
      --site DIR      the site directory containing manifest.json (default: Demo/ota)
      --locale TAG    a locale declared in the manifest, e.g. nl-NL
      --key KEY       the message key, e.g. welcome_title
      --value TEXT    the new text (ICU MessageFormat; newline and tab are the only control
                      characters allowed; braces must balance)
      --remove        delete the key from the locale's payload, so clients fall back to the
                      bundled text
      -h, --help      show this help
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
      guard ["--site", "--locale", "--key", "--value"].contains(name) else {
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
      default: value = text
      }
    }
    guard let locale else { throw .missingOption("--locale") }
    guard let key else { throw .missingOption("--key") }
    if remove, value != nil { throw .conflictingOptions("--value", "--remove") }
    if !remove, value == nil { throw .missingOption("--value (or --remove)") }
    return OTAPublishArguments(site: site ?? defaultSite, locale: locale, key: key, value: value)
  }

  /// Performs the edit with ``OTASitePublisher``.
  @discardableResult
  public func run() throws(OTASitePublisherError) -> OTAPublishResult {
    let publisher = OTASitePublisher(sitePath: site)
    if let value {
      return try publisher.publish(locale: locale, key: key, value: value)
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

  /// A one-line message for people.
  public var description: String {
    switch self {
    case .helpRequested: return "Help requested"
    case .unknownOption(let option): return "Unknown option \(option) (see --help)"
    case .missingValue(let option): return "\(option) needs a value"
    case .missingOption(let option): return "Missing \(option) (see --help)"
    case .conflictingOptions(let first, let second):
      return "Use either \(first) or \(second), not both"
    }
  }
}
