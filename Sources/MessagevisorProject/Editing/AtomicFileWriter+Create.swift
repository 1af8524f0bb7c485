import Foundation
import MessagevisorSystem

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
    var options = AtomicFile.Options()
    options.creationMode = 0o666
    options.synchronizeDirectory = true
    do {
      try AtomicFile.write(bytes, to: path, options: options, commit: .create)
    } catch {
      throw failure(error, path: path, committing: "cannot create the file")
    }
    return SavedFileChange(path: path, before: [], after: bytes)
  }
}
