extension PreviewUpdate {
  /// Lists a `fit` diagnostic for every chip or button text over its width budget in the new
  /// content (once per key, locale and width: a text that still does not fit is not counted
  /// again on every refresh).
  static func reportFit(_ state: inout PreviewState) {
    guard let content = state.content else { return }
    for issue in FitCheck.issues(in: content) {
      let entry = issue.diagnostic
      guard !hasDiagnostic(&state, entry) else { continue }
      appendDiagnostic(&state, entry)
    }
  }

  /// Whether `entry` is among the kept diagnostics (a lookup in the signature index).
  static func hasDiagnostic(_ state: inout PreviewState, _ entry: DiagnosticEntry) -> Bool {
    if state.diagnostics.index.stamps.count != state.diagnostics.entries.count {
      state.diagnostics.index.rebuild(state.diagnostics.entries)
    }
    guard let index = state.diagnostics.index.position(of: DiagnosticSignature(entry)) else {
      return false
    }
    return state.diagnostics.entries[index].sameDiagnostic(as: entry)
  }
}
