import Foundation
import MessagevisorLocking
import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The on-disk OTA cache: `manifest.json` (`{body, etag}`), one record per locale in
/// `locales/<encoded locale>.json` (`{format: 2, localeTag, digest, bytes, etag}`) and one file per
/// distinct payload body in `payloads/<sha256 hex>.xcstrings` (the raw bytes, content-addressed), so 19
/// locales served from one catalog store it once.
///
/// Default location: `$XDG_DATA_HOME/ReRune/<sha256 hex of the publish id>/` (`~/.local/share/…` when
/// `XDG_DATA_HOME` is unset). Writes go to a temporary file in the same directory and are renamed into
/// place, so a crash mid-write leaves either the old or the new file; leftovers (`.*.tmp`) are ignored
/// (and removed by ``removeLocales(except:)`` once they are an hour old). A payload is written (and
/// fsynced) before the record that names it; a record whose payload is missing, not a regular file,
/// oversized or does not hash to its digest is ignored with a problem. Records written by older
/// versions (`{localeTag, payload, etag}`, the payload inline) still load.
/// ``removeLocales(except:)`` also deletes the payload files no record references any more.
/// A cache may be shared by several processes and clients: writes and prunes take turns with
/// restores through `flock` on `.lock` in the directory (see ``lockWaitSeconds``).
/// Locale file names are percent-encoded (only `A–Z a–z 0–9 - _` stay literal), and unsafe keys (empty,
/// NUL, `/`, `\`, `..`, longer than ``maxLocaleKeyLength``, or longer than
/// ``maxEncodedLocaleKeyBytes`` once encoded) are refused, so no key can escape the directory and
/// every name fits the file system.
public final class ReRuneDiskCache: Sendable {
  /// The longest locale key the cache accepts.
  public static let maxLocaleKeyLength = 64

  /// The longest percent-encoded locale key (its record file name without `.json`), in bytes:
  /// with `.json` and the temporary name of an atomic write (`.<name>.<pid>.<random>.tmp`, at most 42 bytes more)
  /// it stays under the 255-byte file-name limit of Linux file systems. Every ASCII key of
  /// ``maxLocaleKeyLength`` characters fits; a non-ASCII key fits when its UTF-8 bytes are at most
  /// 66 (each is written as `%XX`).
  public static let maxEncodedLocaleKeyBytes = 200

  /// The rule ``isSafeLocaleKey(_:)`` applies, for messages.
  public static let localeKeyRule =
    "not empty; no NUL, '/', '\\' or '..'; at most \(maxLocaleKeyLength) characters and at most \(maxEncodedLocaleKeyBytes) bytes percent-encoded"

  /// The longest ETag kept as a validator, in bytes. A longer one (a server may send up to the
  /// transport's 64 KiB header limit) is not stored and not sent back: its payload is cached and
  /// applied without it, and the next check downloads it again. With it, every record the cache
  /// writes fits in `maxRecordBytes` (even with each byte escaped as `\/` or `\uXXXX`).
  public static let maxETagBytes = 8 * 1024

  /// `etag` when it can be stored and sent back as `If-None-Match` (at most ``maxETagBytes``
  /// bytes), nil otherwise.
  public static func usableETag(_ etag: String?) -> String? {
    guard let etag, etag.utf8.count <= maxETagBytes else { return nil }
    return etag
  }

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

  /// The record stored per locale (format 2 names a payload file; format 1 held the payload inline).
  struct LocaleRecord: Codable {
    var format: Int?
    var localeTag: String
    var digest: String?
    var bytes: Int?
    var etag: String?
    var payload: String?
  }

  /// A locale restored from the cache, with its payload bytes and their SHA-256 (hex).
  struct StoredLocale: Sendable {
    var localeTag: String
    var data: Data
    var etag: String?
    var digest: String
  }

  /// Why a payload file cannot be used.
  struct PayloadProblem: Error {
    var text: String
  }

  /// The largest format-2 record file read (records hold only a key, a digest and an ETag of at
  /// most ``maxETagBytes``, so every record ``storeLocale(_:data:digest:etag:)`` writes fits).
  static let maxRecordBytes = 64 * 1024

  /// Serializes payload writes, so concurrent locales with one body write it once; holds the
  /// digests whose payload file this instance wrote or verified.
  private let payloadWrites = Locked<Set<String>>([])

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

  /// True when `key` may be stored (and used as a local-site file name): see ``localeKeyRule``.
  public static func isSafeLocaleKey(_ key: String) -> Bool {
    !key.isEmpty && key.count <= maxLocaleKeyLength && !key.contains("\0") && !key.contains("/")
      && !key.contains("\\") && !key.contains("..")
      && encodedName(key).utf8.count <= maxEncodedLocaleKeyBytes
  }

  /// The file name used for `key`, or nil when the key is unsafe.
  public static func fileName(forLocale key: String) -> String? {
    guard isSafeLocaleKey(key) else { return nil }
    return encodedName(key) + ".json"
  }

  /// `key` percent-encoded byte by byte (only `A–Z a–z 0–9 - _` stay literal).
  static func encodedName(_ key: String) -> String {
    var name = ""
    for byte in key.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80, c.isLetter || c.isNumber || c == "-" || c == "_" {
        name.append(c)
      } else {
        name += String(format: "%%%02X", byte)
      }
    }
    return name
  }

  var manifestURL: URL { directory.appendingPathComponent("manifest.json") }
  var localesDirectory: URL { directory.appendingPathComponent("locales", isDirectory: true) }
  var payloadsDirectory: URL { directory.appendingPathComponent("payloads", isDirectory: true) }

  /// The payload file of `digest` (64 lowercase hex digits), or nil for anything else.
  func payloadURL(digest: String) -> URL? {
    guard digest.utf8.count == 64,
      digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    return payloadsDirectory.appendingPathComponent(digest + ".xcstrings")
  }

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
  /// and oversized files (more than `maxFileBytes`, checked before reading; it bounds record and
  /// payload files alike) are skipped and reported, and so are records whose payload file is
  /// missing or does not match its digest.
  public func loadLocales(only: Set<String>?, maxFileBytes: Int, problems: inout [String])
    -> [CachedLocale]
  {
    loadStoredLocales(
      only: only, maxRecordBytes: maxFileBytes, maxPayloadBytes: maxFileBytes, problems: &problems
    ).map {
      CachedLocale(
        localeTag: $0.localeTag, payload: String(decoding: $0.data, as: UTF8.self), etag: $0.etag)
    }
  }

  /// Reads one regular file (not a symlink, not a device) of at most `maxBytes`, or reports why not.
  func readRegularFile(_ url: URL, maxBytes: Int, followLinks: Bool, problems: inout [String])
    -> Data?
  {
    var info = stat()
    let status = followLinks ? stat(url.path, &info) : lstat(url.path, &info)
    guard status == 0 else {
      problems.append("cache: ignoring \(url.path): \(String(cString: strerror(errno)))")
      return nil
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      problems.append("cache: ignoring \(url.path): not a regular file")
      return nil
    }
    guard Int(info.st_size) <= maxBytes else {
      problems.append(
        "cache: ignoring \(url.path): \(info.st_size) bytes is more than the limit of \(maxBytes) bytes"
      )
      return nil
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      problems.append("cache: ignoring unreadable \(url.path): \(error)")
      return nil
    }
  }

  /// The locale record file names, sorted (temporary files excluded).
  func recordNames() -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: localesDirectory.path)
    else { return [] }
    return names.sorted().filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
  }

  /// Reads the cached locales in `only` (all when nil) with their payload bytes; each distinct
  /// payload file is read and verified once, however many locales reference it. Record files of
  /// format 2 are bounded by `maxRecordBytes` too.
  func loadStoredLocales(
    only: Set<String>?, maxRecordBytes: Int, maxPayloadBytes: Int, problems: inout [String]
  ) -> [StoredLocale] {
    // Past the lock's wait (busy), read anyway: every payload is checked against its digest.
    withCacheLock(exclusive: false, createDirectory: false) { _ in
      loadStoredLocalesLocked(
        only: only, maxRecordBytes: maxRecordBytes, maxPayloadBytes: maxPayloadBytes,
        problems: &problems)
    }
  }

  /// ``loadStoredLocales(only:maxRecordBytes:maxPayloadBytes:problems:)`` with the lock held.
  private func loadStoredLocalesLocked(
    only: Set<String>?, maxRecordBytes: Int, maxPayloadBytes: Int, problems: inout [String]
  ) -> [StoredLocale] {
    let wanted = only.map { Set($0.compactMap(Self.fileName(forLocale:))) }
    var payloads: [String: Result<Data, PayloadProblem>] = [:]
    var result: [StoredLocale] = []
    for name in recordNames() {
      if let wanted, !wanted.contains(name) { continue }
      let url = localesDirectory.appendingPathComponent(name)
      guard
        let data = readRegularFile(
          url, maxBytes: maxRecordBytes, followLinks: true, problems: &problems)
      else { continue }
      let record: LocaleRecord
      do {
        record = try JSONDecoder().decode(LocaleRecord.self, from: data)
      } catch {
        problems.append("cache: ignoring unreadable \(url.path): \(error)")
        continue
      }
      guard Self.fileName(forLocale: record.localeTag) == name else {
        problems.append(
          "cache: ignoring \(url.path): it holds locale '\(record.localeTag)', which does not belong in this file"
        )
        continue
      }
      if let inline = record.payload {
        // Format 1 (older versions): the payload inline; rewritten in format 2 on the next update.
        let bytes = Data(inline.utf8)
        result.append(
          StoredLocale(
            localeTag: record.localeTag, data: bytes, etag: record.etag,
            digest: SHA256Digest.hex(bytes)))
        continue
      }
      guard data.count <= Self.maxRecordBytes, let digest = record.digest,
        let payloadURL = payloadURL(digest: digest)
      else {
        problems.append(
          "cache: ignoring \(url.path): the record names no valid payload digest (or is over \(Self.maxRecordBytes) bytes)"
        )
        continue
      }
      let outcome: Result<Data, PayloadProblem>
      if let known = payloads[digest] {
        outcome = known
      } else {
        var local: [String] = []
        if let bytes = readRegularFile(
          payloadURL, maxBytes: maxPayloadBytes, followLinks: false, problems: &local)
        {
          outcome =
            SHA256Digest.hex(bytes) == digest
            ? .success(bytes)
            : .failure(PayloadProblem(text: "\(payloadURL.path) does not match its digest"))
        } else {
          outcome = .failure(PayloadProblem(text: local.joined(separator: "; ")))
        }
        payloads[digest] = outcome
      }
      let payload: Data
      switch outcome {
      case .success(let bytes): payload = bytes
      case .failure(let problem):
        problems.append(
          "cache: ignoring \(url.path) (locale '\(record.localeTag)'): its payload is unusable: \(problem.text)"
        )
        continue
      }
      result.append(
        StoredLocale(
          localeTag: record.localeTag, data: payload, etag: record.etag, digest: digest))
    }
    return result
  }

  /// Deletes the cached locale files whose locale is not in `keep` (locales dropped from the
  /// manifest), then the payload files no remaining record references and temporary files left
  /// by a crash more than an hour ago; returns a problem for each file that could not be removed.
  @discardableResult
  public func removeLocales(except keep: Set<String>) -> [String] {
    guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
    return withCacheLock(exclusive: true, createDirectory: false) { busy in
      busy ? ["cache: not pruned: \(busyLockReason)"] : removeLocalesLocked(except: keep)
    }
  }

  /// ``removeLocales(except:)`` with the lock held.
  private func removeLocalesLocked(except keep: Set<String>) -> [String] {
    let kept = Set(keep.compactMap(Self.fileName(forLocale:)))
    var problems: [String] = []
    var referenced = Set<String>()
    for name in recordNames() {
      let url = localesDirectory.appendingPathComponent(name)
      guard kept.contains(name) else {
        Self.remove(url.path, problems: &problems)
        continue
      }
      var ignored: [String] = []
      if let data = readRegularFile(
        url, maxBytes: Self.maxRecordBytes, followLinks: true, problems: &ignored),
        let record = try? JSONDecoder().decode(LocaleRecord.self, from: data),
        let digest = record.digest
      {
        referenced.insert(digest)
      }
    }
    let now = Date()
    for folder in [localesDirectory, payloadsDirectory] {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        continue
      }
      for name in names.sorted() {
        let path = folder.appendingPathComponent(name).path
        if name.hasPrefix(".") && name.hasSuffix(".tmp") {
          var info = stat()
          guard lstat(path, &info) == 0,
            now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > 3600
          else { continue }
          Self.remove(path, problems: &problems)
        } else if folder == payloadsDirectory, name.hasSuffix(".xcstrings"),
          !referenced.contains(String(name.dropLast(".xcstrings".count)))
        {
          Self.remove(path, problems: &problems)
        }
      }
    }
    return problems
  }

  static func remove(_ path: String, problems: inout [String]) {
    if unlink(path) != 0, errno != ENOENT {
      problems.append("cache: cannot remove \(path): \(String(cString: strerror(errno)))")
    }
  }

  // MARK: Writing

  /// Stores the manifest atomically (an ETag over ``maxETagBytes`` is left out).
  public func saveManifest(_ manifest: CachedManifest) throws {
    var manifest = manifest
    manifest.etag = Self.usableETag(manifest.etag)
    try writeAtomically(JSONEncoder().encode(manifest), to: manifestURL)
  }

  /// Stores a locale atomically (its payload in the shared payload file of its SHA-256, then its
  /// record); throws for unsafe keys.
  public func saveLocale(_ locale: CachedLocale) throws {
    let data = Data(locale.payload.utf8)
    try storeLocale(
      locale.localeTag, data: data, digest: SHA256Digest.hex(data), etag: locale.etag)
  }

  /// Stores `data` (whose SHA-256 hex is `digest`) for `localeTag` (an ETag over ``maxETagBytes``
  /// is left out of the record, so the record stays readable): the payload file first, written
  /// and fsynced only when no regular file with these bytes exists yet, then the record
  /// (renamed into place without an fsync: a record lost in a crash only means a new download, and
  /// a damaged one is ignored on restore).
  func storeLocale(_ localeTag: String, data: Data, digest: String, etag: String?) throws {
    guard let name = Self.fileName(forLocale: localeTag) else {
      throw CocoaError(
        .fileWriteInvalidFileName, userInfo: [NSDebugDescriptionErrorKey: "unsafe locale key"])
    }
    guard let payloadURL = payloadURL(digest: digest) else {
      throw CocoaError(
        .fileWriteInvalidFileName, userInfo: [NSDebugDescriptionErrorKey: "invalid payload digest"])
    }
    try withCacheLock(exclusive: true, createDirectory: true) { busy in
      if busy { throw CacheWriteError(path: localesDirectory.path, reason: busyLockReason) }
      try storeLocked(
        name: name, localeTag, data: data, digest: digest, payloadURL: payloadURL, etag: etag)
    }
  }

  /// ``storeLocale(_:data:digest:etag:)`` with the cache lock held.
  private func storeLocked(
    name: String, _ localeTag: String, data: Data, digest: String, payloadURL: URL, etag: String?
  ) throws {
    try payloadWrites.withLock { known in
      var info = stat()
      if lstat(payloadURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        Int(info.st_size) == data.count
      {
        if known.contains(digest) { return }
        // Written by an earlier run: keep it only if it still holds these bytes.
        if let existing = try? Data(contentsOf: payloadURL), existing == data {
          known.insert(digest)
          return
        }
      }
      try writeAtomically(data, to: payloadURL)
      known.insert(digest)
    }
    let record = LocaleRecord(
      format: 2, localeTag: localeTag, digest: digest, bytes: data.count,
      etag: Self.usableETag(etag))
    try writeAtomically(
      JSONEncoder().encode(record), to: localesDirectory.appendingPathComponent(name),
      synchronize: false)
  }

  /// Writes `data` to a temporary file in the destination's directory, flushes it (unless
  /// `synchronize` is false) and renames it into place.
  func writeAtomically(_ data: Data, to destination: URL, synchronize: Bool = true) throws {
    let folder = destination.deletingLastPathComponent()
    try Self.makeDirectories(folder)
    var options = AtomicFile.Options()
    options.synchronize = synchronize
    do {
      try AtomicFile.write(data, to: destination.path, options: options)
    } catch {
      let path = error.step == .create ? error.temporaryPath : destination.path
      throw CacheWriteError(path: path, reason: error.reason)
    }
  }

  /// Creates `url` and its missing parents (`mkdir -p`); throws a ``CacheWriteError`` naming the
  /// first path that is not a directory or cannot be created, with its `strerror` reason.
  static func makeDirectories(_ url: URL) throws {
    var path = ""
    for component in url.standardizedFileURL.path.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o777) == 0 { continue }
      let code = errno
      var info = stat()
      guard code == EEXIST, stat(path, &info) == 0 else {
        throw CacheWriteError(path: path, reason: String(cString: strerror(code)))
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw CacheWriteError(path: path, reason: String(cString: strerror(ENOTDIR)))
      }
    }
  }

  /// A file of the cache that could not be written, and why (`strerror`).
  public struct CacheWriteError: Error, CustomStringConvertible, Equatable {
    /// The file or directory.
    public var path: String
    /// Why, e.g. "Not a directory" or "No space left on device".
    public var reason: String

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
  }
}
