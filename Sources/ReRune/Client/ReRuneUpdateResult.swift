/// The overall outcome of a check.
public enum ReRuneUpdateStatus: String, Sendable, Equatable, Codable {
  /// At least one locale payload was applied (or a locale dropped from the manifest was removed).
  case updated
  /// Nothing was applied (everything current, or only soft locale failures).
  case noChange
  /// The check could not run (no setup, manifest fetch or parse failure).
  case failed
}

/// What happened to one manifest locale during a check.
public enum ReRuneLocaleOutcome: Sendable, Equatable, CustomStringConvertible {
  /// A new payload was applied.
  case updated
  /// The server reported the stored ETag as current (304).
  case notModified
  /// The locale failed (soft failure; the previous content is kept).
  case failed(String)

  /// `updated`, `notModified` or `failed: reason`.
  public var description: String {
    switch self {
    case .updated: return "updated"
    case .notModified: return "notModified"
    case .failed(let reason): return "failed: \(reason)"
    }
  }
}

/// The result of ``ReRuneClient/checkForUpdates()``.
public struct ReRuneUpdateResult: Sendable, Equatable {
  /// The overall status.
  public var status: ReRuneUpdateStatus
  /// Manifest locale keys whose payload was applied.
  public var updatedLocales: Set<String>
  /// Why the check failed, or a summary of soft locale failures.
  public var errorMessage: String?
  /// The client's revision after the check.
  public var revision: Int
  /// Per-locale outcome for every manifest locale (empty when the manifest step failed).
  public var localeOutcomes: [String: ReRuneLocaleOutcome]
  /// Locales dropped from the manifest whose content was removed (from memory and the cache).
  public var removedLocales: Set<String>

  /// True when the manifest listed locales and every one of them failed (nothing was fetched or
  /// revalidated): the check ran but delivered nothing. `ota check` exits non-zero for it.
  public var everyLocaleFailed: Bool {
    !localeOutcomes.isEmpty
      && localeOutcomes.values.allSatisfy {
        if case .failed = $0 { return true }
        return false
      }
  }

  /// What this check could not store in (or remove from) the disk cache: a payload, a locale
  /// record or the manifest that was not written (a cache path that is not a directory, a full
  /// disk, no permission, …). The content was applied in memory, but a restart will not find it.
  /// Empty when the cache took everything (or is disabled). `ota check` exits 4 for it.
  public var cacheProblems: [String] = []

  /// For each locale applied in this check, the entries of its payload that were skipped (each
  /// names key, locale and file:line) or withheld by the serving policy; locales without any are
  /// absent.
  public var skippedEntries: [String: [CatalogDiagnostic]] = [:]

  /// Creates a result.
  public init(
    status: ReRuneUpdateStatus, updatedLocales: Set<String> = [], errorMessage: String? = nil,
    revision: Int = 0, localeOutcomes: [String: ReRuneLocaleOutcome] = [:],
    removedLocales: Set<String> = []
  ) {
    self.status = status
    self.updatedLocales = updatedLocales
    self.errorMessage = errorMessage
    self.revision = revision
    self.localeOutcomes = localeOutcomes
    self.removedLocales = removedLocales
  }
}
