extension Messagevisor {
  /// Stores a datafile for its locale: merged into an existing one by default, or replacing it.
  /// An invalid datafile reports `invalid_datafile` ("could not parse datafile") and one `error`
  /// event, and leaves state unchanged. Never throws.
  public func setDatafile(_ datafile: DatafileContent, replace: Bool = false) {
    locked { storeDatafileLocked(validating: datafile, replace: replace, initial: false) }
  }

  /// Parses JSON text and stores it like ``setDatafile(_:replace:)-(DatafileContent,_)``.
  public func setDatafile(_ json: String, replace: Bool = false) {
    locked { storeDatafileLocked(json: json, replace: replace, initial: false) }
  }

  func storeDatafileLocked(json: String, replace: Bool, initial: Bool) {
    let datafile: DatafileContent
    do {
      datafile = try DatafileReader.read(JSONParser.parse(json))
    } catch {
      reportInvalidDatafileLocked(error)
      return
    }
    storeLocked(datafile, replace: replace, initial: initial)
  }

  func storeDatafileLocked(validating datafile: DatafileContent, replace: Bool, initial: Bool) {
    do {
      try DatafileValidator.validate(datafile)
    } catch {
      reportInvalidDatafileLocked(error)
      return
    }
    storeLocked(datafile, replace: replace, initial: initial)
  }

  private func reportInvalidDatafileLocked(_ error: DatafileError) {
    reportLocked(
      level: .error, code: "invalid_datafile", message: "could not parse datafile",
      details: ["reason": .string(error.description)], originalError: error)
  }

  private func storeLocked(_ incoming: DatafileContent, replace: Bool, initial: Bool) {
    let locale = incoming.locale
    var stored = incoming
    if !replace, let existing = core.stores[locale]?.content {
      stored.direction = incoming.direction ?? existing.direction
      stored.segments = existing.segments.merging(incoming.segments) { _, new in new }
      stored.messageTable = existing.messageTable
      stored.messageTable.merge(incoming.messageTable)
      stored.translationTable = existing.translationTable
      stored.translationTable.merge(incoming.translationTable)
      if let incomingFormats = incoming.formats {
        stored.formats = (existing.formats ?? FormatPresets()).mergingPresets(incomingFormats)
      } else {
        stored.formats = existing.formats
      }
    }
    let previousSnapshot = lastSnapshotLocked()
    let previousTable = core.revisionTableLocked()
    let previousLocale = activeLocale
    core.stores[locale] = StoredLocale(stored, replacing: core.stores[locale])
    core.generation += 1
    if initial || activeLocale == nil {
      activeLocale = locale
      invalidateStoreCacheLocked()
    }
    // The initial datafile is part of the creation state (`lastSnapshot` stays `nil`).
    if initial { return }
    emitLocked(
      .datafileSet,
      .datafileSet(stored, locale, activeLocale, previousLocale, replace),
      previous: previousSnapshot)
    guard !isClosed else { return }
    core.children.withEach {
      $0.parentStoredDatafileLocked(
        stored, locale: locale, replaced: replace, previousTable: previousTable)
    }
  }
}
