import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Directory listings with `opendir`/`readdir`: the type of each entry comes with its name, so
/// a listing of a tree costs one system call per directory, not a `stat` per file
/// (Foundation's `FileManager.enumerator(atPath:)` took a sixth of a warm previewer start on a
/// project of 20,000 files).
///
/// Symbolic links are never followed: a link is listed as an entry that is not a directory,
/// whatever it points to (so a tree with a link cycle is listed once). A directory that cannot be
/// opened or read lists as empty.
public enum DirectoryListing {
  /// An entry of a directory.
  public struct Entry: Sendable, Equatable {
    /// The entry's name (no `/`).
    public var name: String
    /// Whether the entry is a directory (a symbolic link to one is not).
    public var isDirectory: Bool

    /// Creates an entry.
    public init(name: String, isDirectory: Bool) {
      self.name = name
      self.isDirectory = isDirectory
    }
  }

  /// The entries of the directory at `path`, without `.` and `..`, in the order the file system
  /// gives them; empty when `path` cannot be opened as a directory.
  public static func entries(of path: String) -> [Entry] {
    read(path) ?? []
  }

  /// The entries of the directory at `path` (as ``entries(of:)``), `nil` when it cannot be
  /// opened.
  private static func read(_ path: String) -> [Entry]? {
    guard let handle = opendir(path) else { return nil }
    defer { closedir(handle) }
    var result: [Entry] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        // Some file systems do not report types: ask, without following a link.
        var info = stat()
        isDirectory =
          lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      result.append(Entry(name: name, isDirectory: isDirectory))
    }
    return result
  }

  /// The path of every entry below `directory` that is not a directory, relative to it
  /// (`"a/b.yml"`), every directory descended (hidden ones too), in no particular order; `nil`
  /// when `directory` itself cannot be opened (a subdirectory that cannot lists as empty).
  ///
  /// `beforeDirectory` runs before each directory is read (a caller's checkpoint, e.g.
  /// ``ForegroundWork/yield()``). The walk keeps its own stack, so a deep tree cannot exhaust the
  /// thread's.
  public static func files(
    under directory: String, beforeDirectory: () -> Void = {}
  ) -> [String]? {
    var result: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      beforeDirectory()
      let full = relative.isEmpty ? directory : directory + "/" + relative
      guard let entries = read(full) else {
        if relative.isEmpty { return nil }
        continue
      }
      for entry in entries {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if entry.isDirectory {
          pending.append(path)
        } else {
          result.append(path)
        }
      }
    }
    return result
  }
}
