/// Options for running a project's test specs.
public struct TestRunOptions: Sendable {
  /// Default target for message assertions without `target` (upstream Swift runner: `swift`).
  public var target: String = "swift"
  /// Treat U+0020, U+00A0 and U+202F as equal.
  public var normalizeSpaces = false
  /// Regex on the spec subject key or spec path; non-matching specs are skipped.
  public var keyPattern: String? = nil
  /// Regex on assertion descriptions; non-matching assertions are skipped.
  public var assertionPattern: String? = nil
  /// Install the ICU module (nil = the project config decides).
  public var withICUModule: Bool? = nil
  /// Install the interpolation module (nil = the project config decides).
  public var withInterpolationModule: Bool? = nil
  /// Runtime keys tried in `expectedByRuntime` before `expectedTranslation`, in order.
  public var runtimeKeys: [String] = TestRunOptions.defaultRuntimeKeys
  /// The time zone instances get when an assertion does not set one.
  public var defaultTimeZone: String = "UTC"

  /// The Linux runtime policy: `expectedByRuntime.linux`, then `expectedTranslation` (Node 24).
  /// Apple's `swift` key is not used on Linux: Foundation on Linux ships ICU 76 / CLDR 46, whose
  /// output matches Node more often than Apple's (project-1 with ICU: 1,041 vs 990 of 1,084 pass;
  /// see `ci/project-1-known-differences.md`).
  public static let defaultRuntimeKeys = ["linux"]

  /// Creates default options.
  public init() {}
}
