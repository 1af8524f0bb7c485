import Foundation
import Testing

@testable import Messagevisor

/// The engine's lock (`CEngineLock`): mutual exclusion under contention, recursion on the owning
/// thread, and waiters woken (a lost wake-up would hang this test, bounded by its thread count).
@Suite struct RecursiveLockTests {
  final class Counter: @unchecked Sendable {
    let lock = RecursiveLock()
    var value = 0
    deinit { lock.destroy() }
  }

  @Test func excludesOtherThreadsAndReentersOnItsOwn() async {
    let counter = Counter()
    let threads = 8
    let rounds = 20_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads {
        group.addTask {
          for round in 0..<rounds {
            counter.lock.lock()
            // Re-entering on the owning thread does not deadlock; a read-modify-write that
            // another thread interleaved with would lose increments.
            counter.lock.lock()
            let value = counter.value
            if round % 1000 == 0 { sched_yield() }
            counter.value = value + 1
            counter.lock.unlock()
            counter.lock.unlock()
          }
        }
      }
    }
    counter.lock.lock()
    #expect(counter.value == threads * rounds)
    counter.lock.unlock()
  }
}
