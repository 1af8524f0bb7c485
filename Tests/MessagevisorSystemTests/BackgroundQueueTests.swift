import Foundation
import Testing

@testable import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The queue for work nobody waits for: in order, on one thread of its own, at a lower priority.
@Suite struct BackgroundQueueTests {
  final class Record: @unchecked Sendable {
    let lock = NSLock()
    var order: [Int] = []
    var threads: Set<ObjectIdentifier> = []
    var background: [Bool] = []
    var nice: [Int32] = []
  }

  @Test func itemsRunInOrderOnOneLowerPriorityThreadMarkedAsBackground() {
    let queue = BackgroundQueue(label: "test.background", niceness: 5)
    let record = Record()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<20 {
      queue.async {
        record.lock.lock()
        record.order.append(index)
        record.threads.insert(ObjectIdentifier(Thread.current))
        record.background.append(BackgroundQueue.isCurrentThreadBackground)
        errno = 0
        record.nice.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        record.lock.unlock()
        if index == 19 { done.signal() }
      }
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    record.lock.lock()
    defer { record.lock.unlock() }
    #expect(record.order == Array(0..<20))
    #expect(record.threads.count == 1)
    #expect(record.background.allSatisfy { $0 })
    #expect(!BackgroundQueue.isCurrentThreadBackground)
    let mine = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    #if os(Linux)
      #expect(record.nice.allSatisfy { $0 == min(mine + 5, 19) }, "\(record.nice) vs \(mine)")
    #endif
  }

  @Test func delayedItemsRunAfterTheirDelay() {
    let queue = BackgroundQueue(label: "test.background.delayed")
    let done = DispatchSemaphore(value: 0)
    let start = Date()
    let ran = NSLock()
    nonisolated(unsafe) var elapsed = 0.0
    queue.async(after: 0.2) {
      ran.lock()
      elapsed = Date().timeIntervalSince(start)
      ran.unlock()
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    ran.lock()
    #expect(elapsed >= 0.2)
    ran.unlock()
  }
}
