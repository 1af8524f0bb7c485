import Foundation

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

  /// Runs `body` holding the cache lock (``FileLock``, `exclusive` for writers, shared for
  /// readers); `body` learns whether the lock was busy past ``lockWaitSeconds`` (then it is not
  /// held). `createDirectory`: create the cache directory first (writers).
  func withCacheLock<T>(
    exclusive: Bool, createDirectory: Bool, _ body: (_ busy: Bool) throws -> T
  ) rethrows -> T {
    if createDirectory { try? Self.makeDirectories(directory) }
    switch FileLock.acquire(
      path: lockURL.path, exclusive: exclusive, mode: 0o600, waitSeconds: Self.lockWaitSeconds)
    {
    case .success(let lock):
      defer { lock.release() }
      return try body(false)
    case .failure(.busy):
      return try body(true)
    case .failure(.cannotOpen), .failure(.cannotLock):
      // No lock file (a read-only cache, a path that is not a directory) or no flock: run
      // without it.
      return try body(false)
    }
  }

  /// The problem reported when the lock stayed busy.
  var busyLockReason: String {
    "the cache lock \(lockURL.path) was held by another process for more than \(ReRuneHTTPTransport.seconds(Self.lockWaitSeconds)) s"
  }
}
