import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one atomic file write: the bytes go to a new temporary file beside the
/// destination (`.<name>.<pid>.<random>.tmp`, created exclusively), which is written completely,
/// optionally given the permissions, owner and modification time asked for, flushed (`fsync`)
/// when asked, closed, and then renamed over the destination or linked to it. Readers and a crash
/// see either the old file or the complete new one; on any failure the temporary file is removed.
///
/// Used by the project editor (`AtomicFileWriter`), the OTA publisher and site exporter, and the
/// OTA disk cache, each with its own options and error messages.
package enum AtomicFile {
  /// How the temporary file becomes the destination.
  package enum Commit: Sendable {
    /// `rename` over the destination (replacing any file there).
    case replace
    /// `link` to the destination, which must not exist (a file created meanwhile is never
    /// overwritten: ``AtomicFileError/Step/commit`` with `EEXIST`).
    case create
  }

  /// What a write does besides writing the bytes.
  package struct Options: Sendable {
    /// The mode the temporary file is created with (before the umask).
    package var creationMode: mode_t = 0o600
    /// Permission bits set on the file (`fchmod`) before it is flushed; `nil` keeps the creation
    /// mode.
    package var permissions: mode_t?
    /// Owner and group tried (`fchown`, best effort: it needs privileges) when they differ from
    /// the writer's.
    package var owner: (user: uid_t, group: gid_t)?
    /// Flush the file (`fsync`) before it is committed.
    package var synchronize = true
    /// The file's modification time (seconds since 1970), set before it is committed.
    package var modifiedAt: Int?
    /// Flush the directory after the commit (best effort: some file systems refuse).
    package var synchronizeDirectory = false

    /// The default options: mode 0600, flushed, renamed over the destination.
    package init() {}
  }

  /// The temporary file's path for `destination` (in the same directory).
  package static func temporaryPath(for destination: String) -> String {
    let directory = (destination as NSString).deletingLastPathComponent
    let name = (destination as NSString).lastPathComponent
    return (directory.isEmpty ? "." : directory) + "/." + name
      + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
  }

  /// Writes `bytes` to `destination` atomically (see ``AtomicFile``). `beforeCommit` runs once
  /// the file is complete and closed, just before the commit: returning `false` abandons the
  /// write (``AtomicFileError/Step/abandoned``), e.g. when the destination changed meanwhile.
  package static func write(
    _ bytes: some ContiguousBytes, to destination: String, options: Options = Options(),
    commit: Commit = .replace, beforeCommit: () -> Bool = { true }
  ) throws(AtomicFileError) {
    try write(to: destination, options: options, commit: commit, beforeCommit: beforeCommit) {
      output in bytes.withUnsafeBytes { output.append($0) }
    }
  }

  /// The temporary file of a write, for `contents` to fill (see
  /// ``write(to:options:commit:beforeCommit:contents:)``).
  package struct Output {
    let descriptor: Int32

    /// Appends `bytes`; `false` (with `errno` set) when a write fails.
    package func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
      each(bytes) { base, count, _ in Foundation.write(descriptor, base, count) }
    }

    /// Writes `bytes` over the file's bytes at `offset` (already written); `false` (with `errno`
    /// set) when a write fails.
    package func overwrite(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
      each(bytes) { base, count, done in pwrite(descriptor, base, count, off_t(offset + done)) }
    }

    /// Calls `step` with the bytes not yet written and how many were, until all are, retrying
    /// after signals; `false` when a step fails.
    private func each(
      _ bytes: UnsafeRawBufferPointer, _ step: (UnsafeRawPointer, Int, Int) -> Int
    ) -> Bool {
      var written = 0
      while written < bytes.count, let base = bytes.baseAddress {
        let result = step(base + written, bytes.count - written, written)
        if result < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += result
      }
      return true
    }
  }

  /// Writes the bytes `contents` gives (piece by piece, so a big file need not be in memory at
  /// once) to `destination` atomically, as ``write(_:to:options:commit:beforeCommit:)`` does;
  /// `contents` returns `false` (with `errno` set) when a write to its output failed.
  package static func write(
    to destination: String, options: Options = Options(), commit: Commit = .replace,
    beforeCommit: () -> Bool = { true }, contents: (Output) -> Bool
  ) throws(AtomicFileError) {
    let temporary = temporaryPath(for: destination)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, options.creationMode)
    guard descriptor >= 0 else {
      throw AtomicFileError(step: .create, code: errno, temporaryPath: temporary)
    }
    var failure: AtomicFileError.Step?
    var code: Int32 = 0
    func fail(_ step: AtomicFileError.Step) {
      failure = step
      code = errno
    }
    if !contents(Output(descriptor: descriptor)) { fail(.write) }
    if failure == nil, let permissions = options.permissions, fchmod(descriptor, permissions) != 0 {
      fail(.permissions)
    }
    if failure == nil, let owner = options.owner,
      owner.user != geteuid() || owner.group != getegid()
    {
      _ = fchown(descriptor, owner.user, owner.group)
    }
    if failure == nil, options.synchronize, fsync(descriptor) != 0 { fail(.flush) }
    if close(descriptor) != 0, failure == nil { fail(.close) }
    if failure == nil, let modifiedAt = options.modifiedAt {
      var times = [
        timespec(tv_sec: modifiedAt, tv_nsec: 0), timespec(tv_sec: modifiedAt, tv_nsec: 0),
      ]
      if utimensat(AT_FDCWD, temporary, &times, 0) != 0 { fail(.modificationTime) }
    }
    if let failure {
      unlink(temporary)
      throw AtomicFileError(step: failure, code: code, temporaryPath: temporary)
    }
    guard beforeCommit() else {
      unlink(temporary)
      throw AtomicFileError(step: .abandoned, code: 0, temporaryPath: temporary)
    }
    let committed: Bool
    switch commit {
    case .replace:
      committed = rename(temporary, destination) == 0
    case .create:
      committed = link(temporary, destination) == 0
    }
    let commitCode = errno
    if !committed || commit == .create { unlink(temporary) }
    guard committed else {
      throw AtomicFileError(step: .commit, code: commitCode, temporaryPath: temporary)
    }
    if options.synchronizeDirectory {
      let directory = (destination as NSString).deletingLastPathComponent
      let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if folder >= 0 {
        _ = fsync(folder)
        close(folder)
      }
    }
  }
}
