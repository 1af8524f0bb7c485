import Foundation

extension MessagevisorInstance {
  /// The active locale, or `nil`.
  public final func getLocale() -> String? {
    locked { activeLocale }
  }

  /// Makes `locale` active. Requires a stored datafile for it; otherwise reports
  /// `missing_datafile` and throws without changing state. Emits `locale_set` + `change`.
  public final func setLocale(_ locale: String) throws {
    try locked {
      guard core.stores[locale] != nil else {
        reportLocked(
          level: .error, code: "missing_datafile", message: "Datafile not found for locale",
          details: ["locale": .string(locale)])
        throw MessagevisorError("Datafile not found for locale: \(locale)")
      }
      let previousSnapshot = lastSnapshotLocked()
      let previous = activeLocale
      activeLocale = locale
      invalidateStoreCacheLocked()
      emitLocked(
        .localeSet, .localeSet(locale: locale, previousLocale: previous),
        previous: previousSnapshot)
    }
  }

  /// The stored datafile for `locale` (default: the active locale).
  /// - Throws: after reporting `missing_locale` (no locale) or `missing_datafile` (none stored).
  public final func getDatafile(locale: String? = nil) throws -> DatafileContent {
    try locked { try datafileLocked(locale).content }
  }

  final func datafileLocked(_ locale: String?) throws -> StoredLocale {
    guard let locale = locale ?? activeLocale else {
      reportLocked(
        level: .error, code: "missing_locale", message: "Datafile not found: no locale is set",
        details: ["locale": .null])
      throw MessagevisorError("Datafile not found: no locale is set")
    }
    guard let store = core.stores[locale] else {
      reportLocked(
        level: .error, code: "missing_datafile", message: "Datafile not found for locale",
        details: ["locale": .string(locale)])
      throw MessagevisorError("Datafile not found for locale: \(locale)")
    }
    return store
  }

  /// The revision of the datafile for `locale` (default: the active locale).
  /// - Throws: like ``getDatafile(locale:)``.
  public final func getRevision(locale: String? = nil) throws -> String? {
    try locked { try datafileLocked(locale).content.revision }
  }

  /// The direction (`"ltr"`/`"rtl"`) of the datafile for `locale` (default: the active locale);
  /// `nil` without an active locale (no diagnostic then).
  /// - Throws: like ``getDatafile(locale:)`` when `locale` is given but not stored.
  public final func getDirection(locale: String? = nil) throws -> String? {
    try locked {
      if locale == nil && activeLocale == nil { return nil }
      return try datafileLocked(locale).content.direction
    }
  }

  /// A copy of the instance context.
  public final func getContext() -> MessagevisorContext {
    locked { context }
  }

  /// Shallow-merges `context` into the instance context (nested objects are replaced at their
  /// top-level key), or replaces it. Emits `context_set` + `change`.
  public final func setContext(_ context: MessagevisorContext, replace: Bool = false) {
    locked {
      let previousSnapshot = lastSnapshotLocked()
      let previous = self.context
      if replace {
        self.context = context
      } else {
        self.context.merge(context) { _, new in new }
      }
      emitLocked(
        .contextSet, .contextSet(self.context, previous, replaced: replace),
        previous: previousSnapshot)
    }
  }

  /// The instance currency.
  public final func getCurrency() -> String? {
    locked { currency }
  }

  /// Sets the instance currency. Emits `currency_set` + `change`.
  public final func setCurrency(_ currency: String?) {
    locked {
      let previousSnapshot = lastSnapshotLocked()
      let previous = self.currency
      self.currency = currency
      emitLocked(
        .currencySet, .currencySet(currency: currency, previousCurrency: previous),
        previous: previousSnapshot)
    }
  }

  /// The instance time zone.
  public final func getTimeZone() -> String? {
    locked { timeZone }
  }

  /// Sets the instance time zone. Emits `timeZone_set` + `change`.
  public final func setTimeZone(_ timeZone: String?) {
    locked {
      let previousSnapshot = lastSnapshotLocked()
      let previous = self.timeZone
      self.timeZone = timeZone
      emitLocked(
        .timeZoneSet, .timeZoneSet(timeZone: timeZone, previousTimeZone: previous),
        previous: previousSnapshot)
    }
  }

  /// The diagnostic threshold.
  public final func getLogLevel() -> MessagevisorLogLevel {
    locked { logLevel }
  }

  /// Changes the diagnostic threshold.
  public final func setLogLevel(_ level: MessagevisorLogLevel) {
    locked { logLevel = level }
  }

  /// The current observable state.
  public final func getSnapshot() -> MessagevisorSnapshot {
    locked { makeSnapshotLocked() }
  }

  final func makeSnapshotLocked() -> MessagevisorSnapshot {
    snapshotSourceLocked().snapshot
  }

  /// The current state as a ``SnapshotSource`` (caller holds the lock): no snapshot is built.
  final func snapshotSourceLocked() -> SnapshotSource {
    snapshotSourceLocked(table: core.revisionTableLocked())
  }

  /// The instance's state now with the stored datafiles of `table` (caller holds the lock).
  final func snapshotSourceLocked(table: RevisionTable) -> SnapshotSource {
    SnapshotSource(
      version: version, locale: activeLocale, context: context, currency: currency,
      timeZone: timeZone, table: table)
  }

  /// What the next event's `previousSnapshot` is made of: the last event's snapshot, or the state
  /// now when nothing changed since the instance was created (caller holds the lock; call it
  /// before changing anything).
  final func lastSnapshotLocked() -> SnapshotSource {
    lastSnapshot ?? snapshotSourceLocked()
  }

  /// The configured default translations for `locale` (default: the active locale).
  public final func getDefaultTranslations(locale: String? = nil) -> [String: String]? {
    locked {
      guard let locale = locale ?? activeLocale else { return nil }
      return core.defaultTranslations[locale]
    }
  }

  /// The configured default formats for `locale` (default: the active locale).
  public final func getDefaultFormats(locale: String? = nil) -> FormatPresets? {
    locked {
      guard let locale = locale ?? activeLocale else { return nil }
      return core.defaultFormats[locale]
    }
  }
}
