import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A serial queue for work nobody waits for (the previewer's lint and the locales it builds
/// after its first frame): its own thread, at a lower CPU priority than the rest of the process
/// (nice + ``niceness`` on Linux), so that what a user waits for — a key's frame, a locale
/// switch — gets the cores first. Work runs one item at a time, in the order it was added.
///
/// The thread ends after ``idleSeconds`` without work and starts again with the next item.
///
/// Work on the queue's thread does not fan out over the cores: ``isCurrentThreadBackground``
/// tells the package's parallel loops to run serially there, so background work never takes
/// more than one core away from the foreground.
package final class BackgroundQueue: @unchecked Sendable {
  /// How much lower the queue's thread runs than the process (added to its nice value).
  package let niceness: Int32
  private let label: String
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var items: [@Sendable () -> Void] = []
  private var started = false

  /// A queue whose thread (started with the first item) is named `label`. The default niceness,
  /// 5, gives the queue about a third of the CPU time of a thread it shares a core with (10, a
  /// tenth, starved background work for minutes on a saturated machine).
  package init(label: String, niceness: Int32 = 5) {
    self.label = label
    self.niceness = niceness
  }

  /// Whether the calling thread is a background queue's.
  package static var isCurrentThreadBackground: Bool {
    Thread.current.threadDictionary[threadKey] != nil
  }

  private static let threadKey = "messagevisor.background-queue"

  /// Adds `work` at the end of the queue.
  package func async(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    items.append(work)
    let start = !started
    started = true
    condition.signal()
    condition.unlock()
    if start {
      let thread = Thread { [self] in run() }
      thread.name = label
      thread.start()
    }
  }

  /// Adds `work` at the end of the queue after `seconds` (at once when not positive).
  package func async(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
    guard seconds > 0 else { return async(work) }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in async(work) }
  }

  /// The queue's thread: lowers its own priority, then runs the items as they come.
  private func run() {
    Thread.current.threadDictionary[Self.threadKey] = true
    #if os(Linux)
      // Linux keeps a nice value per thread, and `who` 0 is the calling thread: this one only.
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      errno = 0
      let current = getpriority(which, 0)
      if errno == 0 { _ = setpriority(which, 0, min(current + niceness, 19)) }
    #endif
    while true {
      condition.lock()
      while items.isEmpty {
        // Idle for a while: the thread ends (the next item starts another), so that a queue
        // nobody uses any more holds no thread.
        if !condition.wait(until: Date(timeIntervalSinceNow: Self.idleSeconds)), items.isEmpty {
          started = false
          condition.unlock()
          return
        }
      }
      let work = items.removeFirst()
      condition.unlock()
      work()
    }
  }

  /// How long the queue's thread waits for work before it ends.
  static let idleSeconds = 10.0
}
