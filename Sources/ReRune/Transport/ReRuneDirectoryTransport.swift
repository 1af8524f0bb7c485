import Foundation
import MessagevisorLocking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a local OTA site from a directory (`URLSession` cannot read `file://`).
///
/// Layout: `<dir>/manifest.json`; a payload lives at the entry's relative `url` (resolved inside the
/// directory) or at `<dir>/<locale>.xcstrings`. ETags are `"sha256-<hex of the content>"`, so a
/// conditional read of unchanged content reports ``ReRuneFetchResult/notModified`` exactly like a 304.
/// Paths that leave the directory, absolute URLs and unsafe locale keys are rejected; so are files
/// that, after resolving symlinks, lie outside the directory, files that are not regular files
/// (devices, FIFOs, directories) and files larger than `maxPayloadBytes` (never read past the limit).
public struct ReRuneDirectoryTransport: ReRuneTransport {
  /// The site directory.
  public let directory: URL
  let maxPayloadBytes: Int

  /// Creates a transport over `directory`.
  public init(directory: URL, maxPayloadBytes: Int = 8 * 1024 * 1024) {
    self.directory = directory.standardizedFileURL
    self.maxPayloadBytes = maxPayloadBytes
  }

  /// `<dir>/manifest.json`.
  public var manifestLocation: String { directory.appendingPathComponent("manifest.json").path }

  /// The ETag a directory site reports for `data`.
  public static func etag(for data: Data) -> String { "\"sha256-\(SHA256Digest.hex(data))\"" }

  /// The last body this transport hashed and its ETag (compared byte for byte), so the locales of
  /// a site that share one payload file hash it once instead of once per locale.
  let lastETag = Locked<(data: Data, tag: String)?>(nil)

  /// ``etag(for:)``, remembering the last body.
  func memoizedETag(for data: Data) -> String {
    if let tag = lastETag.withLock({ last in last.flatMap { $0.data == data ? $0.tag : nil } }) {
      return tag
    }
    let tag = Self.etag(for: data)
    lastETag.withLock { $0 = (data, tag) }
    return tag
  }

  /// Resolves the payload path of `locale`.
  public func localePath(_ locale: String, url: String?) throws(ReRuneTransportError) -> URL {
    let relative: String
    if let url {
      if url.contains("://") || url.hasPrefix("/") || url.lowercased().hasPrefix("file:") {
        throw ReRuneTransportError(
          kind: .invalidLocation, location: url,
          message: "a local site's payload url must be a relative path inside the site directory")
      }
      relative = url.removingPercentEncoding ?? url
    } else {
      guard ReRuneDiskCache.isSafeLocaleKey(locale) else {
        throw ReRuneTransportError(
          kind: .invalidLocation, location: locale,
          message: "locale key is not a safe file name (\(ReRuneDiskCache.localeKeyRule))")
      }
      relative = locale + ".xcstrings"
    }
    guard !relative.contains("\0") else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: url ?? locale, message: "path contains NUL")
    }
    let resolved = directory.appendingPathComponent(relative).standardizedFileURL
    let root = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
    guard resolved.path.hasPrefix(root) else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: relative,
        message: "payload path escapes the site directory")
    }
    return resolved
  }

  /// The resolved payload path as text.
  public func localeLocation(_ locale: String, url: String?) throws(ReRuneTransportError) -> String
  {
    try localePath(locale, url: url).path
  }

  /// Reads `manifest.json`.
  public func fetchManifest(etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    try read(directory.appendingPathComponent("manifest.json"), etag: etag)
  }

  /// Reads a payload.
  public func fetchLocale(_ locale: String, url: String?, etag: String?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    try read(localePath(locale, url: url), etag: etag)
  }

  func read(_ file: URL, etag: String?) throws(ReRuneTransportError) -> ReRuneFetchResult {
    let data = try readContained(file)
    let tag = memoizedETag(for: data)
    if let etag, etag == tag { return .notModified }
    return .fetched(data, etag: tag)
  }

  /// Reads `file` if, after resolving every symlink, it is a regular file inside the site directory
  /// of at most `maxPayloadBytes` bytes; throws a clear error otherwise (never reads a device, a FIFO
  /// or a file outside the site, and never more than the limit).
  public func readContained(_ file: URL) throws(ReRuneTransportError) -> Data {
    let path = file.path
    guard let root = Self.realPath(directory.path) else {
      throw ReRuneTransportError(
        kind: .notFound, location: directory.path, message: "site directory not found")
    }
    guard let resolved = Self.realPath(path) else {
      let code = errno
      throw ReRuneTransportError(
        kind: code == ENOENT || code == ENOTDIR ? .notFound : .network, location: path,
        message: code == ENOENT || code == ENOTDIR
          ? "file not found" : "cannot resolve: \(String(cString: strerror(code)))")
    }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    guard resolved.hasPrefix(prefix) else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: path,
        message:
          "resolves to \(resolved), outside the site directory \(root) (symlinks must stay inside the site)"
      )
    }
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the resolved path is final.
    let fd = open(resolved, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      throw ReRuneTransportError(
        kind: .network, location: path,
        message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw ReRuneTransportError(
        kind: .network, location: path, message: "cannot stat: \(String(cString: strerror(errno)))")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: path,
        message:
          "not a regular file (\(Self.fileType(info.st_mode))); payloads must be regular files")
    }
    guard Int(info.st_size) <= maxPayloadBytes else {
      throw ReRuneTransportError(
        kind: .tooLarge, location: path,
        message: "file of \(info.st_size) bytes exceeds the limit of \(maxPayloadBytes) bytes")
    }
    // Read at most limit + 1 bytes, so a file that grows while it is read is still caught.
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count <= maxPayloadBytes {
      let wanted = min(chunk.count, maxPayloadBytes + 1 - data.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReRuneTransportError(
          kind: .network, location: path,
          message: "cannot read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      data.append(contentsOf: chunk[0..<count])
    }
    guard data.count <= maxPayloadBytes else {
      throw ReRuneTransportError(
        kind: .tooLarge, location: path,
        message: "file grew past the limit of \(maxPayloadBytes) bytes while it was read")
    }
    return data
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func fileType(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}

/// `read(2)` (the transport has a `read` method of its own).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
