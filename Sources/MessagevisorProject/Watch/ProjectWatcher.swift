import Foundation
import MessagevisorLocking

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a project directory tree and reports what changed, in debounced batches, on its own
/// thread.
///
/// On Linux it uses inotify: one watch per directory (directories created later are watched as
/// they appear; directories whose name starts with `.` are skipped), and a kernel queue overflow
/// becomes a batch with ``ProjectChangeBatch/rescan``. Events are coalesced until the tree has
/// been quiet for ``Options/quietPeriod``, but never held longer than ``Options/maximumDelay``, so
/// a burst of 10,000 writes gives a handful of batches. When the root itself disappears, one batch
/// says so (``ProjectChangeBatch/rootRemoved``) and the watcher checks every
/// ``Options/rootPollInterval`` whether it is back; when it is, it watches it again and reports a
/// `rescan` batch. The thread sleeps in `poll(2)` between events: it never spins.
///
/// `onChange` runs on the watcher's thread; a slow callback delays the next batch (events queue
/// in the kernel meanwhile). Call ``stop()`` (or drop the last reference) to end the thread.
///
/// On other platforms ``init(root:options:onChange:)`` throws: there is no watcher there yet.
public final class ProjectWatcher: Sendable {
  /// Debounce and polling intervals.
  public struct Options: Sendable, Equatable {
    /// How long the tree must be quiet before a batch is reported (default 50 ms).
    public var quietPeriod: Duration
    /// The longest a change waits while events keep arriving (default 250 ms).
    public var maximumDelay: Duration
    /// How often a removed root is looked for (default 500 ms).
    public var rootPollInterval: Duration
    /// The deepest directory level watched below the root (default 32).
    public var maximumDepth: Int

    /// Creates options.
    public init(
      quietPeriod: Duration = .milliseconds(50), maximumDelay: Duration = .milliseconds(250),
      rootPollInterval: Duration = .milliseconds(500), maximumDepth: Int = 32
    ) {
      self.quietPeriod = quietPeriod
      self.maximumDelay = maximumDelay
      self.rootPollInterval = rootPollInterval
      self.maximumDepth = maximumDepth
    }
  }

  /// The watched directory, as given.
  public let root: String
  private let wakeWrite: Int32
  private let finished = DispatchSemaphore(value: 0)
  private let state = Locked<(stopped: Bool, thread: pthread_t?)>((false, nil))

  /// Starts watching `root` (a directory) and calls `onChange` with every batch of changes.
  /// - Throws: ``ProjectWatcherError`` when `root` is not a directory or inotify is unavailable.
  public init(
    root: String, options: Options = Options(),
    onChange: @escaping @Sendable (ProjectChangeBatch) -> Void
  ) throws(ProjectWatcherError) {
    self.root = root
    #if os(Linux)
      var pipeEnds: [Int32] = [-1, -1]
      guard pipe(&pipeEnds) == 0 else {
        throw ProjectWatcherError("cannot create a pipe: \(String(cString: strerror(errno)))")
      }
      for end in pipeEnds {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
      let loop: InotifyWatchLoop
      do {
        loop = try InotifyWatchLoop(
          root: root, options: options, wakeRead: pipeEnds[0], onChange: onChange)
      } catch {
        // Thrown before every property is set: no deinit runs, so nothing waits for a thread.
        close(pipeEnds[0])
        close(pipeEnds[1])
        throw error
      }
      wakeWrite = pipeEnds[1]
      let finished = self.finished
      let state = self.state
      let thread = Thread {
        state.withLock { $0.thread = pthread_self() }
        loop.run()
        finished.signal()
      }
      thread.name = "ProjectWatcher"
      thread.start()
    #else
      wakeWrite = -1
      throw ProjectWatcherError(
        "watching a project needs inotify (Linux); restart the program after editing")
    #endif
  }

  deinit {
    stop()
  }

  /// Stops the thread and waits for it to end (unless called from `onChange`, which is on that
  /// thread: then the thread ends when the callback returns). Safe to call more than once.
  public func stop() {
    let (wasStopped, thread) = state.withLock { value -> (Bool, pthread_t?) in
      defer { value.stopped = true }
      return (value.stopped, value.thread)
    }
    guard !wasStopped, wakeWrite >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    let onWatcherThread = thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    if !onWatcherThread { finished.wait() }
    close(wakeWrite)
  }
}
