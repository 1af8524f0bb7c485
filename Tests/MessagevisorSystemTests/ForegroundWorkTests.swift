import Foundation
import Testing

@testable import MessagevisorSystem

/// Background work steps aside for work a user waits for: a background queue's checkpoint waits
/// while foreground work runs, for at most its limit; elsewhere a checkpoint never waits.
@Suite(.serialized) struct ForegroundWorkTests {
  final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ event: String) {
      lock.lock()
      list.append(event)
      lock.unlock()
    }
    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return list
    }
  }

  @Test func aBackgroundCheckpointWaitsUntilTheForegroundWorkEnds() {
    let queue = BackgroundQueue(label: "foreground-work-tests")
    let events = Events()
    let reached = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    ForegroundWork.perform {
      queue.async {
        reached.signal()
        ForegroundWork.yield(limit: 60)
        events.add("background went on")
        done.signal()
      }
      reached.wait()
      // The background item is at its checkpoint (or about to be): it must not go on before
      // the foreground work ends, however long that takes.
      Thread.sleep(forTimeInterval: 0.3)
      events.add("foreground ended")
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(events.all == ["foreground ended", "background went on"])
    #expect(!ForegroundWork.isRunning)
  }

  @Test func aBackgroundCheckpointGoesOnAfterItsLimit() {
    let queue = BackgroundQueue(label: "foreground-work-tests")
    let done = DispatchSemaphore(value: 0)
    ForegroundWork.perform {
      queue.async {
        ForegroundWork.yield(limit: 0.05)
        done.signal()
      }
      // Still inside the foreground work: the checkpoint gave up waiting.
      #expect(done.wait(timeout: .now() + 60) == .success)
    }
  }

  @Test func aCheckpointOffABackgroundQueueNeverWaits() {
    ForegroundWork.perform {
      let start = Date()
      ForegroundWork.yield(limit: 30)
      #expect(Date().timeIntervalSince(start) < 15, "the foreground thread waited for itself")
    }
  }

  @Test func aWaitForWorkInProgressReturnsWhenTheLastPieceEnds() {
    let work = WorkInProgress()
    let events = Events()
    let inside = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      work.perform {
        work.perform {
          inside.signal()
          Thread.sleep(forTimeInterval: 0.2)
          events.add("inner ended")
        }
        events.add("outer ended")
      }
    }
    inside.wait()
    Thread.detachNewThread {
      work.waitUntilNone()
      events.add("waiter went on")
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(events.all == ["inner ended", "outer ended", "waiter went on"])
    #expect(!work.isRunning)
  }
}
