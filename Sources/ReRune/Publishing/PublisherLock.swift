import Foundation

/// An exclusive advisory lock (``FileLock``) on `<site>/.publish.lock`, held while one edit runs,
/// so concurrent publishers in different processes never lose each other's edits.
struct PublisherLock {
  private let lock: FileLock

  init(directory: URL) throws(OTASitePublisherError) {
    let path = directory.appendingPathComponent(".publish.lock").path
    switch FileLock.acquire(path: path, exclusive: true, mode: 0o644, waitSeconds: nil) {
    case .success(let lock):
      self.lock = lock
    case .failure(.cannotOpen(let reason)):
      throw .ioFailed(path: path, reason: "cannot open lock file (\(reason))")
    case .failure(.cannotLock(let reason)):
      throw .ioFailed(path: path, reason: "cannot lock (\(reason))")
    case .failure(.busy):  // not with an unbounded wait
      throw .ioFailed(path: path, reason: "cannot lock (held by another process)")
    }
  }

  /// Releases the lock.
  func release() { lock.release() }
}
