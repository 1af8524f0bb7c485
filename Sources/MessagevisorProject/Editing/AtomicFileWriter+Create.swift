import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creating a file that does not exist yet, with the same guarantees as a replacement.
extension AtomicFileWriter {
  /// Creates the file at `path` holding `bytes` (and its missing directories): the bytes go to a
  /// temporary file beside it, are flushed, and the file is linked into place, which fails
  /// (nothing written) when a file exists there, even one that appeared meanwhile.
  /// - Throws: ``MessageEditError/conflict(path:)`` when the file exists,
  ///   ``MessageEditError/ioFailed(path:reason:)`` when writing fails.
  public static func create(_ bytes: [UInt8], at path: String) throws(MessageEditError) {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
    } catch {
      throw .ioFailed(
        path: path, reason: "cannot create its directory (\(error.localizedDescription))")
    }
    if access(path, F_OK) == 0 { throw .conflict(path: path) }
    let temporary =
      (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent
      + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .ioFailed(
        path: path, reason: "cannot create a temporary file beside it (\(errnoText()))")
    }
    var failure: String? = nil
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count, let base = buffer.baseAddress {
        let result = Foundation.write(descriptor, base + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = "cannot write (\(errnoText()))"
          return
        }
        written += result
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush (\(errnoText()))" }
    if close(descriptor) != 0, failure == nil { failure = "cannot close (\(errnoText()))" }
    defer { unlink(temporary) }
    if let failure { throw .ioFailed(path: path, reason: failure) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw .conflict(path: path) }
      throw .ioFailed(path: path, reason: "cannot create the file (\(errnoText()))")
    }
  }
}
