import Foundation
import Messagevisor
import MessagevisorICU
import ReRune

/// Builds a ``PreviewSessionConfiguration`` from command-line options: the project's `terminal`
/// target, the bundled catalogs and a ReRune client for the OTA site.
public enum PreviewLauncher {
  /// The project target the previewer shows.
  public static let target = "terminal"
  /// The demo's OTA publish id (rerune.md §6.1), used for local sites when none is given.
  public static let demoPublishID =
    "a68e482cde9e205aae1a4249ed56972d5eb95b34ea3451a8c5f7cf18b9da0d2a"

  /// The engine modules the previewer installs: ICU MessageFormat (the demo project's module).
  public static func defaultModules() -> [MessagevisorModule] { [createICUModule()] }

  /// A start-up failure with what to fix.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
  }

  /// What the launcher prepared.
  public struct Prepared: Sendable {
    /// The session configuration.
    public var configuration: PreviewSessionConfiguration
    /// Problems worth showing (bundled catalog entries skipped, cache files ignored).
    public var problems: [String]
    /// The OTA description for the OTA panel (`site Demo/ota · every 5 s`).
    public var otaSummary: String
  }

  /// Prepares everything: may throw when the project cannot be loaded or the OTA options are bad.
  public static func prepare(
    options: PreviewOptions, paths: DemoPaths, modules: [MessagevisorModule],
    requestTimeout: TimeInterval = 5
  ) throws(Failure) -> Prepared {
    let project: ProjectDatafiles.Result
    do {
      project = try ProjectDatafiles.load(path: paths.project, target: target)
    } catch {
      throw Failure(description: error.description)
    }
    let locales = project.datafiles.keys.sorted()
    let bundle = CatalogDirectory.load(directory: paths.resources)
    var problems = bundle.problems.map(\.description)
    let bundled = ReRuneMessagevisorBridge.baseDatafiles(
      from: bundle.catalogs, target: "bundle", revision: ""
    ) { tag, catalog in
      CatalogDirectory.mapLocale(
        tag, onto: locales, sourceLocale: project.sourceLocale, source: catalog.sourceLanguage)
    }
    let layers = DatafileLayers(bases: [
      .init(
        name: "bundle",
        datafiles: Dictionary(bundled.map { ($0.locale, $0) }, uniquingKeysWith: { _, new in new })),
      .init(name: "project \(target)", datafiles: project.datafiles),
    ])

    let source: ReRuneConfiguration.Source
    let location: String
    if let base = options.otaBaseURL {
      guard let url = URL(string: base), let scheme = url.scheme,
        ["http", "https"].contains(scheme)
      else { throw Failure(description: "--ota-base-url \(base): expected an http(s) URL") }
      source = .remote(baseURL: url)
      location = base
    } else if let site = paths.otaSite {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw Failure(description: "OTA site \(site) not found (see --ota-site)") }
      source = .directory(URL(fileURLWithPath: site))
      location = "site " + displayPath(site)
    } else {
      throw Failure(description: "no OTA source (pass --ota-site DIR or --ota-base-url URL)")
    }
    let publishID = options.otaPublishID ?? demoPublishID
    let cacheURL = URL(
      fileURLWithPath: options.cacheDirectory ?? defaultCacheDirectory(for: location + publishID))
    let diagnostics = Locked<[String]>([])
    let client: ReRuneClient
    do {
      client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: publishID,
          updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
          requestTimeout: requestTimeout, source: source, cache: .directory(cacheURL),
          usesMainBundle: false,
          onDiagnostic: { message in diagnostics.withLock { $0.append(message) } }))
    } catch {
      throw Failure(description: "--ota-publish-id: \(error)")
    }
    problems += client.cacheProblems
    let every = options.interval > 0 ? " · every \(formatSeconds(options.interval))" : ""
    let summary = location + every
    var context = options.context
    if context["platform"] == nil { context["platform"] = .string(target) }
    var configuration = PreviewSessionConfiguration(
      layers: layers, ota: ReRuneOTASource(client: client, summary: summary),
      locale: options.locale ?? project.sourceLocale, currency: options.currency ?? "USD",
      timeZone: options.timeZone ?? TimeZone.current.identifier, context: context,
      modules: modules)
    configuration.localeOrder = project.locales
    configuration.sourceLocale = project.sourceLocale
    configuration.messageNotes = project.notes
    return Prepared(configuration: configuration, problems: problems, otaSummary: summary)
  }

  /// `~/.cache/messagevisor-preview/<hash>` (or `$XDG_CACHE_HOME/...`) for a source.
  static func defaultCacheDirectory(for key: String) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"].map { $0 + "/.cache" } ?? NSTemporaryDirectory())
    // FNV-1a: a stable short name per source.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return base + "/messagevisor-preview/" + String(hash, radix: 16)
  }

  static func displayPath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
  }

  static func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
