import Foundation
import Messagevisor

/// The previewer's command-line options.
public struct PreviewOptions: Sendable, Equatable {
  /// The Messagevisor project directory (default `Demo/project`).
  public var project: String?
  /// The project target to show (default: the only target, else `terminal`).
  public var target: String?
  /// The project set to load (for projects whose config enables `sets`).
  public var projectSet: String?
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
  /// The screen to start on (default: the project's first screen).
  public var screen: PreviewScreen?
  /// The width `--print` renders at.
  public var width: Int = 100
  /// The height `--print` renders at (default: as tall as the content needs, at least 30).
  public var height: Int?
  /// Start in inspect mode.
  public var inspect: Bool = false
  /// Draw frames and symbols in ASCII, for terminals or fonts without box-drawing glyphs.
  public var ascii: Bool = false
  /// Where `X` (and `--print`, after its frame) writes the diagnostics and events as JSON.
  public var export: String?
  /// Show the usage text.
  public var help: Bool = false
  /// Watch the project directory and show edits live (`--no-watch` turns it off).
  public var watch: Bool = true

  /// Creates default options.
  public init() {}

  /// The usage text (`--help`).
  public static let usage = """
    messagevisor-preview: see a Messagevisor project's strings on its own screens, in every locale,
    context and currency, live, with over-the-air (OTA) updates.

    USAGE
      messagevisor-preview [options]              interactive (needs a terminal)
      messagevisor-preview --print [options]      render one frame as plain text to stdout
      messagevisor-preview publish --site DIR --locale L --key K (--value TEXT | --remove)
                                                  publish (or remove) an OTA edit on a local site

    WHAT IT SHOWS
      Without --project: the demo. In a messagevisor-swift checkout (Demo/ in the current directory
      or a parent) the editable Demo/ is used; anywhere else the demo built into this binary is
      unpacked to the cache directory (below) and used from there.
      With --project DIR: your project. Its target (--target, or the only one, or "terminal"), its
      locales, context attributes (attributes/, segments/) and screens (previews/*.yml) are used;
      bundled catalogs and OTA only when --resources / --ota-site / --ota-base-url are given.
      Screen files: see docs/preview-screens.md. Without previews/ the message list is shown.

    OPTIONS
      --project DIR         Messagevisor project to load (default: the demo)
      --target NAME         the project target to show (default: the only target, else "terminal";
                            otherwise the previewer lists the targets and exits 64)
      --set NAME            the project set to load (projects whose config enables sets)
      --resources DIR       bundled catalogs (.xcstrings/.strings/.stringsdict; demo: Demo/Resources)
      --ota-site DIR        local OTA site (demo: Demo/ota)
      --ota-base-url URL    OTA over HTTP(S) instead of a local site
      --ota-publish-id ID   OTA publish id (default: the demo's)
      --cache-dir DIR       OTA cache directory (default: see FILES; must be a directory)
      --interval SECONDS    background check interval (default 5; 0 = off)
      --locale LOCALE       initial locale (e.g. nl-NL; default: the project's source locale;
                            pseudo: the pseudo-locale made from the source locale, e.g. en-XA)
      --currency CODE       initial currency (e.g. EUR)
      --time-zone ZONE      initial time zone (e.g. Europe/Amsterdam)
      --context JSON        initial context over the defaults, e.g. '{"plan":"pro","beta":true}'
      --screen NAME         the screen to start on: a previews/NAME.yml of the project, or
                            messages (the message browser: every message of the target with
                            search, filters, a compare locale and a detail view; key m)
      --print               render one frame and exit (after restoring the OTA cache and one check)
      --width N             columns (with --print; default 100)
      --height N            rows (with --print; default: as tall as the screen needs, at least 30)
      --inspect             label every string with its key and origin
      --ascii               draw frames and symbols in ASCII (no box-drawing glyphs)
      --export FILE         write the diagnostics and events as JSON to FILE (with --print after
                            the frame; interactively with X; default ./messagevisor-preview-export.json)
      --no-watch            do not watch the project: edits show only after a restart
      --help                show this text

    LIVE EDITING
      Interactively (not with --print, not with --no-watch) the previewer watches the project
      directory and every directory below it (inotify). What counts: the .yml/.yaml/.json files
      of messages/, attributes/, segments/, locales/, targets/ and previews/, and the config file
      (dotfiles and editor backups ending in ~ are ignored; bundled catalogs and the OTA site are
      not watched, OTA has its own checks). A change is picked up once the tree has been quiet
      for 50 ms (at most 250 ms while writes keep coming); only what the edit touched is rebuilt,
      and the frame shows it without a key press.
      A file that no longer parses, or a project that no longer builds, shows its error
      (file:line:column) in the diagnostics panel and a notice; the last good content stays on
      screen until the project builds again. A watched directory that disappears is waited for.

    FILES
      Cache: $XDG_CACHE_HOME/messagevisor-preview (else ~/.cache/messagevisor-preview): one
      directory per OTA source (the ReRune cache) and demo-<hash>/ (the unpacked embedded demo).
      Screens: <project>/previews/<screen>.yml, schema in docs/preview-screens.md (installed by
      scripts/install as <prefix>/share/doc/messagevisor-swift/preview-screens.md).

    EXIT STATUS
      0 done · 2 not a terminal (or TERM=dumb) · 64 bad option or value (locale, currency, time
      zone, --resources, --cache-dir), unknown target or screen · 65 broken screen file ·
      66 project or OTA site not found or not loadable · 73 the embedded demo cannot be unpacked

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
      case "--target": options.target = try value(argument)
      case "--set": options.projectSet = try value(argument)
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
        guard !text.isEmpty, !text.contains("/") else {
          throw .invalidValue(argument, text, "a screen name such as welcome or messages")
        }
        options.screen = PreviewScreen(rawValue: text)
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
      case "--export": options.export = try value(argument)
      case "--ascii": options.ascii = true
      case "--no-watch": options.watch = false
      case "--help", "-h": options.help = true
      default: throw .unknownOption(argument)
      }
      index += 1
    }
    return options
  }
}
