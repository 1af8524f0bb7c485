/// One review status change of a preview: a translation, its status now and the one it gets.
public struct ReviewChange: Sendable, Equatable {
  /// The set, in a project that uses sets.
  public var set: String?
  /// The message key.
  public var messageKey: String
  /// The override's key, for an override's translation.
  public var overrideKey: String?
  /// The override's 0-based index in the message's `overrides` (with ``overrideKey``).
  public var overrideIndex: Int?
  /// The locale.
  public var locale: String
  /// The status now: a recorded status, `untracked` without one; `stale` for a reviewed
  /// translation whose source changed, `changed` for one whose text changed since.
  public var from: String
  /// The status it gets.
  public var to: TranslationReviewState.Status
  /// Where the translation is written.
  public var location: SourceLocation

  /// Creates a change.
  public init(
    set: String? = nil, messageKey: String, overrideKey: String? = nil, overrideIndex: Int? = nil,
    locale: String, from: String, to: TranslationReviewState.Status, location: SourceLocation
  ) {
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.overrideIndex = overrideIndex
    self.locale = locale
    self.from = from
    self.to = to
    self.location = location
  }

  /// Which translation of its file the change addresses.
  public var path: TranslationPath {
    TranslationPath(owner: overrideIndex.map { .override($0) } ?? .message, locale: locale)
  }

  /// `message` or `message:override`.
  public var displayKey: String { overrideKey.map { "\(messageKey):\($0)" } ?? messageKey }
}
