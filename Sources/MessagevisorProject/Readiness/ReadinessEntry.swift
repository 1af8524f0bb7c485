/// One row of a readiness report: a message (or one of its overrides) in one locale, with how
/// the locale gets its text, where that stands in review, and what blocks a release.
public struct ReadinessEntry: Sendable, Equatable {
  /// How a locale has its text (upstream's `resolution`).
  public enum Resolution: String, Sendable, Equatable, CaseIterable {
    /// The message (or override) has its own translation in the locale.
    case direct
    /// The text comes from a locale up the `inheritTranslationsFrom` chain.
    case inherited
    /// No locale of the chain has a translation.
    case missing
  }

  /// The review status (upstream's `status`): a recorded `translationStates` status, `untracked`
  /// when there is text but no recorded state, `missing` when there is no text.
  public enum Status: String, Sendable, Equatable, CaseIterable {
    /// Recorded as work in progress.
    case draft
    /// Recorded as translated, not (or no longer) reviewed.
    case translated
    /// Recorded as reviewed.
    case reviewed
    /// Text without a recorded state.
    case untracked
    /// No text.
    case missing
  }

  /// The set, in a project that uses sets.
  public var set: String?
  /// The message key.
  public var messageKey: String
  /// The override's key, for an override's row.
  public var overrideKey: String?
  /// The locale.
  public var locale: String
  /// How the locale has its text.
  public var resolution: Resolution
  /// The locale the text is inherited from, when ``resolution`` is ``ReadinessEntry/Resolution/inherited``.
  public var inheritedFrom: String?
  /// The review status.
  public var status: Status
  /// Reviewed, and neither the source nor the translation changed since.
  public var reviewed: Bool
  /// Reviewed, and the source-locale text changed since.
  public var stale: Bool
  /// The locale is the project's `sourceLocale` (its copy is the reference, never reviewed).
  public var isSourceLocale: Bool
  /// The issue codes (`missing_translation`, `inherited_translation`, `stale_translation`,
  /// `reviewed_target_changed`, `unreviewed_translation`, `invalid_translation_state` (a recorded
  /// state whose status is not draft, translated or reviewed; the row counts as untracked),
  /// `missing_source_translation`).
  public var issues: [String]
  /// Where the text is written (the inherited locale's scalar for inherited text), else where
  /// the translation belongs (the `translations:` key, the override, the message).
  public var location: SourceLocation

  /// Creates an entry.
  public init(
    set: String? = nil, messageKey: String, overrideKey: String? = nil, locale: String,
    resolution: Resolution, inheritedFrom: String? = nil, status: Status, reviewed: Bool = false,
    stale: Bool = false, isSourceLocale: Bool = false, issues: [String] = [],
    location: SourceLocation
  ) {
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.locale = locale
    self.resolution = resolution
    self.inheritedFrom = inheritedFrom
    self.status = status
    self.reviewed = reviewed
    self.stale = stale
    self.isSourceLocale = isSourceLocale
    self.issues = issues
    self.location = location
  }

  /// A translation that should be reviewed and is not: the locale's own text (not the source
  /// locale's) without a current review.
  public var isUnreviewed: Bool { resolution == .direct && !isSourceLocale && !reviewed }

  /// `message` or `message:override` (upstream's export key for an override row).
  public var displayKey: String { overrideKey.map { "\(messageKey):\($0)" } ?? messageKey }
}
