import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The on-disk OTA cache: `manifest.json` (`{body, etag}`) and `locales/<encoded locale>.json`
/// (`{localeTag, payload, etag}`, the raw payload text).
///
/// Default location: `$XDG_DATA_HOME/ReRune/<sha256 hex of the publish id>/` (`~/.local/share/…` when
/// `XDG_DATA_HOME` is unset). Writes go to a temporary file in the same directory and are renamed into
/// place, so a crash mid-write leaves either the old or the new file; leftovers (`.*.tmp`) are ignored.
/// Locale file names are percent-encoded (only `A–Z a–z 0–9 - _` stay literal), and unsafe keys (empty,
/// NUL, `/`, `\`, `..`, longer than ``maxLocaleKeyLength``) are refused, so no key can escape the directory.
public final class ReRuneDiskCache: Sendable {
  /// The longest locale key the cache accepts.
  public static let maxLocaleKeyLength = 64

  /// The cache directory.
  public let directory: URL

  /// A cached manifest.
  public struct CachedManifest: Codable, Sendable, Equatable {
    /// The raw manifest text.
    public var body: String
    /// Its ETag.
    public var etag: String?

    /// Creates a record.
    public init(body: String, etag: String?) {
      self.body = body
      self.etag = etag
    }
  }

  /// A cached locale payload.
  public struct CachedLocale: Codable, Sendable, Equatable {
    /// The manifest locale key.
    public var localeTag: String
    /// The raw payload text.
    public var payload: String
    /// Its ETag.
    public var etag: String?

    /// Creates a record.
    public init(localeTag: String, payload: String, etag: String?) {
      self.localeTag = localeTag
      self.payload = payload
      self.etag = etag
    }
  }

  /// Creates a cache in `directory` (created on first write).
  public init(directory: URL) { self.directory = directory }

  /// `$XDG_DATA_HOME/ReRune/<sha256(publishId)>` or `~/.local/share/ReRune/<…>`.
  public static func defaultDirectory(publishId: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let base: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      base = home.appendingPathComponent(".local/share", isDirectory: true)
    }
    return base.appendingPathComponent("ReRune", isDirectory: true)
      .appendingPathComponent(SHA256Digest.hex(publishId), isDirectory: true)
  }

  /// True when `key` may be stored (and used as a local-site file name).
  public static func isSafeLocaleKey(_ key: String) -> Bool {
    !key.isEmpty && key.count <= maxLocaleKeyLength && !key.contains("\0") && !key.contains("/")
      && !key.contains("\\") && !key.contains("..")
  }

  /// The file name used for `key`, or nil when the key is unsafe.
  public static func fileName(forLocale key: String) -> String? {
    guard isSafeLocaleKey(key) else { return nil }
    var name = ""
    for byte in key.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80, c.isLetter || c.isNumber || c == "-" || c == "_" {
        name.append(c)
      } else {
        name += String(format: "%%%02X", byte)
      }
    }
    return name + ".json"
  }

  var manifestURL: URL { directory.appendingPathComponent("manifest.json") }
  var localesDirectory: URL { directory.appendingPathComponent("locales", isDirectory: true) }

  // MARK: Reading

  /// Reads the cached manifest; a missing file is nil, a corrupt one is reported in `problems`.
  public func loadManifest(problems: inout [String]) -> CachedManifest? {
    loadManifest(maxFileBytes: Int.max, problems: &problems)
  }

  /// Reads the cached manifest unless it is not a regular file or larger than `maxFileBytes`
  /// (checked before reading); a missing file is nil, a corrupt one is reported in `problems`.
  public func loadManifest(maxFileBytes: Int, problems: inout [String]) -> CachedManifest? {
    guard FileManager.default.fileExists(atPath: manifestURL.path) else { return nil }
    var info = stat()
    guard stat(manifestURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) <= maxFileBytes
    else {
      problems.append(
        "cache: ignoring \(manifestURL.path): not a regular file of at most \(maxFileBytes) bytes")
      return nil
    }
    do {
      let data = try Data(contentsOf: manifestURL)
      return try JSONDecoder().decode(CachedManifest.self, from: data)
    } catch {
      problems.append("cache: ignoring unreadable \(manifestURL.path): \(error)")
      return nil
    }
  }

  /// Reads every cached locale; corrupt or misplaced files are skipped and reported.
  public func loadLocales(problems: inout [String]) -> [CachedLocale] {
    loadLocales(only: nil, maxFileBytes: Int.max, problems: &problems)
  }

  /// Reads the cached locales whose keys are in `only` (every locale when nil); corrupt, misplaced
  /// and oversized files (more than `maxFileBytes`, checked before reading) are skipped and reported.
  public func loadLocales(only: Set<String>?, maxFileBytes: Int, problems: inout [String])
    -> [CachedLocale]
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: localesDirectory.path)
    } catch {
      return []
    }
    let wanted = only.map { Set($0.compactMap(Self.fileName(forLocale:))) }
    var result: [CachedLocale] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      if let wanted, !wanted.contains(name) { continue }
      let url = localesDirectory.appendingPathComponent(name)
      var info = stat()
      guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        problems.append("cache: ignoring \(url.path): not a regular file")
        continue
      }
      guard Int(info.st_size) <= maxFileBytes else {
        problems.append(
          "cache: ignoring \(url.path): \(info.st_size) bytes is more than the limit of \(maxFileBytes) bytes"
        )
        continue
      }
      do {
        let data = try Data(contentsOf: url)
        let record = try JSONDecoder().decode(CachedLocale.self, from: data)
        guard Self.fileName(forLocale: record.localeTag) == name else {
          problems.append(
            "cache: ignoring \(url.path): it holds locale '\(record.localeTag)', which does not belong in this file"
          )
          continue
        }
        result.append(record)
      } catch {
        problems.append("cache: ignoring unreadable \(url.path): \(error)")
      }
    }
    return result
  }

  /// Deletes the cached locale files whose locale is not in `keep` (locales dropped from the
  /// manifest); returns a problem for each file that could not be removed.
  @discardableResult
  public func removeLocales(except keep: Set<String>) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: localesDirectory.path)
    else { return [] }
    let kept = Set(keep.compactMap(Self.fileName(forLocale:)))
    var problems: [String] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      guard !kept.contains(name) else { continue }
      let path = localesDirectory.appendingPathComponent(name).path
      if unlink(path) != 0, errno != ENOENT {
        problems.append("cache: cannot remove \(path): \(String(cString: strerror(errno)))")
      }
    }
    return problems
  }

  // MARK: Writing

  /// Stores the manifest atomically.
  public func saveManifest(_ manifest: CachedManifest) throws {
    try writeAtomically(JSONEncoder().encode(manifest), to: manifestURL)
  }

  /// Stores a locale atomically; throws for unsafe keys.
  public func saveLocale(_ locale: CachedLocale) throws {
    guard let name = Self.fileName(forLocale: locale.localeTag) else {
      throw CocoaError(
        .fileWriteInvalidFileName, userInfo: [NSDebugDescriptionErrorKey: "unsafe locale key"])
    }
    try writeAtomically(
      JSONEncoder().encode(locale), to: localesDirectory.appendingPathComponent(name))
  }

  /// Writes `data` to a temporary file in the destination's directory, flushes it and renames it into place.
  func writeAtomically(_ data: Data, to destination: URL) throws {
    let folder = destination.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(
      ".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        // The buffer is non-empty here, so it has a base address.
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == 0, fsync(fd) != 0 { failure = errno }
    close(fd)
    if failure == 0, rename(temporary.path, destination.path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary.path)
      throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
    }
  }
}
