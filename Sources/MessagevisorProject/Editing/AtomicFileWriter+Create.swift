import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFileWriter {
  /// Creates the file `path` with `bytes`, atomically and only if it does not exist: the bytes go
  /// to a flushed temporary file beside it, which is then hard-linked to `path` (a link never
  /// replaces an existing file, so a file created meanwhile is a conflict, not overwritten).
  /// Missing parent directories are created. Returns the change (`before` empty).
  /// - Throws: ``MessageEditError/conflict(path:)`` when the file exists,
  ///   ``MessageEditError/ioFailed(path:reason:)`` when writing fails.
  @discardableResult
  public static func create(_ bytes: [UInt8], at path: String) throws(MessageEditError)
    -> SavedFileChange
  {
    let directory = (path as NSString).deletingLastPathComponent
    let folder = directory.isEmpty ? "." : directory
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .ioFailed(path: path, reason: "cannot create its directory (\(error))")
    }
    if access(path, F_OK) == 0 { throw .conflict(path: path) }
    let temporary =
      folder + "/." + (path as NSString).lastPathComponent
      + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw .ioFailed(
        path: path, reason: "cannot create a temporary file beside it (\(errnoText()))")
    }
    var failure = writeAll(bytes, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush (\(errnoText()))" }
    if close(descriptor) != 0, failure == nil { failure = "cannot close (\(errnoText()))" }
    if let failure {
      unlink(temporary)
      throw .ioFailed(path: path, reason: failure)
    }
    defer { unlink(temporary) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw .conflict(path: path) }
      throw .ioFailed(path: path, reason: "cannot create the file (\(errnoText()))")
    }
    let handle = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if handle >= 0 {
      _ = fsync(handle)
      close(handle)
    }
    return SavedFileChange(path: path, before: [], after: bytes)
  }
}
