import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory `flock` on a lock file, held until ``release()``: the one way ReRune makes
/// processes take turns (the site publisher, the disk cache). A `flock` belongs to an open file
/// description, so two locks taken through two `acquire` calls exclude each other even inside one
/// process.
struct FileLock {
  /// Why no lock was taken.
  enum Failure: Error {
    /// The lock file could not be opened (nor created); `reason` is `strerror`.
    case cannotOpen(reason: String)
    /// Another holder kept the lock past the wait.
    case busy
    /// `flock` itself failed (e.g. a file system without it); `reason` is `strerror`.
    case cannotLock(reason: String)
  }

  private let descriptor: Int32

  /// Opens (creating it with `mode` when missing; read-only when it cannot be written) and locks
  /// `path`, exclusively or shared. With `waitSeconds` nil it waits as long as it takes;
  /// otherwise it gives up with ``Failure/busy`` after that many seconds.
  static func acquire(path: String, exclusive: Bool, mode: mode_t, waitSeconds: Double?)
    -> Result<FileLock, Failure>
  {
    var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode)
    if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
    guard descriptor >= 0 else {
      return .failure(.cannotOpen(reason: String(cString: strerror(errno))))
    }
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | (waitSeconds == nil ? 0 : LOCK_NB)
    let deadline = waitSeconds.map { Date().addingTimeInterval($0) }
    var pause: useconds_t = 200
    while flock(descriptor, operation) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK, let deadline else {
        close(descriptor)
        return .failure(.cannotLock(reason: String(cString: strerror(code))))
      }
      guard Date() < deadline else {
        close(descriptor)
        return .failure(.busy)
      }
      usleep(pause)
      pause = min(pause * 2, 10_000)
    }
    return .success(FileLock(descriptor: descriptor))
  }

  /// Releases the lock.
  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
