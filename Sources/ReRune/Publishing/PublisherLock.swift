import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `<site>/.publish.lock`, held while one edit runs,
/// so concurrent publishers in different processes never lose each other's edits.
struct PublisherLock {
  private let descriptor: Int32

  init(directory: URL) throws(OTASitePublisherError) {
    let path = directory.appendingPathComponent(".publish.lock").path
    let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
    guard descriptor >= 0 else {
      throw .ioFailed(path: path, reason: "cannot open lock file (\(PublisherFileIO.errnoText()))")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let reason = "cannot lock (\(PublisherFileIO.errnoText()))"
      close(descriptor)
      throw .ioFailed(path: path, reason: reason)
    }
    self.descriptor = descriptor
  }

  /// Releases the lock.
  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
