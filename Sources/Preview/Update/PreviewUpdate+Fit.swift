extension PreviewUpdate {
  /// Lists a `fit` diagnostic for every chip or button text over its width budget in the new
  /// content (once per key, locale and width: a text that still does not fit is not counted
  /// again on every refresh).
  static func reportFit(_ state: inout PreviewState) {
    guard let content = state.content else { return }
    for issue in FitCheck.issues(in: content) {
      let entry = issue.diagnostic
      guard !state.diagnostics.contains(where: { $0.sameDiagnostic(as: entry) }) else { continue }
      appendDiagnostic(&state, entry)
    }
  }
}
