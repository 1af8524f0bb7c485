import Foundation
import Messagevisor

/// A loaded Messagevisor project: config and all entities, keyed and validated.
public struct Project: Sendable {
  /// The project root directory.
  public var rootPath: String
  /// The effective configuration.
  public var config: ProjectConfig
  /// The set the entities were loaded from, when `sets` is on.
  public var set: String?
  /// Attributes by key.
  public var attributes: [String: ProjectAttribute] = [:]
  /// Locales by key.
  public var locales: [String: ProjectLocale] = [:]
  /// Messages by key (archived ones included; builds skip them).
  public var messages: [String: ProjectMessage] = [:]
  /// Segments by key.
  public var segments: [String: ProjectSegment] = [:]
  /// Targets by key.
  public var targets: [String: ProjectTarget] = [:]
  /// Test specs in path order.
  public var tests: [ProjectTestSpec] = []

  /// Creates an empty project at `rootPath`.
  public init(rootPath: String, config: ProjectConfig, set: String? = nil) {
    self.rootPath = rootPath
    self.config = config
    self.set = set
  }
}

/// An attribute definition (used for validation of conditions).
public struct ProjectAttribute: Sendable {
  /// The attribute key.
  public var key: String
  /// The declared type, if any.
  public var type: String?
  /// Whether the attribute is archived.
  public var archived: Bool
  /// The file it came from.
  public var file: String
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")
}

/// A locale definition.
public struct ProjectLocale: Sendable {
  /// The locale key (for example `nl-NL`).
  public var key: String
  /// `ltr` or `rtl`, when given.
  public var direction: String?
  /// The locale translations fall back to.
  public var inheritTranslationsFrom: String?
  /// The locale format presets are inherited from.
  public var inheritFormatsFrom: String?
  /// Own format presets: `{family: {name: options}}`.
  public var formats: [String: [String: MessagevisorValue]]
  /// The raw `examples` list.
  public var examples: [YAMLNode]
  /// The file it came from.
  public var file: String
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")
}

/// A message definition.
public struct ProjectMessage: Sendable {
  /// The message key.
  public var key: String
  /// Base translations by locale.
  public var translations: LocaleTable<String>
  /// Ordered overrides.
  public var overrides: [ProjectOverride]
  /// Whether the message is deprecated.
  public var deprecated: Bool
  /// The deprecation warning, when given.
  public var deprecationWarning: String?
  /// Free metadata copied into datafiles.
  public var meta: MessagevisorValue?
  /// Archived messages are excluded from builds.
  public var archived: Bool
  /// The raw `examples` list.
  public var examples: [YAMLNode]
  /// The file it came from.
  public var file: String
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")
  /// Where each base translation's scalar is, by locale.
  public var translationLocations: LocaleTable<SourceLocation> = [:]
  /// Where the `translations:` key is (the place to add a missing locale), when present.
  public var translationsLocation: SourceLocation? = nil
  /// `translatorContext` as written (for example `maxGraphemes`), when given.
  public var translatorContext: MessagevisorValue? = nil
  /// `translationStates` as written (`{locale: {status, sourceHash, targetHash}}`), when given.
  public var translationStates: MessagevisorValue? = nil
  /// Lint codes silenced for this message (`lint: {ignore: [code, …]}`).
  public var lintIgnore: [String] = []
  /// `description` as written (for translators: `export`'s `messageDescription`), when given.
  public var description: String? = nil
}

/// One conditional override of a message.
public struct ProjectOverride: Sendable {
  /// The override key.
  public var key: String
  /// The condition expression (source form), if any.
  public var conditions: MessagevisorValue?
  /// The group-segment expression (source form), if any.
  public var segments: MessagevisorValue?
  /// Translations by locale.
  public var translations: LocaleTable<String>
  /// Where the override's list item starts.
  public var location = SourceLocation(file: "")
  /// Where each translation's scalar is, by locale.
  public var translationLocations: LocaleTable<SourceLocation> = [:]
  /// Where `conditions` is, when given.
  public var conditionsLocation: SourceLocation? = nil
  /// `translatorContext` as written, when given.
  public var translatorContext: MessagevisorValue? = nil
  /// `translationStates` as written (`{locale: {status, sourceHash, targetHash}}`), when given.
  public var translationStates: MessagevisorValue? = nil
  /// `description` as written, when given.
  public var description: String? = nil
}

/// A reusable segment.
public struct ProjectSegment: Sendable {
  /// The segment key.
  public var key: String
  /// The condition expression (source form).
  public var conditions: MessagevisorValue
  /// Archived segments never match.
  public var archived: Bool
  /// The file it came from.
  public var file: String
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")
}

/// A build target.
public struct ProjectTarget: Sendable {
  /// The target key (may contain the namespace character, e.g. `apps.admin`).
  public var key: String
  /// JSON-encode condition/segment expressions (default true).
  public var stringify: Bool = true
  /// Pretty-print the written datafiles.
  public var pretty: Bool = false
  /// Use the sha1 of the datafile as its revision.
  public var revisionFromHash: Bool = false
  /// Message key globs to include (default `*`), compiled once.
  public var includedMessages = GlobList(["*"])
  /// Message key globs to exclude, compiled once.
  public var excludedMessages = GlobList([])
  /// Keep only format presets referenced by included messages.
  public var includeOnlyUsedFormats: Bool = false
  /// Per-family preset globs to include.
  public var includeFormats: [String: [String]]? = nil
  /// Per-family preset globs to exclude.
  public var excludeFormats: [String: [String]]? = nil
  /// The locales to build (nil = all).
  public var locales: [String]? = nil
  /// Build-time context for specialisation.
  public var context: [String: MessagevisorValue] = [:]
  /// Per-locale format overlays: `{locale: {family: {name: options}}}`.
  public var formats: [String: [String: [String: MessagevisorValue]]] = [:]
  /// The file it came from.
  public var file: String = ""
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")

  /// The patterns of ``includedMessages``, as written.
  public var includeMessages: [String] {
    get { includedMessages.patterns }
    set { includedMessages = GlobList(newValue) }
  }

  /// The patterns of ``excludedMessages``, as written.
  public var excludeMessages: [String] {
    get { excludedMessages.patterns }
    set { excludedMessages = GlobList(newValue) }
  }

  /// Whether the target takes the message `key`: an included glob matches it and no excluded
  /// one does.
  public func includesMessage(_ key: String) -> Bool {
    includedMessages.matchesAny(key) && !excludedMessages.matchesAny(key)
  }
}

/// A test spec file.
public struct ProjectTestSpec: Sendable {
  /// The spec kind, decided by its top-level key.
  public enum Kind: String, Sendable {
    /// `message:` spec.
    case message
    /// `segment:` spec.
    case segment
    /// `target:` spec.
    case target
    /// `locale:` spec.
    case locale
  }
  /// The kind.
  public var kind: Kind
  /// The entity the spec is about (message, segment, target or locale key).
  public var subject: String
  /// The spec's key (its path under `tests/` without extension, `/` kept).
  public var key: String
  /// The parsed assertions.
  public var assertions: [YAMLNode]
  /// The file it came from (relative to the project root).
  public var file: String
  /// Where the entity's definition starts (its file, line and column).
  public var location = SourceLocation(file: "")

  /// Creates a spec.
  public init(
    kind: Kind, subject: String, key: String, assertions: [YAMLNode], file: String,
    location: SourceLocation = SourceLocation(file: "")
  ) {
    self.kind = kind
    self.subject = subject
    self.key = key
    self.assertions = assertions
    self.file = file
    self.location = location
  }
}
