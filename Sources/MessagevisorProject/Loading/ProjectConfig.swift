import Foundation

/// The project configuration (`messagevisor.config.yml` / `.json`, or what can be read safely from
/// a JavaScript config), with upstream's defaults.
public struct ProjectConfig: Sendable, Equatable {
  /// Source file format: `yml` or `json`.
  public enum Parser: String, Sendable {
    /// YAML files (`.yml`).
    case yml
    /// JSON files (`.json`).
    case json

    /// The file extension entity files use.
    public var fileExtension: String { self == .yml ? "yml" : "json" }
  }

  /// The character joining path components into entity keys (default `.`).
  public var namespaceCharacter: String = "."
  /// The separator upstream uses for exported override keys (default `:`).
  public var exportOverrideKeySeparator: String = ":"
  /// The file format of entity files.
  public var parser: Parser = .yml
  /// The source locale, when configured.
  public var sourceLocale: String? = nil
  /// Whether the project enables the ICU module.
  public var icuModule: Bool = true
  /// Whether the project enables the interpolation module.
  public var interpolationModule: Bool = false
  /// Whether inline `::` skeletons are allowed in ICU arguments (`icuSkeleton`).
  public var icuSkeleton: Bool = false
  /// Whether `lint` checks ICU messages (`lintIcu`, default true).
  public var lintIcu: Bool = true
  /// The `lint:` section (severities, ignored keys, identical-text allow-list).
  public var lint = LintConfig()
  /// Whether entities live under `sets/<set>/`.
  public var sets: Bool = false
  /// `promotionFlows`: the sets each set may be promoted to (`nil`: any set to any other).
  public var promotionFlows: [String: [String]]? = nil
  /// Output name pattern; `%s` is replaced by `<targetLeaf>-<locale>`.
  public var datafileNamePattern: String = "messagevisor-%s.json"
  /// The revision state file name inside `.messagevisor/`.
  public var revisionFileName: String = "REVISION"
  /// Directory overrides (`attributesDirectoryPath`, …), relative to the project root.
  public var directoryPaths: [String: String] = [:]
  /// The config file that was read (nil when there is none).
  public var file: String? = nil
  /// Human notes about how the config was obtained (e.g. what was inferred from a `.js` file).
  public var notes: [String] = []

  /// The defaults used when a project has no config file: parser `yml`, namespace `.`, ICU on.
  public init() {}

  /// The option keys upstream accepts.
  public static let knownKeys: Set<String> = [
    "sourceLocale", "modules", "namespaceCharacter", "exportOverrideKeySeparator", "lintIcu",
    "icuSkeleton", "sets", "promotionFlows", "parser", "datafileNamePattern", "revisionFileName",
    "adapter", "plugins", "lint", "attributesDirectoryPath", "localesDirectoryPath",
    "messagesDirectoryPath", "segmentsDirectoryPath", "targetsDirectoryPath",
    "testsDirectoryPath", "datafilesDirectoryPath", "stateDirectoryPath", "exportsDirectoryPath",
    "catalogDirectoryPath", "setsDirectoryPath", "outputDirectoryPath",
  ]
}
