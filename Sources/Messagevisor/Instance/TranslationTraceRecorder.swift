/// Records one lookup for ``MessagevisorInstance/traceTranslation(_:options:)``.
final class TranslationTraceRecorder: ResolutionRecorder {
  private(set) var source = TranslationTrace.Source.key
  private(set) var overrides: [OverrideTrace] = []
  private(set) var deprecated = false
  private(set) var hasDatafile = true

  var isRecording: Bool { true }

  func chose(_ source: TranslationTrace.Source) {
    self.source = source
  }

  func explained(_ overrides: [OverrideTrace], deprecated: Bool) {
    self.overrides = overrides
    self.deprecated = deprecated
  }

  func fellBack(hasDatafile: Bool) {
    self.hasDatafile = hasDatafile
  }
}
