import Testing

/// Something a tmux end-to-end test needs besides tmux (a built binary, the demo); when it is
/// missing the test is skipped with ``missing`` as the reason.
public struct TmuxRequirement: Sendable {
  /// Why the test is skipped when the requirement is not met (what to do about it).
  public var missing: String
  /// Whether the requirement is met (asked when the test is about to run).
  public var isMet: @Sendable () -> Bool

  /// A requirement checked by `isMet`, explained by `missing` when it fails.
  public init(missing: String, isMet: @escaping @Sendable () -> Bool) {
    self.missing = missing
    self.isMet = isMet
  }

  /// tmux is installed (every ``TmuxEndToEndTrait`` checks it).
  public static let tmux = TmuxRequirement(missing: "SKIPPED: tmux is not installed") {
    TmuxDriver.isAvailable
  }
}

/// The trait of a test or suite that drives a real terminal through tmux: it is skipped unless
/// tmux and every requirement are there, and its tests run one at a time (a suite's tests, a
/// parameterized test's cases), as each starts programs that compete for the CPU.
///
/// Use it as `@Suite("…", .tmuxEndToEnd(needs: .previewBinary, .demo))`.
public struct TmuxEndToEndTrait: SuiteTrait, TestTrait {
  /// What the test needs, tmux first.
  public var requirements: [TmuxRequirement]

  /// Applies to every test of a suite.
  public var isRecursive: Bool { true }

  /// Skips the test (with the first unmet requirement's reason) unless every requirement is met.
  public func prepare(for test: Test) async throws {
    for requirement in requirements {
      let condition = ConditionTrait.enabled(
        if: requirement.isMet(), Comment(rawValue: requirement.missing))
      try await condition.prepare(for: test)
    }
  }

  /// Runs the suite's tests and a test's cases one at a time (as `.serialized` does).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> ParallelizationTrait? {
    ParallelizationTrait.serialized.scopeProvider(for: test, testCase: testCase)
  }
}

extension Trait where Self == TmuxEndToEndTrait {
  /// A tmux end-to-end test or suite: skipped unless tmux and `requirements` are there, its tests
  /// serialized.
  public static func tmuxEndToEnd(needs requirements: TmuxRequirement...) -> Self {
    TmuxEndToEndTrait(requirements: [.tmux] + requirements)
  }
}
