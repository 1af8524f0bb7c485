import Foundation

/// Reads a local OTA site from a directory (`URLSession` cannot read `file://`).
///
/// Layout: `<dir>/manifest.json`; a payload lives at the entry's relative `url` (resolved inside the
/// directory) or at `<dir>/<locale>.xcstrings`. ETags are `"sha256-<hex of the content>"`, so a
/// conditional read of unchanged content reports ``ReRuneFetchResult/notModified`` exactly like a 304.
/// Paths that leave the directory, absolute URLs and unsafe locale keys are rejected.
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
          message:
            "locale key is not a safe file name (no '/', '..', NUL; at most \(ReRuneDiskCache.maxLocaleKeyLength) characters)"
        )
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
    let path = file.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw ReRuneTransportError(kind: .notFound, location: path, message: "file not found")
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
      size.intValue > maxPayloadBytes
    {
      throw ReRuneTransportError(
        kind: .tooLarge, location: path,
        message: "file of \(size.intValue) bytes exceeds the limit of \(maxPayloadBytes) bytes")
    }
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw ReRuneTransportError(
        kind: .network, location: path, message: "cannot read: \(error.localizedDescription)")
    }
    guard data.count <= maxPayloadBytes else {
      throw ReRuneTransportError(
        kind: .tooLarge, location: path,
        message: "file of \(data.count) bytes exceeds the limit of \(maxPayloadBytes) bytes")
    }
    let tag = Self.etag(for: data)
    if let etag, etag == tag { return .notModified }
    return .fetched(data, etag: tag)
  }
}
