import Foundation
import Messagevisor
import MessagevisorICU
import MessagevisorProject
import ReRune

/// Builds a ``PreviewSessionConfiguration`` from command-line options: the chosen target of the
/// project, the bundled catalogs and a ReRune client for the OTA site (each only when there is one).
public enum PreviewLauncher {
  /// The demo's OTA publish id (rerune.md §6.1), used for local sites when none is given.
  public static let demoPublishID =
    "a68e482cde9e205aae1a4249ed56972d5eb95b34ea3451a8c5f7cf18b9da0d2a"

  /// The engine modules the previewer installs: ICU MessageFormat (the demo project's module).
  public static func defaultModules() -> [MessagevisorModule] { [createICUModule()] }

  /// A start-up failure with what to fix.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
    /// Whether the command line is at fault (exit 64) rather than the project or a file.
    public var isUsageError: Bool = false
  }

  /// What the launcher prepared.
  public struct Prepared: Sendable {
    /// The session configuration.
    public var configuration: PreviewSessionConfiguration
    /// Problems worth showing (bundled catalog entries skipped, cache files ignored).
    public var problems: [String]
    /// Screen file problems (file:line:column) and unknown keys, as diagnostics.
    public var diagnostics: [DiagnosticEntry]
    /// The OTA description for the OTA panel (`site Demo/ota · every 5 s`), empty without OTA.
    public var otaSummary: String
    /// The loaded project.
    public var project: PreviewProject
    /// Notes about start-up values that were adjusted (`--locale nl` → `nl-NL`).
    public var notes: [String] = []
    /// What the status bar says at start (the set shown when a project with sets was opened
    /// without `--set`).
    public var notice: String?
    /// Why the project did not build at start, when the previewer opens anyway and waits for a
    /// fix (interactive with live editing only): ``project`` is then empty and live editing
    /// shows the project once it builds.
    public var startupFailure: String?
  }

  /// Prepares everything: may throw when the project cannot be loaded, the target or set is
  /// unknown or ambiguous, or the OTA options are bad. A project with sets opened without `--set`
  /// shows its first set (``Prepared/notice`` says so). With `waitForFix`, a project directory
  /// whose files do not build yet is not an error: ``Prepared/startupFailure`` says why and the
  /// project is empty until live editing builds it. With `lazyLocales`, only the locale shown
  /// first and the source locale are built; the session builds the others later
  /// (``PreviewSessionConfiguration/projectBuild``).
  public static func prepare(
    options: PreviewOptions, paths: DemoPaths, modules: [MessagevisorModule],
    requestTimeout: TimeInterval = 5, waitForFix: Bool = false, lazyLocales: Bool = false
  ) throws(Failure) -> Prepared {
    var project: PreviewProject
    var startupFailure: String?
    let chosen: (set: String?, note: String?)
    do {
      chosen = try PreviewProjectLoader.chooseSet(options.projectSet, path: paths.project)
    } catch {
      throw Failure(description: error.description, isUsageError: error.isUsageError)
    }
    let buildCache =
      options.buildCache
      ? BuildCacheStore.forProject(root: paths.project, set: chosen.set) : nil
    do {
      project = try PreviewProjectLoader.load(
        path: paths.project, target: options.target, set: chosen.set, buildCache: buildCache,
        lazyLocales: lazyLocales, locale: options.locale)
    } catch {
      guard waitForFix, !error.isUsageError, FileManager.default.fileExists(atPath: paths.project)
      else { throw Failure(description: error.description, isUsageError: error.isUsageError) }
      startupFailure = error.description
      project = try waitingProject(options: options, path: paths.project, set: chosen.set)
    }
    let locales = project.locales
    var problems: [String] = buildCache?.warning.map { ["build cache: \($0)"] } ?? []
    // Waiting for a fix, the project has no locales to check `--locale` against yet.
    var startup = (
      locale: options.locale ?? project.sourceLocale, currency: "USD",
      timeZone: TimeZone.current.identifier, notes: [String]()
    )
    if startupFailure == nil {
      startup = try startupValues(options: options, project: project)
    }
    if let resources = options.resources {
      try StartupValues.directory(resources, option: "--resources")
    }
    if let cache = options.cacheDirectory {
      try StartupValues.directory(cache, option: "--cache-dir", mayBeMissing: true)
    }
    var bases: [DatafileLayers.Layer] = []
    if let resources = paths.resources {
      let bundle = CatalogDirectory.load(directory: resources)
      problems += bundle.problems.map(\.description)
      let mapped = ReRuneMessagevisorBridge.baseDatafiles(
        from: bundle.catalogs, target: "bundle", revision: ""
      ) { tag, catalog in
        CatalogDirectory.mapLocale(
          tag, onto: locales, sourceLocale: project.sourceLocale, source: catalog.sourceLanguage)
      }
      let bundled = BundleLocaleSiblings.extend(
        mapped, locales: locales, sourceLocale: project.sourceLocale)
      bases.append(
        .init(
          name: "bundle",
          datafiles: Dictionary(
            bundled.map { ($0.locale, $0) }, uniquingKeysWith: { _, new in new })))
    }
    bases.append(.init(name: project.layerName, datafiles: project.datafiles))
    let layers = DatafileLayers(bases: bases)

    var ota: (any PreviewOTASource)?
    var summary = ""
    var publishSite: String?
    if let location = try otaLocation(options: options, paths: paths) {
      if case .directory(let url) = location.source { publishSite = url.path }
      let publishID = options.otaPublishID ?? demoPublishID
      let cacheURL = URL(
        fileURLWithPath: options.cacheDirectory
          ?? defaultCacheDirectory(for: location.label + publishID))
      let client: ReRuneClient
      do {
        client = try ReRuneClient(
          ReRuneConfiguration(
            otaPublishId: publishID,
            updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
            requestTimeout: requestTimeout, source: location.source, cache: .directory(cacheURL),
            usesMainBundle: false, onDiagnostic: { _ in }))
      } catch {
        throw Failure(description: "--ota-publish-id: \(error)", isUsageError: true)
      }
      problems += client.cacheProblems
      let every = options.interval > 0 ? " · every \(formatSeconds(options.interval))" : ""
      summary = location.label + every
      ota = ReRuneOTASource(client: client, summary: summary)
    }
    let context = project.defaultContext.merging(options.context) { _, new in new }
    var sources = SessionSources(
      screens: project.screens, attributes: project.attributes, projectLayer: project.layerName,
      localeOrder: project.locales, project: project.project)
    sources.sourceLocale = project.sourceLocale
    sources.messageNotes = project.project.map(MessageNotes.of) ?? [:]
    sources.projectPath = project.path
    sources.projectTarget = project.target
    sources.projectSet = project.set
    sources.sets = project.sets
    var configuration = PreviewSessionConfiguration(
      layers: layers, ota: ota,
      locale: startup.locale, currency: startup.currency, timeZone: startup.timeZone,
      context: context,
      modules: modules, sources: sources)
    configuration.publishSite = publishSite
    if lazyLocales { configuration.projectBuild = project.liveBuild }
    configuration.lintInBackground = !options.print
    var prepared = Prepared(
      configuration: configuration, problems: problems,
      // Waiting for a fix, every key would be unknown: the screens are checked once it builds.
      diagnostics: startupFailure == nil
        ? ScreenDiagnostics.check(project.screens, layers: layers) : [],
      otaSummary: summary, project: project, notes: startup.notes)
    prepared.notice = startupFailure == nil ? chosen.note : nil
    prepared.startupFailure = startupFailure
    return prepared
  }

  /// The empty project a previewer waiting for a fix starts with: the target its files name (or
  /// the implicit one), the set chosen as for a project that builds, its screens, no datafiles.
  static func waitingProject(options: PreviewOptions, path: String, set: String?)
    throws(Failure) -> PreviewProject
  {
    do {
      let target = try PreviewProjectLoader.targetFromFiles(options.target, path: path, set: set)
      var project = PreviewProject(
        path: path, target: target, datafiles: [:], locales: [], sourceLocale: "en-US",
        screens: PreviewProjectLoader.screens(path: path, set: set))
      project.set = set
      project.sets = PreviewProjectLoader.sets(path: path) ?? []
      return project
    } catch {
      throw Failure(description: error.description, isUsageError: error.isUsageError)
    }
  }

  /// The checked `--locale`, `--currency` and `--time-zone` (or their defaults) and the notes.
  static func startupValues(options: PreviewOptions, project: PreviewProject) throws(Failure) -> (
    locale: String, currency: String, timeZone: String, notes: [String]
  ) {
    var notes: [String] = []
    var locale = project.sourceLocale
    if let requested = options.locale {
      let checked = try StartupValues.locale(
        requested, loaded: project.locales, pseudo: project.pseudoLocale)
      locale = checked.locale
      notes += checked.note.map { [$0] } ?? []
    }
    let choices = PreviewChoices()
    var currency = "USD"
    if let requested = options.currency {
      let checked = try StartupValues.currency(requested, examples: choices.currencies)
      currency = checked.currency
      notes += checked.note.map { [$0] } ?? []
    }
    var timeZone = TimeZone.current.identifier
    if let requested = options.timeZone {
      let checked = try StartupValues.timeZone(requested, examples: choices.timeZones)
      timeZone = checked.timeZone
      notes += checked.note.map { [$0] } ?? []
    }
    return (locale, currency, timeZone, notes)
  }

  /// The OTA source the options and paths name, or `nil` for none.
  static func otaLocation(options: PreviewOptions, paths: DemoPaths) throws(Failure) -> (
    source: ReRuneConfiguration.Source, label: String
  )? {
    if let base = options.otaBaseURL {
      guard let url = URL(string: base), let scheme = url.scheme,
        ["http", "https"].contains(scheme)
      else {
        throw Failure(
          description: "--ota-base-url \(base): expected an http(s) URL", isUsageError: true)
      }
      return (.remote(baseURL: url), base)
    }
    guard let site = paths.otaSite else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw Failure(description: "OTA site \(site) not found (see --ota-site)") }
    return (.directory(URL(fileURLWithPath: site)), "site " + displayPath(site))
  }

  /// The previewer's cache root: `$XDG_CACHE_HOME/messagevisor-preview`, else
  /// `~/.cache/messagevisor-preview`, else one under the system temporary directory.
  public static func cacheRoot(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.cache" }
        ?? NSTemporaryDirectory())
    return base + "/messagevisor-preview"
  }

  /// `<cache root>/<hash>` for an OTA source.
  static func defaultCacheDirectory(for key: String) -> String {
    // FNV-1a: a stable short name per source.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return cacheRoot() + "/" + String(hash, radix: 16)
  }

  static func displayPath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
  }

  static func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
