extension PreviewUpdate {
  /// `U`: publishes the selected string (the browser's selected message, or the string selected
  /// on a screen) in the active locale to the local OTA site, then checks for the new revision
  /// so the running previewer shows it.
  static func publishString(_ state: inout PreviewState) -> [PreviewEffect] {
    let key: String?
    switch state.mode {
    case .messages: key = state.browser.selectedKey
    case .screen: key = state.inspectedKey
    default: key = nil
    }
    guard let key, let locale = state.content?.locale else {
      state.notice = "select a string first (click it, or find it with /); then U publishes it"
      return []
    }
    var effects: [PreviewEffect] = [.publish(key: key, locale: locale)]
    effects += startCheck(&state)
    return effects
  }
}
