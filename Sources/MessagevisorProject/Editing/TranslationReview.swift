/// What the review state of a translation means today: the recorded state compared with the
/// current texts.
public struct TranslationReview: Sendable, Equatable {
  /// The recorded state, or `nil` when the file has none for this translation (untracked).
  public var state: TranslationReviewState?
  /// Reviewed, and the source-locale text has changed since (its hash differs from the recorded
  /// ``TranslationReviewState/sourceHash``, or the source text is gone).
  public var isStale: Bool
  /// Reviewed, and the translation itself differs from what was reviewed (its hash differs from
  /// ``TranslationReviewState/targetHash``), as when it was edited without resetting the status.
  public var targetChanged: Bool

  /// Creates a review summary.
  public init(state: TranslationReviewState?, isStale: Bool, targetChanged: Bool) {
    self.state = state
    self.isStale = isStale
    self.targetChanged = targetChanged
  }
}
