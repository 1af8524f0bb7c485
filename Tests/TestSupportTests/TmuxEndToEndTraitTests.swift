import Foundation
import TestSupport
import Testing

/// How many tests of ``TmuxEndToEndTraitTests/Serialized`` run at this moment, and the most seen.
private final class Overlap: @unchecked Sendable {
  private let lock = NSLock()
  private var running = 0
  private(set) var most = 0

  func enter() {
    lock.withLock {
      running += 1
      most = max(most, running)
    }
  }

  func leave() { lock.withLock { running -= 1 } }

  var mostSeen: Int { lock.withLock { most } }
}

private let overlap = Overlap()

@Suite("The tmux end-to-end trait skips and serializes")
struct TmuxEndToEndTraitTests {
  @Suite(.tmuxEndToEnd(needs: TmuxRequirement(missing: "never met") { false }))
  struct Unmet {
    @Test func aSuiteWithAnUnmetRequirementIsSkipped() {
      Issue.record("ran although a requirement of its suite is not met")
    }
  }

  @Test(.tmuxEndToEnd(needs: TmuxRequirement(missing: "never met") { false }))
  func aTestWithAnUnmetRequirementIsSkipped() {
    Issue.record("ran although its requirement is not met")
  }

  @Suite(.tmuxEndToEnd(needs: TmuxRequirement(missing: "always met") { true }))
  struct Serialized {
    /// Each test stays a while, so tests that ran in parallel would overlap.
    static func stay() {
      overlap.enter()
      usleep(150_000)
      #expect(overlap.mostSeen == 1, "another test of the suite ran at the same time")
      overlap.leave()
    }

    @Test(arguments: 0..<3) func first(_ index: Int) { Self.stay() }
    @Test(arguments: 0..<3) func second(_ index: Int) { Self.stay() }
    @Test func third() { Self.stay() }
  }
}
