/// What `lint` checks and how (the library side of `messagevisor-swift lint`'s flags).
public struct LintOptions: Sendable {
  /// The set to lint (`nil`: every set, when the project uses sets).
  public var set: String?
  /// Only this target's messages and locales (`nil`: every target).
  public var target: String?
  /// Only findings about this locale (and those about no locale).
  public var locale: String?
  /// The lowest level reported.
  public var threshold: LintLevel = .info
  /// Only these codes (empty: every code).
  public var only: Set<String> = []
  /// Not these codes.
  public var skip: Set<String> = []
  /// The project's preview screens (the previewer's screen reader makes them).
  public var screens: [LintScreen] = []
  /// Problems the screen reader found in screen files (reported as `invalid_screen`).
  public var screenErrors: [ProjectError] = []
  /// The target screens show (unknown keys are checked against it).
  public var screenTarget: String?
  /// Display width in terminal columns, as the previewer measures it (default: graphemes).
  public var measure: @Sendable (String) -> Int = { $0.count }
  /// The pseudo-locale transform of a source text, when `fit` should check it too.
  public var pseudoLocalize: (@Sendable (String) -> String)?
  /// SHA-256 of a text as lowercase hex (for `translationStates` hashes), when available.
  public var sha256Hex: (@Sendable (String) -> String)?
  /// Asked before each message is checked whether to stop (for example because a newer run
  /// replaces this one): once it answers `true`, the run stops and returns
  /// ``LintReport/cancelled`` instead of the findings so far. Called from several threads at
  /// once; keep it cheap (an atomic or a lock around a counter).
  public var isCancelled: (@Sendable () -> Bool)?

  /// Creates options with every default.
  public init() {}
}
