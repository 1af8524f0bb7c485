import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache directory as a whole stays bounded: each run replaces its own project's files, but
/// projects that are gone (a deleted checkout, a temporary directory, a renamed folder) would
/// leave theirs forever. After every write the store removes other projects' cache files that
/// were not used for ``maximumAge`` (a read or a write sets a file's modification time), then,
/// while all cache files together take more than ``maximumTotalBytes``, the least recently used
/// ones first. It only touches files named as
/// a store names them (32 hexadecimal digits, then `.sources` or `.products`) and never its own;
/// a file another process removes or replaces meanwhile is skipped (at worst that project starts
/// cold once).
extension BuildCacheStore {
  /// Cache files of other projects not used for this long are removed (30 days).
  static let maximumAge: TimeInterval = 30 * 24 * 60 * 60
  /// The most bytes the cache files of all projects may take together (2 GiB); beyond it the
  /// least recently used are removed first.
  static let maximumTotalBytes = 2 << 30

  /// One cache file in the directory.
  struct CachedFile {
    var name: String
    var bytes: Int
    var modified: Date
  }

  /// Removes other projects' files unused for more than `maximumAge` (at `now`), then the least
  /// recently used ones while the total exceeds `maximumTotalBytes`; returns the names removed.
  @discardableResult
  func prune(
    now: Date = Date(), maximumAge: TimeInterval = maximumAge,
    maximumTotalBytes: Int = maximumTotalBytes
  ) -> [String] {
    let files = cachedFiles().sorted { $0.modified < $1.modified }
    var total = files.reduce(0) { $0 + $1.bytes }
    var removed: [String] = []
    let own = Set([DatafileProducts.kind, SourceSnapshot.kind].map { file(of: $0) })
    for cached in files where !own.contains(cached.name) {
      let stale = now.timeIntervalSince(cached.modified) > maximumAge
      guard stale || total > maximumTotalBytes,
        unlink((directory as NSString).appendingPathComponent(cached.name)) == 0
      else { continue }
      total -= cached.bytes
      removed.append(cached.name)
    }
    return removed
  }

  /// The regular files in the directory named as cache files.
  private func cachedFiles() -> [CachedFile] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    return names.compactMap { name -> CachedFile? in
      guard Self.isCacheFileName(name) else { return nil }
      var info = stat()
      let path = (directory as NSString).appendingPathComponent(name)
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
      #if os(Linux)
        let seconds = info.st_mtim.tv_sec
      #else
        let seconds = info.st_mtimespec.tv_sec
      #endif
      return CachedFile(
        name: name, bytes: Int(info.st_size),
        modified: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
  }

  /// Whether `name` is a cache file's name: 32 lowercase hexadecimal digits, `.sources` or
  /// `.products`.
  static func isCacheFileName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1] == SourceSnapshot.kind || parts[1] == DatafileProducts.kind,
      parts[0].utf8.count == 32
    else { return false }
    return parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
