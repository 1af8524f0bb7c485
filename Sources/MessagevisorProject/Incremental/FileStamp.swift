import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` says about a file: enough to tell that it was rewritten without reading it.
///
/// Two writes within one tick of the kernel's file clock that leave the size and inode equal get
/// the same stamp; ``ProjectSourceCache`` therefore re-reads every file a watcher names, and
/// trusts stamps only for files nobody reported.
struct FileStamp: Sendable, Equatable {
  var size: Int64
  var inode: UInt64
  var modified: Int64
  var changed: Int64

  /// A stamp with the given fields (as the persistent cache recorded them).
  init(size: Int64, inode: UInt64, modified: Int64, changed: Int64) {
    self.size = size
    self.inode = inode
    self.modified = modified
    self.changed = changed
  }

  /// The stamp of `path`, or `nil` when it cannot be stat'ed.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    size = Int64(info.st_size)
    inode = UInt64(info.st_ino)
    #if os(Linux)
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #else
      modified =
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      changed =
        Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #endif
  }
}
