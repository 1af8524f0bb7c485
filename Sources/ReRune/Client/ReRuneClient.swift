import Foundation
import MessagevisorLocking

/// An OTA localization client: restores the cache, checks for updates, serves lookups and publishes the
/// applied manifest revision.
///
/// The global `reRune*` functions delegate to a shared instance; tests and the previewer create isolated
/// clients. Thread-safe.
public final class ReRuneClient: Sendable {
  /// The configuration (with the trimmed publish id).
  public let configuration: ReRuneConfiguration
  /// The transport in use.
  public let transport: any ReRuneTransport
  /// The disk cache, unless disabled.
  public let cache: ReRuneDiskCache?
  /// The revision broadcaster (current-value semantics).
  public let revisions: ReRuneRevisionBroadcaster

  struct LocaleState: Sendable {
    var entries: [String: CatalogEntry]
    var etag: String?
    /// The payload's size in bytes (counted against ``ReRuneConfiguration/maxCacheBytes``).
    var payloadBytes: Int
    /// The SHA-256 (hex) of the payload: locales sharing one body count its bytes once.
    var digest: String = ""
    /// Entries of the payload that were skipped (unusable) or withheld (serving policy).
    var skipped: [CatalogDiagnostic] = []
  }

  /// The entries of the applied payloads that are not served, by manifest locale key: skipped
  /// because they cannot be used (each names its key, locale and file:line) or withheld by the
  /// serving policy. Lookups of those keys fall back to the bundled or project text.
  public var skippedEntries: [String: [CatalogDiagnostic]] {
    state.withLock { $0.locales.mapValues(\.skipped).filter { !$0.value.isEmpty } }
  }

  struct State: Sendable {
    var manifest: ReRuneManifest?
    var manifestBody: Data?
    var manifestETag: String?
    var locales: [String: LocaleState] = [:]
    var revision = 0
    var inflight: Task<ReRuneUpdateResult, Never>?
    var tasks: [Task<Void, Never>] = []
    var stopped = false
    var appliedCount = 0
  }

  let state = Locked(State())
  /// Problems found while restoring the cache (corrupt files are ignored, not fatal).
  public let cacheProblems: [String]

  /// Creates a client, trimming the publish id and restoring the cache synchronously (the restored
  /// revision is emitted once). Does not touch the network; call ``start()`` to apply the update policy.
  public init(_ configuration: ReRuneConfiguration, revisions: ReRuneRevisionBroadcaster? = nil)
    throws(ReRuneSetupError)
  {
    var configuration = configuration
    configuration.otaPublishId = configuration.otaPublishId.trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !configuration.otaPublishId.isEmpty else { throw .blankPublishId }
    self.configuration = configuration
    switch configuration.source {
    case .remote(let baseURL):
      transport = ReRuneHTTPTransport(
        baseURL: baseURL, publishId: configuration.otaPublishId,
        requestTimeout: configuration.requestTimeout,
        maxPayloadBytes: configuration.maxPayloadBytes)
    case .directory(let directory):
      transport = ReRuneDirectoryTransport(
        directory: directory, maxPayloadBytes: configuration.maxPayloadBytes)
    case .custom(let custom):
      transport = custom
    }
    switch configuration.cache {
    case .standard:
      cache = ReRuneDiskCache(
        directory: ReRuneDiskCache.defaultDirectory(publishId: configuration.otaPublishId))
    case .directory(let url):
      cache = ReRuneDiskCache(directory: url)
    case .disabled:
      cache = nil
    }
    self.revisions = revisions ?? ReRuneRevisionBroadcaster()
    var problems: [String] = []
    let restored = Self.restore(cache: cache, configuration: configuration, problems: &problems)
    cacheProblems = problems
    state.withLock { state in
      state.manifest = restored.manifest
      state.manifestBody = restored.body
      state.manifestETag = restored.etag
      state.locales = restored.locales
      state.revision = restored.manifest?.version ?? 0
    }
    for problem in problems { configuration.onDiagnostic?(problem) }
    self.revisions.emit(restored.manifest?.version ?? 0)
  }

  /// Convenience initializer in the shape of `reRuneSetup`; throws ``ReRuneSetupError/blankPublishId``.
  public convenience init(
    otaPublishId: String, updatePolicy: ReRuneUpdatePolicy = ReRuneUpdatePolicy(),
    requestTimeout: TimeInterval = 10,
    source: ReRuneConfiguration.Source = .remote(baseURL: ReRuneHTTPTransport.defaultBaseURL),
    cache: ReRuneConfiguration.CacheLocation = .standard
  ) throws(ReRuneSetupError) {
    try self.init(
      ReRuneConfiguration(
        otaPublishId: otaPublishId, updatePolicy: updatePolicy, requestTimeout: requestTimeout,
        source: source, cache: cache))
  }

  deinit {
    let tasks = state.withLock { $0.tasks }
    for task in tasks { task.cancel() }
  }

  // MARK: - Policy

  /// Applies the update policy: one background check if `checkOnStart`, and a periodic loop when an
  /// interval is set (first check one interval from now). Never waits for the network.
  public func start() {
    let policy = configuration.updatePolicy
    var tasks: [Task<Void, Never>] = []
    if policy.checkOnStart {
      tasks.append(
        Task.detached { [weak self] in
          _ = await self?.checkForUpdates()
        })
    }
    if let interval = policy.periodicInterval {
      tasks.append(
        Task.detached { [weak self] in
          while !Task.isCancelled {
            do {
              try await Task.sleep(nanoseconds: UInt64(min(interval, 1e9) * 1e9))
            } catch {
              return
            }
            guard let self else { return }
            _ = await self.checkForUpdates()
          }
        })
    }
    let stopped = state.withLock { state -> Bool in
      if !state.stopped { state.tasks += tasks }
      return state.stopped
    }
    if stopped { for task in tasks { task.cancel() } }
  }

  /// Cancels the startup and periodic tasks (an in-flight check still completes).
  public func stop() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.stopped = true
      defer { state.tasks = [] }
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  // MARK: - Reading state

  /// The latest applied manifest revision (0 before anything was applied).
  public var revision: Int { state.withLock { $0.revision } }

  /// The manifest currently in use (cached or fetched), if any.
  public var manifest: ReRuneManifest? { state.withLock { $0.manifest } }

  /// Applied OTA entries: manifest locale key → key → entry.
  public var otaLocales: [String: [String: CatalogEntry]] {
    state.withLock { $0.locales.mapValues(\.entries) }
  }

  /// A stream of revisions that starts with the current value.
  public func revisionStream() -> AsyncStream<Int> { revisions.stream() }

  /// Calls `handler` with the current revision and every emission; returns an unsubscribe function.
  @discardableResult
  public func onRevision(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
    revisions.subscribe(handler)
  }

  // MARK: - Lookup

  /// The lookup locale chain (longest → shortest prefix) for `locale`, or for the first preferred
  /// language (`en` when there is none). `_` is treated as `-`.
  public func localeChain(for locale: String? = nil) -> [String] {
    let first =
      locale ?? configuration.preferredLanguages?.first ?? Locale.preferredLanguages.first ?? "en"
    return Self.localeChain(first)
  }

  /// `zh_Hant_TW` → `["zh-Hant-TW", "zh-Hant", "zh"]`.
  public static func localeChain(_ tag: String) -> [String] {
    let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
    // A key made only of separators (`-`, `_`) is its own chain, so its entries stay reachable.
    guard !parts.isEmpty else { return tag.isEmpty ? [] : [tag] }
    return (1...parts.count).reversed().map { parts[0..<$0].joined(separator: "-") }
  }

  /// The OTA entry for `key` along the locale chain, with the locale that supplied it.
  public func otaEntry(forKey key: String, locale: String? = nil) -> (
    locale: String, entry: CatalogEntry
  )? {
    let chain = localeChain(for: locale)
    return state.withLock { state in
      for tag in chain {
        if let entry = state.locales[tag]?.entries[key] { return (tag, entry) }
        // A manifest locale key spelled with `_` or empty segments (`pt_BR`) is stored as given,
        // while lookups walk the `-` spelling (`pt-BR`): match it by that spelling.
        for (manifestKey, stored) in state.locales where manifestKey != tag {
          guard Self.localeChain(manifestKey).first == tag, let entry = stored.entries[key] else {
            continue
          }
          return (manifestKey, entry)
        }
      }
      return nil
    }
  }

  /// Looks up `key` in the default table: OTA values along the locale chain, then bundled catalogs along
  /// the chain, then (optionally) `Bundle.main`, then `value` (when non-empty) or the key. Other tables
  /// skip the OTA and bundled layers. Plural entries return their `other` form. Never throws.
  public func localizedString(
    _ key: String, value: String? = nil, table: String? = nil, locale: String? = nil
  ) -> String {
    if table == nil || table == "Localizable" {
      if let hit = otaEntry(forKey: key, locale: locale) { return hit.entry.value }
      for tag in localeChain(for: locale) {
        if let entry = configuration.bundled[tag]?[key] { return entry.value }
      }
    }
    if configuration.usesMainBundle {
      return Bundle.main.localizedString(forKey: key, value: value, table: table)
    }
    if let value, !value.isEmpty { return value }
    return key
  }

  // MARK: - Cache restore

  struct Restored {
    var manifest: ReRuneManifest?
    var body: Data?
    var etag: String?
    var locales: [String: LocaleState] = [:]
  }

  /// Restores the cached manifest and the cached locales it lists (a locale dropped from the manifest
  /// is not loaded), up to ``ReRuneConfiguration/maxCacheBytes`` of payloads in key order.
  static func restore(
    cache: ReRuneDiskCache?, configuration: ReRuneConfiguration, problems: inout [String]
  ) -> Restored {
    let options = configuration.readerOptions
    var restored = Restored()
    guard let cache else { return restored }
    // A record is JSON: escaping can at most grow a payload sixfold (\u00XX), plus the other fields.
    let maxPayload = max(0, configuration.maxPayloadBytes)
    let maxFile = maxPayload > Int.max / 8 ? Int.max : maxPayload * 6 + 64 * 1024
    if let cached = cache.loadManifest(maxFileBytes: maxFile, problems: &problems) {
      let body = Data(cached.body.utf8)
      do {
        restored.manifest = try ReRuneManifest.parse(body)
        restored.body = body
        restored.etag = cached.etag
      } catch {
        problems.append("cache: ignoring the cached manifest: \(error)")
      }
    }
    let listed = restored.manifest.map { Set($0.locales.keys) }
    // maxCacheBytes counts each distinct payload body once.
    var counted = Set<String>()
    var total = 0
    let documents = ReRunePayloadDocuments(maxEntries: options.maxEntries)
    let records = cache.loadStoredLocales(
      only: listed, maxRecordBytes: maxFile, maxPayloadBytes: maxPayload, problems: &problems)
    for record in records {
      let size = record.data.count
      guard size <= maxPayload else {
        problems.append(
          "cache: ignoring locale '\(record.localeTag)': its payload of \(size) bytes exceeds maxPayloadBytes (\(maxPayload))"
        )
        continue
      }
      let added = counted.contains(record.digest) ? 0 : size
      guard total + added <= configuration.maxCacheBytes else {
        problems.append(
          "cache: not loading locale '\(record.localeTag)': the cached payloads pass maxCacheBytes (\(configuration.maxCacheBytes) bytes)"
        )
        continue
      }
      let url = restored.manifest?.locales[record.localeTag]?.url ?? "\(record.localeTag).xcstrings"
      do {
        let (document, _) = try documents.document(
          url: url, etag: record.etag, data: record.data, label: "cached \(url)",
          digest: record.digest)
        let parsed = try parsePayload(document, locale: record.localeTag, options: options)
        total += added
        counted.insert(record.digest)
        restored.locales[record.localeTag] = LocaleState(
          entries: parsed.entries, etag: record.etag, payloadBytes: size, digest: record.digest,
          skipped: parsed.skipped)
      } catch {
        problems.append("cache: ignoring locale '\(record.localeTag)': \(error)")
      }
    }
    return restored
  }

  /// Parses an `.xcstrings` payload and picks the entries for `locale` (see
  /// ``parsePayload(_:locale:options:)``).
  static func parsePayload(
    _ data: Data, locale: String, options: XCStringsReader.Options, label: String
  ) throws(CatalogError) -> (entries: [String: CatalogEntry], skipped: [CatalogDiagnostic]) {
    try parsePayload(
      XCStringsDocument.parse(data, file: label, maxEntries: options.maxEntries), locale: locale,
      options: options)
  }

  /// The entries for `locale` of a parsed payload: only that locale's localizations are read and
  /// validated; an unusable entry is skipped with a diagnostic (the rest is applied). Throws when
  /// the payload has localizations but none for `locale`.
  /// Conversion stops with ``CatalogError/Kind/limit`` at the document's conversion budget and,
  /// when given, at `deadline`.
  static func parsePayload(
    _ document: XCStringsDocument, locale: String, options: XCStringsReader.Options,
    deadline: ContinuousClock.Instant? = nil
  ) throws(CatalogError) -> (entries: [String: CatalogEntry], skipped: [CatalogDiagnostic]) {
    var options = options
    options.invalidEntries = .skip
    if document.localeTags.isEmpty { return ([:], []) }
    guard
      let read = try document.entries(forLocale: locale, options: options, deadline: deadline)
    else {
      throw CatalogError(
        kind: .structure, file: document.file,
        message:
          "the payload has no localization for '\(locale)' (it has \(document.localeTags.joined(separator: ", ")))"
      )
    }
    return (read.entries, read.diagnostics)
  }
}
