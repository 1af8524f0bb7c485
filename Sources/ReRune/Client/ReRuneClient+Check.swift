import Foundation
import MessagevisorLocking

extension ReRuneClient {
  /// Runs one update check (spec §5.1) and returns its result.
  ///
  /// Concurrent calls share one in-flight check. The work runs in an unstructured task, so cancelling the
  /// caller does not abort it. Manifest failures give ``ReRuneUpdateStatus/failed`` and change nothing;
  /// locale failures are soft (previous content kept).
  ///
  /// Bounds (``ReRuneConfiguration``): the whole check ends by ``ReRuneConfiguration/checkTimeout``;
  /// a manifest with more than ``ReRuneConfiguration/maxManifestLocales`` locales fails the check;
  /// at most ``ReRuneConfiguration/maxConcurrentFetches`` payloads are fetched at once; the applied
  /// payloads stay within ``ReRuneConfiguration/maxCacheBytes``; locales dropped from the manifest
  /// are removed from memory and from the cache.
  public func checkForUpdates() async -> ReRuneUpdateResult {
    let task = state.withLock { state -> Task<ReRuneUpdateResult, Never> in
      if let inflight = state.inflight { return inflight }
      let task = Task.detached { [self] in
        let result = await self.performCheck()
        self.state.withLock { $0.inflight = nil }
        return result
      }
      state.inflight = task
      return task
    }
    return await task.value
  }

  func diagnose(_ message: String) { configuration.onDiagnostic?(message) }

  /// A payload that was fetched and parsed, ready to apply.
  struct Applied: Sendable {
    var entries: [String: CatalogEntry]
    var etag: String?
    var payloadBytes: Int
    var digest: String
    var cacheNote: String?
    /// Entries of the payload that were skipped (unusable) or withheld (serving policy).
    var skipped: [CatalogDiagnostic] = []
  }

  func performCheck() async -> ReRuneUpdateResult {
    let clock = ContinuousClock()
    let timeout = configuration.checkTimeout
    let deadline =
      clock.now
      + .milliseconds(Int64(timeout.isFinite && timeout > 0 ? min(timeout, 1e9) * 1000 : 30_000))
    let (storedManifestETag, cachedBody, cachedManifest, localeStates) = state.withLock { state in
      (state.manifestETag, state.manifestBody, state.manifest, state.locales)
    }
    // 1. Manifest.
    let fetched: ReRuneFetchResult
    do {
      fetched = try await transport.fetchManifest(
        etag: cachedBody == nil ? nil : storedManifestETag, deadline: deadline)
    } catch {
      return failed("Failed to fetch OTA manifest: \(error)")
    }
    let manifest: ReRuneManifest
    var newManifestBody: Data?
    var newManifestETag: String?
    switch fetched {
    case .notModified:
      guard let cachedManifest else {
        return failed("Failed to fetch OTA manifest: 304 Not Modified but no manifest is cached")
      }
      guard cachedBody != nil, storedManifestETag?.isEmpty == false else {
        return failed(
          "Failed to fetch OTA manifest: 304 Not Modified to a request that carried no If-None-Match (no ETag is stored for the manifest)"
        )
      }
      manifest = cachedManifest
    case .fetched(let body, let etag):
      do {
        manifest = try ReRuneManifest.parse(body)
      } catch {
        return failed("Failed to parse OTA manifest: \(error)")
      }
      newManifestBody = body
      newManifestETag = ReRuneDiskCache.usableETag(etag)
    }
    guard manifest.locales.count <= configuration.maxManifestLocales else {
      return failed(
        "Failed to use OTA manifest: it lists \(manifest.locales.count) locales, more than the limit of \(configuration.maxManifestLocales) (ReRuneConfiguration.maxManifestLocales)"
      )
    }

    // 2. Locales, at most maxConcurrentFetches at a time, in key order.
    let work = manifest.locales.sorted { $0.key < $1.key }
    let listed = Set(manifest.locales.keys)
    // The payloads in use by the locales that stay; each new payload replaces its locale's.
    // maxCacheBytes counts each distinct body (digest) once.
    let budget = Locked(
      localeStates.filter { listed.contains($0.key) }.mapValues {
        PayloadShare(digest: $0.digest, bytes: $0.payloadBytes)
      })
    var outcomes: [String: ReRuneLocaleOutcome] = [:]
    var applied: [String: Applied] = [:]
    let width = max(1, configuration.maxConcurrentFetches)
    // One parse per distinct payload body (several locales may share one URL); each locale then
    // converts only its own localizations.
    let documents = ReRunePayloadDocuments(maxEntries: configuration.readerOptions.maxEntries)
    await withTaskGroup(of: (String, ReRuneLocaleOutcome, Applied?).self) { group in
      var next = 0
      func enqueue(_ group: inout TaskGroup<(String, ReRuneLocaleOutcome, Applied?)>) {
        let (locale, entry) = work[next]
        next += 1
        let etag = localeStates[locale]?.etag
        group.addTask { [self] in
          await self.fetchLocale(
            locale, entry: entry, etag: etag, budget: budget,
            documents: documents, deadline: deadline)
        }
      }
      while next < work.count, next < width { enqueue(&group) }
      while let (locale, outcome, result) = await group.next() {
        outcomes[locale] = outcome
        if let result { applied[locale] = result }
        if next < work.count { enqueue(&group) }
      }
    }

    // 3. Persist (best effort), prune dropped locales and apply atomically.
    var cacheProblems = applied.keys.sorted().compactMap { applied[$0]?.cacheNote }
    if let cache {
      if let body = newManifestBody {
        do {
          try cache.saveManifest(
            ReRuneDiskCache.CachedManifest(
              body: String(decoding: body, as: UTF8.self), etag: newManifestETag))
        } catch {
          cacheProblems.append("cache: cannot store the manifest: \(error)")
        }
      }
      cacheProblems += cache.removeLocales(except: listed)
    }
    for problem in cacheProblems { diagnose(problem) }
    let (revision, removed) = state.withLock { state -> (Int, Set<String>) in
      state.manifest = manifest
      if let body = newManifestBody {
        state.manifestBody = body
        state.manifestETag = newManifestETag
      }
      let removed = Set(state.locales.keys).subtracting(listed)
      for locale in removed { state.locales[locale] = nil }
      for (locale, item) in applied {
        state.locales[locale] = LocaleState(
          entries: item.entries, etag: item.etag, payloadBytes: item.payloadBytes,
          digest: item.digest,
          skipped: item.skipped)
      }
      if !applied.isEmpty || !removed.isEmpty {
        state.revision = manifest.version
        state.appliedCount += 1
      }
      return (state.revision, removed)
    }
    let failures = outcomes.filter {
      if case .failed = $0.value { return true }
      return false
    }
    for (locale, outcome) in failures.sorted(by: { $0.key < $1.key }) {
      diagnose("locale '\(locale)' update failed: \(outcome)")
    }
    for locale in applied.keys.sorted() {
      if let skipped = applied[locale]?.skipped, let first = skipped.first {
        diagnose(
          "locale '\(locale)': \(skipped.count) entr\(skipped.count == 1 ? "y" : "ies") not applied (bundled text is used), first: \(first)"
        )
      }
    }
    let summary =
      failures.isEmpty
      ? nil
      : "\(failures.count) locale(s) failed: "
        + failures.keys.sorted().map { locale -> String in
          guard case .failed(let reason) = outcomes[locale] else { return locale }
          return "\(locale) (\(reason))"
        }.joined(separator: "; ")
    let changed = !applied.isEmpty || !removed.isEmpty
    if changed { revisions.emit(revision) }
    var result = ReRuneUpdateResult(
      status: changed ? .updated : .noChange, updatedLocales: Set(applied.keys),
      errorMessage: summary, revision: revision, localeOutcomes: outcomes, removedLocales: removed)
    result.skippedEntries = applied.mapValues(\.skipped).filter { !$0.value.isEmpty }
    result.cacheProblems = cacheProblems
    return result
  }

  /// Fetches, parses and stores one locale's payload; never throws (failures are soft outcomes).
  func fetchLocale(
    _ locale: String, entry: ReRuneManifest.Locale, etag: String?,
    budget: Locked<[String: PayloadShare]>, documents: ReRunePayloadDocuments,
    deadline: ContinuousClock.Instant
  ) async -> (String, ReRuneLocaleOutcome, Applied?) {
    guard ReRuneDiskCache.isSafeLocaleKey(locale) else {
      return (
        locale, .failed("locale key is not safe (\(ReRuneDiskCache.localeKeyRule))"), nil
      )
    }
    guard ContinuousClock().now < deadline else {
      return (
        locale,
        .failed(
          "not fetched: the check's deadline (\(ReRuneHTTPTransport.seconds(configuration.checkTimeout)) s, ReRuneConfiguration.checkTimeout) passed first"
        ), nil
      )
    }
    do {
      switch try await transport.fetchLocale(locale, url: entry.url, etag: etag, deadline: deadline)
      {
      case .notModified:
        // A 304 only means something as an answer to the If-None-Match this client sent.
        guard let etag, !etag.isEmpty else {
          return (
            locale,
            .failed(
              "the server answered 304 Not Modified to a request that carried no If-None-Match (no ETag is stored for this locale): nothing to keep"
            ), nil
          )
        }
        return (locale, .notModified, nil)
      case .fetched(let data, let sentETag):
        // An over-long ETag is not kept as a validator (the payload still applies and is cached).
        let newETag = ReRuneDiskCache.usableETag(sentETag)
        // One parse per distinct body; only this locale's localizations are converted.
        let url = entry.url ?? "\(locale).xcstrings"
        let (document, digest) = try documents.document(
          url: url, etag: newETag, data: data, label: url)
        let parsed = try ReRuneClient.parsePayload(
          document, locale: locale, options: configuration.readerOptions, deadline: deadline)
        let limit = configuration.maxCacheBytes
        let total = budget.withLock { shares -> Int? in
          var next = shares
          next[locale] = PayloadShare(digest: digest, bytes: data.count)
          let total = PayloadShare.distinctBytes(next)
          guard total <= limit else { return nil }
          shares = next
          return total
        }
        guard total != nil else {
          return (
            locale,
            .failed(
              "payload of \(data.count) bytes does not fit: the OTA content would pass the limit of \(limit) bytes (ReRuneConfiguration.maxCacheBytes)"
            ), nil
          )
        }
        // Persist right away: one payload file per distinct body, then this locale's record.
        var note: String?
        if let cache {
          do {
            try cache.storeLocale(locale, data: data, digest: digest, etag: newETag)
          } catch {
            note = "cache: cannot store locale '\(locale)': \(error)"
          }
        }
        return (
          locale, .updated,
          Applied(
            entries: parsed.entries, etag: newETag, payloadBytes: data.count, digest: digest,
            cacheNote: note,
            skipped: parsed.skipped)
        )
      }
    } catch let error as ReRuneTransportError {
      return (locale, .failed(error.description), nil)
    } catch {
      return (locale, .failed("invalid payload: \(error)"), nil)
    }
  }

  /// The payload a locale uses, for ``ReRuneConfiguration/maxCacheBytes`` (distinct bodies count once).
  struct PayloadShare: Sendable {
    var digest: String
    var bytes: Int

    /// The bytes of the distinct payloads among `shares`.
    static func distinctBytes(_ shares: [String: PayloadShare]) -> Int {
      var seen = Set<String>()
      var total = 0
      for share in shares.values where seen.insert(share.digest).inserted { total += share.bytes }
      return total
    }
  }

  func failed(_ message: String) -> ReRuneUpdateResult {
    diagnose(message)
    return ReRuneUpdateResult(status: .failed, errorMessage: message, revision: revision)
  }
}
