import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cache directory may be shared by several processes (an app and its extension, `ota check`
/// beside the previewer) and by several clients in one process. They take turns through `flock`
/// on `<cache>/.lock`: storing a locale (payload and record) and pruning hold it exclusively,
/// restoring holds it shared, so a prune never deletes a payload whose record is being written and
/// a restore never reads a record whose payload is being deleted. A `flock` belongs to an open
/// file description: every call opens the lock file anew, so two clients in one process exclude
/// each other as two processes do.
///
/// Nobody waits for the lock longer than ``lockWaitSeconds`` (a process stopped with the lock held
/// must not stall every other one): a store then fails with a ``CacheWriteError``, a prune is
/// skipped (reported), and a restore reads without the lock (every payload's digest is verified
/// anyway). When the lock file cannot be opened (a read-only cache, a cache path that is not a
/// directory), the work runs without it, and writes fail with their own error.
extension ReRuneDiskCache {
  /// The longest wait for the cache lock, in seconds.
  public static let lockWaitSeconds: Double = 2

  /// The lock file (`.lock` in the cache directory; created on first use, never removed).
  var lockURL: URL { directory.appendingPathComponent(".lock") }

  /// Runs `body` holding the cache lock (`exclusive` for writers, shared for readers); `body`
  /// learns whether the lock was busy past ``lockWaitSeconds`` (then it is not held).
  /// `createDirectory`: create the cache directory first (writers).
  func withCacheLock<T>(
    exclusive: Bool, createDirectory: Bool, _ body: (_ busy: Bool) throws -> T
  ) rethrows -> T {
    if createDirectory {
      try? Self.makeDirectories(directory)
    }
    var fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if fd < 0 { fd = open(lockURL.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
    guard fd >= 0 else { return try body(false) }
    defer { close(fd) }
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    let deadline = Date().addingTimeInterval(Self.lockWaitSeconds)
    var pause: useconds_t = 200
    var held = false
    var busy = false
    while true {
      if flock(fd, operation) == 0 {
        held = true
        break
      }
      let code = errno
      // Any other error (a file system without flock): run without the lock.
      guard code == EWOULDBLOCK || code == EINTR else { break }
      guard Date() < deadline else {
        busy = true
        break
      }
      usleep(pause)
      pause = min(pause * 2, 10_000)
    }
    defer { if held { flock(fd, LOCK_UN) } }
    return try body(busy)
  }

  /// The problem reported when the lock stayed busy.
  var busyLockReason: String {
    "the cache lock \(lockURL.path) was held by another process for more than \(ReRuneHTTPTransport.seconds(Self.lockWaitSeconds)) s"
  }
}
