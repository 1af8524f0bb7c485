extension PreviewUpdate {
  /// `R`: asks the runtime to mark the selected translation reviewed: the browser's selected
  /// message in the active locale, or the all-locales view's selected row. The translation the
  /// engine shows is the one marked (an override's when an override supplies the text); a locale
  /// without text of its own has nothing to review.
  static func markReviewed(_ state: inout PreviewState) -> [PreviewEffect] {
    guard let index = state.browser.index else {
      state.notice = "open the message browser (m) to mark a translation reviewed"
      return []
    }
    let key: String
    let locale: String
    switch state.mode {
    case .messages:
      guard let selected = state.browser.selectedKey else {
        state.notice = "no message selected"
        return []
      }
      key = selected
      locale = index.locale
    case .allLocales(let view):
      guard let row = view.selectedRow else { return [] }
      key = view.key
      locale = row.locale
    default:
      return []
    }
    guard let trace = index.source.trace(key, locale: locale) else {
      state.notice = "\(locale) is not loaded"
      return []
    }
    let inherited: Bool
    if case .inherited = index.source.origin(key, locale) {
      inherited = true
    } else {
      inherited = false
    }
    switch trace.source {
    case .override(_, let overrideIndex):
      return [.markReviewed(key: key, locale: locale, overrideIndex: overrideIndex)]
    case .translation where !inherited:
      return [.markReviewed(key: key, locale: locale, overrideIndex: nil)]
    default:
      state.notice = "‹\(key)› has no \(locale) translation of its own to review"
      return []
    }
  }
}
