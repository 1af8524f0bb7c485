/// What the resolver (``MessagevisorInstance/resolveLocked(_:locale:context:defaultTranslation:recorder:)``)
/// tells an observer about one lookup. `translate` passes ``UntracedResolution``, whose checks and
/// calls fold away when the resolver is specialized for it; `traceTranslation` passes a
/// ``TranslationTraceRecorder``.
protocol ResolutionRecorder {
  /// Whether this recorder records: when it does, the resolver reports no diagnostics (a trace
  /// is an inspection, not an evaluation) and explains every override.
  var isRecording: Bool { get }
  /// The step that supplied the text.
  func chose(_ source: TranslationTrace.Source)
  /// The message's overrides, explained.
  func explained(_ overrides: [OverrideTrace], deprecated: Bool)
  /// Whether the locale has a datafile (recorded when the lookup falls back).
  func fellBack(hasDatafile: Bool)
}

/// The recorder of `translate`: records nothing.
struct UntracedResolution: ResolutionRecorder {
  @inline(__always) var isRecording: Bool { false }
  @inline(__always) func chose(_ source: TranslationTrace.Source) {}
  @inline(__always) func explained(_ overrides: [OverrideTrace], deprecated: Bool) {}
  @inline(__always) func fellBack(hasDatafile: Bool) {}
}
