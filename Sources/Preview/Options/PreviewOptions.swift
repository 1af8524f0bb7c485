import Foundation
import Messagevisor

/// The previewer's options (parsed from its command line by the `PreviewCLI` layer).
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
  /// Turn on mouse reporting (`--no-mouse` turns it off).
  public var mouse: Bool = true
  /// Whether `y` writes OSC 52 (`--osc52 on|off|auto`).
  public var osc52: ClipboardSupport.Choice = .auto
  /// Watch the project directory and show edits live (`--no-watch` turns it off).
  public var watch: Bool = true
  /// Start from the persistent build cache and keep it (`BuildCacheStore`; `--no-build-cache`
  /// turns it off).
  public var buildCache: Bool = true

  /// Creates default options.
  public init() {}
}
