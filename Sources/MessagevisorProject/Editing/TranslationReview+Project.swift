import Messagevisor

extension TranslationReview {
  /// The review of the `locale` translation of a loaded message or override: its recorded state
  /// (from `translationStates` as the loader keeps it) compared with today's texts, as
  /// `MessageFileEditor/reviews(sourceLocale:in:)` reads it from the file. Stale when reviewed and
  /// the `sourceLocale` text's hash is not the recorded one (or the source text is gone); a
  /// changed target when reviewed and the translation's hash is not the recorded one. A state
  /// whose status is not one of upstream's counts as none; without a `sourceLocale` nothing is
  /// stale.
  public static func of(
    locale: String, translations: LocaleTable<String>, states: MessagevisorValue?,
    sourceLocale: String?
  ) -> TranslationReview {
    let fields = states?.objectValue?[locale]?.objectValue
    let state = fields?["status"]?.stringValue.flatMap(TranslationReviewState.Status.init).map {
      TranslationReviewState(
        status: $0, sourceHash: fields?["sourceHash"]?.stringValue,
        targetHash: fields?["targetHash"]?.stringValue)
    }
    guard let state, state.status == .reviewed else {
      return TranslationReview(state: state, isStale: false, targetChanged: false)
    }
    let isStale =
      sourceLocale.map { source in
        translations[source].map(TranslationReviewState.hash) != state.sourceHash
      } ?? false
    return TranslationReview(
      state: state, isStale: isStale,
      targetChanged: translations[locale].map(TranslationReviewState.hash) != state.targetHash)
  }
}
