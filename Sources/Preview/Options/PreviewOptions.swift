import Foundation
import Messagevisor

/// The previewer's command-line options.
public struct PreviewOptions: Sendable, Equatable {
  /// The Messagevisor project directory (default `Demo/project`).
  public var project: String?
  /// The bundled catalogs directory (default `Demo/Resources`).
  public var resources: String?
  /// A local OTA site directory (default `Demo/ota` unless a base URL is given).
  public var otaSite: String?
  /// An HTTP(S) OTA base URL; replaces the local site.
  public var otaBaseURL: String?
  /// The OTA publish id.
  public var otaPublishID: String?
  /// Where the OTA client keeps its cache (default: a directory under the system temp dir).
  public var cacheDirectory: String?
  /// Seconds between background checks (0 disables them).
  public var interval: Double = 5
  /// The initial locale.
  public var locale: String?
  /// The initial currency.
  public var currency: String?
  /// The initial time zone.
  public var timeZone: String?
  /// The initial context, merged over the defaults.
  public var context: MessagevisorContext = [:]
  /// Render one frame as plain text to stdout and exit.
  public var print: Bool = false
  /// The screen `--print` renders.
  public var screen: PreviewScreen = .welcome
  /// Start in the message browser (`--screen messages`).
  public var messages: Bool = false
  /// The width `--print` renders at.
  public var width: Int = 100
  /// The height `--print` renders at (default: as tall as the content needs, at least 30).
  public var height: Int?
  /// Start in inspect mode.
  public var inspect: Bool = false
  /// Show the usage text.
  public var help: Bool = false

  /// Creates default options.
  public init() {}

  /// The usage text (`--help`).
  public static let usage = """
    messagevisor-preview: see the demo's Welcome and Story screens in every locale, audience and
    currency, live, with over-the-air updates.

    USAGE
      messagevisor-preview [options]              interactive (needs a terminal)
      messagevisor-preview --print [options]      render one frame as plain text to stdout
      messagevisor-preview publish --site DIR --locale L --key K --value TEXT
                                                  publish an OTA edit to a local site

    Run it from the repository root (it looks for Demo/ in the current directory and its parents):
      swift run messagevisor-preview

    OPTIONS
      --project DIR         Messagevisor project to load (default Demo/project, target "terminal")
      --resources DIR       bundled catalogs (default Demo/Resources)
      --ota-site DIR        local OTA site (default Demo/ota)
      --ota-base-url URL    OTA over HTTP(S) instead of a local site
      --ota-publish-id ID   OTA publish id (default: the site's)
      --cache-dir DIR       OTA cache directory
      --interval SECONDS    background check interval (default 5; 0 = off)
      --locale LOCALE       initial locale (e.g. nl-NL)
      --currency CODE       initial currency (e.g. EUR)
      --time-zone ZONE      initial time zone (e.g. Europe/Amsterdam)
      --context JSON        initial context, e.g. '{"plan":"pro","beta":true}'
      --print               render one frame and exit (after restoring the OTA cache and one check)
      --screen NAME         welcome | story | messages (the message browser: every message of
                            the target, with search, filters, compare and detail; key m)
      --width N             columns (with --print; default 100)
      --height N            rows (with --print)
      --inspect             label every string with its key and origin
      --help                show this text

    Press ? in the previewer for every key.
    """

  /// Parses arguments (without the program name).
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> PreviewOptions {
    var options = PreviewOptions()
    var index = 0
    func value(_ name: String) throws(PreviewOptionsError) -> String {
      index += 1
      guard index < arguments.count else { throw .missingValue(name) }
      return arguments[index]
    }
    while index < arguments.count {
      var argument = arguments[index]
      // Accept --name=value as well as --name value.
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        let name = String(argument[..<equals])
        let inline = String(argument[argument.index(after: equals)...])
        var expanded = arguments
        expanded[index] = name
        expanded.insert(inline, at: index + 1)
        return try parse(expanded)
      }
      argument = arguments[index]
      switch argument {
      case "--project": options.project = try value(argument)
      case "--resources": options.resources = try value(argument)
      case "--ota-site": options.otaSite = try value(argument)
      case "--ota-base-url": options.otaBaseURL = try value(argument)
      case "--ota-publish-id": options.otaPublishID = try value(argument)
      case "--cache-dir": options.cacheDirectory = try value(argument)
      case "--interval":
        let text = try value(argument)
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
          throw .invalidValue(argument, text, "a number of seconds ≥ 0")
        }
        options.interval = seconds
      case "--locale": options.locale = try value(argument)
      case "--currency": options.currency = try value(argument)
      case "--time-zone": options.timeZone = try value(argument)
      case "--context":
        let text = try value(argument)
        guard let data = text.data(using: .utf8),
          let decoded = try? JSONDecoder().decode(MessagevisorValue.self, from: data),
          let object = decoded.objectValue
        else { throw .invalidValue(argument, text, "a JSON object such as '{\"plan\":\"pro\"}'") }
        options.context = object
      case "--print": options.print = true
      case "--screen":
        let text = try value(argument)
        if text == "messages" {
          options.messages = true
        } else {
          guard let screen = PreviewScreen(rawValue: text) else {
            throw .invalidValue(argument, text, "welcome, story or messages")
          }
          options.screen = screen
        }
      case "--width":
        let text = try value(argument)
        guard let width = Int(text), (20...1000).contains(width) else {
          throw .invalidValue(argument, text, "a column count between 20 and 1000")
        }
        options.width = width
      case "--height":
        let text = try value(argument)
        guard let height = Int(text), (5...1000).contains(height) else {
          throw .invalidValue(argument, text, "a row count between 5 and 1000")
        }
        options.height = height
      case "--inspect": options.inspect = true
      case "--help", "-h": options.help = true
      default: throw .unknownOption(argument)
      }
      index += 1
    }
    return options
  }
}
