import Foundation
import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a user's file and replaces it atomically, refusing when it changed since it was read.
///
/// A write goes to a temporary file in the same directory, is flushed with `fsync`, gets the
/// original's permission bits (and owner, where allowed) and is renamed over the file (then the
/// directory is flushed), so readers and a crash see either the old bytes or the new ones. Before the rename the file on disk is
/// read again and compared by SHA-256 with what the edit started from; any difference is a
/// ``MessageEditError/conflict(path:)`` and nothing is written. A symbolic link is followed: its
/// target is replaced and the link stays.
public enum AtomicFileWriter {
  /// Reads the file at `path`.
  /// - Throws: ``MessageEditError/missingFile(path:)`` or ``MessageEditError/ioFailed(path:reason:)``.
  public static func read(_ path: String) throws(MessageEditError) -> FileSnapshot {
    FileSnapshot(path: path, bytes: try readBytes(path))
  }

  /// Replaces the file `snapshot` was read from with `bytes`, if it still holds the snapshot's
  /// bytes. Returns the change, for undo.
  /// - Throws: ``MessageEditError/conflict(path:)`` when the file changed,
  ///   ``MessageEditError/missingFile(path:)`` when it is gone, ``MessageEditError/readOnly(path:)``
  ///   when it is read-only, ``MessageEditError/ioFailed(path:reason:)`` when writing fails.
  @discardableResult
  public static func write(_ bytes: [UInt8], replacing snapshot: FileSnapshot)
    throws(MessageEditError) -> SavedFileChange
  {
    try replace(snapshot.path, expecting: snapshot.digest, with: bytes)
    return SavedFileChange(path: snapshot.path, before: snapshot.bytes, after: bytes)
  }

  /// Restores the bytes a write replaced, if the file still holds exactly what it wrote. Returns
  /// the undo as a change (undoing it again redoes the write).
  /// - Throws: ``MessageEditError/conflict(path:)`` when the file changed after the write, and
  ///   the errors of ``write(_:replacing:)``.
  @discardableResult
  public static func undo(_ change: SavedFileChange) throws(MessageEditError) -> SavedFileChange {
    try replace(change.path, expecting: FileSnapshot.digest(of: change.after), with: change.before)
    return SavedFileChange(path: change.path, before: change.after, after: change.before)
  }

  // MARK: Implementation

  /// The bytes of the file at `path` (refusing what is not a regular file).
  public static func readBytes(_ path: String) throws(MessageEditError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw .missingFile(path: path) }
      throw .ioFailed(path: path, reason: "cannot read (\(errnoText()))")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .ioFailed(path: path, reason: "cannot read (\(errnoText()))")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  static func replace(_ path: String, expecting digest: String, with bytes: [UInt8])
    throws(MessageEditError)
  {
    // The file's real location: a link is kept and its target replaced.
    let target = realpath(path, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    guard let target else {
      if errno == ENOENT { throw .missingFile(path: path) }
      throw .ioFailed(path: path, reason: "cannot resolve (\(errnoText()))")
    }
    var status = stat()
    guard stat(target, &status) == 0 else {
      if errno == ENOENT { throw .missingFile(path: path) }
      throw .ioFailed(path: path, reason: "cannot inspect (\(errnoText()))")
    }
    guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
      throw .ioFailed(path: path, reason: "not a regular file")
    }
    // Root may write anything: a file without write bits still counts as read-only.
    if status.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
      throw .readOnly(path: path)
    }
    guard FileSnapshot.digest(of: try readBytes(target)) == digest else {
      throw .conflict(path: path)
    }
    var options = AtomicFile.Options()
    options.permissions = status.st_mode & 0o7777
    options.owner = (status.st_uid, status.st_gid)
    options.synchronizeDirectory = true
    do {
      // A last look just before the rename narrows the window for a racing external edit.
      try AtomicFile.write(bytes, to: target, options: options) {
        (try? readBytes(target)).map(FileSnapshot.digest(of:)) == digest
      }
    } catch {
      throw failure(error, path: path, committing: "cannot replace the file")
    }
  }

  /// `error` of an ``AtomicFile`` write in the editor's words; `committing` names the last step.
  static func failure(_ error: AtomicFileError, path: String, committing: String)
    -> MessageEditError
  {
    switch error.step {
    case .create:
      return .ioFailed(
        path: path, reason: "cannot create a temporary file beside it (\(error.reason))")
    case .write: return .ioFailed(path: path, reason: "cannot write (\(error.reason))")
    case .permissions:
      return .ioFailed(path: path, reason: "cannot keep the file's mode (\(error.reason))")
    case .flush: return .ioFailed(path: path, reason: "cannot flush (\(error.reason))")
    case .close: return .ioFailed(path: path, reason: "cannot close (\(error.reason))")
    case .modificationTime:
      return .ioFailed(path: path, reason: "cannot set the modification time (\(error.reason))")
    case .abandoned: return .conflict(path: path)
    case .commit:
      if error.code == EEXIST { return .conflict(path: path) }
      return .ioFailed(path: path, reason: "\(committing) (\(error.reason))")
    }
  }

  static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
