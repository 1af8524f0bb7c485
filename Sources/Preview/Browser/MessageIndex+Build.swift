import Messagevisor
import MessagevisorProject

extension MessageIndex {
  /// Resolves every message of the target (every key any loaded locale has) in the source's
  /// locale and, when set, its compare locale.
  public static func build(_ source: MessageBrowserSource) -> MessageIndex {
    var keys = Set<String>()
    for datafile in source.datafiles.values {
      keys.formUnion(datafile.translations.keys)
      keys.formUnion(datafile.messages.keys)
    }
    var entries: [MessageEntry] = []
    entries.reserveCapacity(keys.count)
    for key in keys.sorted() {
      let active = MessageResolution.resolve(key, locale: source.locale, source: source)
      var entry = MessageEntry(
        key: key, text: active.text, origin: active.origin, flags: active.flags,
        location: source.notes[key]?.location(of: active.origin, locale: source.locale))
      entry.lint = (source.lint[key] ?? []).filter {
        $0.locale == nil || $0.locale == source.locale
      }
      if entry.lint.contains(where: { $0.level >= .warning }) { entry.flags.insert(.lint) }
      entry.review = source.notes[key]?.review(for: source.locale)
      entry.flags.formUnion(reviewFlags(entry.review, flags: active.flags))
      if let compare = source.compareLocale {
        let other = MessageResolution.resolve(key, locale: compare, source: source)
        entry.compareText = other.text
        entry.compareOrigin = other.origin
      }
      entries.append(entry)
    }
    return MessageIndex(entries: entries, source: source)
  }

  /// The review flags of a translation: stale when reviewed before the source changed;
  /// unreviewed when the locale has its own text (not missing or inherited) not marked reviewed.
  static func reviewFlags(_ review: TranslationReview?, flags: MessageFlags) -> MessageFlags {
    guard let review else { return [] }
    var result: MessageFlags = []
    if review.isStale { result.insert(.stale) }
    if review.state?.status != .reviewed, flags.isDisjoint(with: [.missing, .inherited]) {
      result.insert(.unreviewed)
    }
    return result
  }
}
