import Foundation

extension ReRuneClient {
  /// Runs one update check (spec §5.1) and returns its result.
  ///
  /// Concurrent calls share one in-flight check. The work runs in an unstructured task, so cancelling the
  /// caller does not abort it. Manifest failures give ``ReRuneUpdateStatus/failed`` and change nothing;
  /// locale failures are soft (previous content kept).
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

  func performCheck() async -> ReRuneUpdateResult {
    let (storedManifestETag, cachedBody, cachedManifest, localeETags) = state.withLock { state in
      (
        state.manifestETag, state.manifestBody, state.manifest,
        state.locales.mapValues(\.etag)
      )
    }
    // 1. Manifest.
    let fetched: ReRuneFetchResult
    do {
      fetched = try await transport.fetchManifest(
        etag: cachedBody == nil ? nil : storedManifestETag)
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
      manifest = cachedManifest
    case .fetched(let body, let etag):
      do {
        manifest = try ReRuneManifest.parse(body)
      } catch {
        return failed("Failed to parse OTA manifest: \(error)")
      }
      newManifestBody = body
      newManifestETag = etag
    }

    // 2. Locales, concurrently.
    struct Applied: Sendable {
      var entries: [String: CatalogEntry]
      var etag: String?
      var cacheNote: String?
      var skipped: [CatalogDiagnostic] = []
    }
    let transport = self.transport
    let readerOptions = configuration.readerOptions
    let documents = ReRunePayloadDocuments(maxEntries: readerOptions.maxEntries)
    let cache = self.cache
    var outcomes: [String: ReRuneLocaleOutcome] = [:]
    var applied: [String: Applied] = [:]
    await withTaskGroup(of: (String, ReRuneLocaleOutcome, Applied?).self) { group in
      for (locale, entry) in manifest.locales {
        let etag = localeETags[locale] ?? nil
        group.addTask {
          guard ReRuneDiskCache.isSafeLocaleKey(locale) else {
            return (
              locale,
              .failed(
                "locale key is not safe (empty, '/', '..', NUL or longer than \(ReRuneDiskCache.maxLocaleKeyLength) characters)"
              ), nil
            )
          }
          do {
            switch try await transport.fetchLocale(locale, url: entry.url, etag: etag) {
            case .notModified:
              return (locale, .notModified, nil)
            case .fetched(let data, let newETag):
              // One parse per distinct body; only this locale's localizations are converted.
              let url = entry.url ?? "\(locale).xcstrings"
              let document = try documents.document(
                url: url, etag: newETag, data: data, label: url)
              let parsed = try ReRuneClient.parsePayload(
                document, locale: locale, options: readerOptions)
              // Persist right away, so the writes (each with its own fsync) overlap.
              var note: String?
              if let text = String(data: data, encoding: .utf8) {
                do {
                  try cache?.saveLocale(
                    ReRuneDiskCache.CachedLocale(localeTag: locale, payload: text, etag: newETag))
                } catch {
                  note = "cache: cannot store locale '\(locale)': \(error)"
                }
              } else if cache != nil {
                note = "cache: not storing locale '\(locale)': its payload has invalid UTF-8"
              }
              return (
                locale, .updated,
                Applied(
                  entries: parsed.entries, etag: newETag, cacheNote: note, skipped: parsed.skipped)
              )
            }
          } catch let error as ReRuneTransportError {
            return (locale, .failed(error.description), nil)
          } catch {
            return (locale, .failed("invalid payload: \(error)"), nil)
          }
        }
      }
      for await (locale, outcome, result) in group {
        outcomes[locale] = outcome
        if let result { applied[locale] = result }
      }
    }

    // 3. Persist (best effort) and apply atomically.
    for locale in applied.keys.sorted() {
      if let note = applied[locale]?.cacheNote { diagnose(note) }
      if let skipped = applied[locale]?.skipped, let first = skipped.first {
        diagnose(
          "locale '\(locale)': \(skipped.count) entr\(skipped.count == 1 ? "y" : "ies") not applied (bundled text is used), first: \(first)"
        )
      }
    }
    if let cache {
      if let body = newManifestBody {
        do {
          try cache.saveManifest(
            ReRuneDiskCache.CachedManifest(
              body: String(decoding: body, as: UTF8.self), etag: newManifestETag))
        } catch {
          diagnose("cache: cannot store the manifest: \(error)")
        }
      }
    }
    let revision = state.withLock { state -> Int in
      state.manifest = manifest
      if let body = newManifestBody {
        state.manifestBody = body
        state.manifestETag = newManifestETag
      }
      for (locale, item) in applied {
        state.locales[locale] = LocaleState(
          entries: item.entries, etag: item.etag, skipped: item.skipped)
      }
      if !applied.isEmpty {
        state.revision = manifest.version
        state.appliedCount += 1
      }
      return state.revision
    }
    let failures = outcomes.filter {
      if case .failed = $0.value { return true }
      return false
    }
    for (locale, outcome) in failures.sorted(by: { $0.key < $1.key }) {
      diagnose("locale '\(locale)' update failed: \(outcome)")
    }
    let summary =
      failures.isEmpty
      ? nil
      : "\(failures.count) locale(s) failed: "
        + failures.keys.sorted().map { locale -> String in
          guard case .failed(let reason) = outcomes[locale] else { return locale }
          return "\(locale) (\(reason))"
        }.joined(separator: "; ")
    if !applied.isEmpty { revisions.emit(revision) }
    var result = ReRuneUpdateResult(
      status: applied.isEmpty ? .noChange : .updated, updatedLocales: Set(applied.keys),
      errorMessage: summary, revision: revision, localeOutcomes: outcomes)
    result.skippedEntries = applied.mapValues(\.skipped).filter { !$0.value.isEmpty }
    return result
  }

  func failed(_ message: String) -> ReRuneUpdateResult {
    diagnose(message)
    return ReRuneUpdateResult(status: .failed, errorMessage: message, revision: revision)
  }
}
