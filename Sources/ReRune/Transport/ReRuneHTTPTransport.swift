import Foundation

/// Fetches manifests and payloads over HTTP(S) with libcurl, defending against broken and hostile
/// servers.
///
/// Every request is a `GET` with `Accept: application/json`, `If-None-Match` when an ETag is stored,
/// and `X-OTA-Publish-Id` (the publish id travels only in this header) — the header goes only to the
/// configured API host (same scheme, host and port as ``baseURL``): not to payload URLs on other
/// hosts and not after a redirect leaves that host. Manifest:
/// `<base>/sdk/translations/manifest?platform=ios_xcstrings`; default payload:
/// `<base>/sdk/translations/ios_xcstrings/<percent-encoded locale>`; a relative manifest `url` is
/// resolved against the manifest URL; only `http` and `https` URLs are fetched.
///
/// Limits (each one ends the fetch with a ``ReRuneTransportError`` of the kind named):
/// - time (``ReRuneTransportError/Kind/timeout``): a fetch, redirects included, ends within
///   ``requestTimeout`` and never after the check's deadline (`CURLOPT_TIMEOUT_MS` is computed from
///   whichever comes first, so a server that trickles bytes cannot extend it); a transfer slower than
///   ``lowSpeedBytesPerSecond`` for ``lowSpeedSeconds`` is aborted earlier;
/// - size (``ReRuneTransportError/Kind/tooLarge``): the body may not exceed ``maxPayloadBytes``,
///   checked against the announced `Content-Length`, on the wire while it arrives, and again after
///   decoding (gzip, deflate, … are counted as decoded bytes, so a compression bomb stops at the
///   limit); response headers may not exceed ``maxHeaderBytes``;
/// - redirects (``ReRuneTransportError/Kind/redirect``): at most ``maxRedirects`` hops, each to
///   `http` or `https` only (a redirect to `file:` or `data:` is refused and reported as such).
///
/// Each request uses a fresh connection, so a response with a wrong `Content-Length` cannot corrupt
/// the next one. Transfers run on a dedicated thread, not on Swift's cooperative pool; cancelling the
/// calling task aborts the transfer (``ReRuneTransportError/Kind/cancelled``). No response, however
/// malformed, crashes the process. No file or directory is created.
public final class ReRuneHTTPTransport: ReRuneTransport {
  /// The default API base, `https://rerune.io/api`.
  public static let defaultBaseURL = URL(string: "https://rerune.io/api")!  // literal, cannot fail

  /// The manifest URL.
  public let manifestURL: URL
  /// The API base URL.
  public let baseURL: URL
  let publishId: String
  /// The longest a single fetch (manifest or payload, with its redirects) may take, in seconds.
  public let requestTimeout: TimeInterval
  /// The largest accepted body in bytes (on the wire and after decoding).
  public let maxPayloadBytes: Int
  /// The most redirects one fetch follows (default 5).
  public let maxRedirects: Int
  /// The largest accepted total size of a response's header lines (default 64 KiB).
  public let maxHeaderBytes: Int
  /// A transfer that moves fewer bytes per second than this for ``lowSpeedSeconds`` is aborted
  /// (default 16).
  public let lowSpeedBytesPerSecond: Int
  /// See ``lowSpeedBytesPerSecond`` (default 10 s).
  public let lowSpeedSeconds: Int

  /// Creates a transport. `requestTimeout` bounds each fetch (a non-positive or non-finite value
  /// means 10 s; at most 10⁹ s); bodies larger than `maxPayloadBytes` are rejected while they arrive.
  public init(
    baseURL: URL = ReRuneHTTPTransport.defaultBaseURL, publishId: String,
    requestTimeout: TimeInterval = 10, maxPayloadBytes: Int = 8 * 1024 * 1024,
    maxRedirects: Int = 5, maxHeaderBytes: Int = 64 * 1024, lowSpeedBytesPerSecond: Int = 16,
    lowSpeedSeconds: Int = 10
  ) {
    self.baseURL = baseURL
    self.publishId = publishId
    self.requestTimeout =
      requestTimeout.isFinite && requestTimeout > 0 ? min(requestTimeout, 1e9) : 10
    self.maxPayloadBytes = max(0, maxPayloadBytes)
    self.maxRedirects = max(0, maxRedirects)
    self.maxHeaderBytes = max(1024, maxHeaderBytes)
    self.lowSpeedBytesPerSecond = max(1, lowSpeedBytesPerSecond)
    self.lowSpeedSeconds = max(1, lowSpeedSeconds)
    let base = Self.trimmedBase(baseURL)
    self.manifestURL =
      URL(string: base + "/sdk/translations/manifest?platform=ios_xcstrings") ?? baseURL
  }

  static func trimmedBase(_ url: URL) -> String {
    var s = url.absoluteString
    while s.hasSuffix("/") { s.removeLast() }
    return s
  }

  /// The manifest URL as text.
  public var manifestLocation: String { manifestURL.absoluteString }

  /// The default payload URL of `locale` (percent-encoded path segment).
  public func defaultLocaleURL(_ locale: String) -> URL? {
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    allowed.insert(charactersIn: "-._~")
    guard let encoded = locale.addingPercentEncoding(withAllowedCharacters: allowed) else {
      return nil
    }
    return URL(string: Self.trimmedBase(baseURL) + "/sdk/translations/ios_xcstrings/" + encoded)
  }

  /// Resolves the URL of a locale payload.
  public func localeURL(_ locale: String, url: String?) throws(ReRuneTransportError) -> URL {
    let resolved: URL?
    if let url {
      resolved = URL(string: url, relativeTo: manifestURL)?.absoluteURL
    } else {
      resolved = defaultLocaleURL(locale)
    }
    guard let resolved else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: url ?? locale,
        message: "cannot build a URL for locale '\(locale)'")
    }
    guard let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw ReRuneTransportError(
        kind: .invalidLocation, location: resolved.absoluteString,
        message: "only http and https payload URLs are allowed")
    }
    return resolved
  }

  /// The resolved payload URL as text.
  public func localeLocation(_ locale: String, url: String?) throws(ReRuneTransportError) -> String
  {
    try localeURL(locale, url: url).absoluteString
  }

  /// Fetches the manifest (bounded by ``requestTimeout`` only).
  public func fetchManifest(etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    try await fetch(manifestURL, etag: etag, deadline: nil)
  }

  /// Fetches the manifest, ending by `deadline` at the latest.
  public func fetchManifest(etag: String?, deadline: ContinuousClock.Instant?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    try await fetch(manifestURL, etag: etag, deadline: deadline)
  }

  /// Fetches a locale payload (bounded by ``requestTimeout`` only).
  public func fetchLocale(_ locale: String, url: String?, etag: String?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    try await fetch(localeURL(locale, url: url), etag: etag, deadline: nil)
  }

  /// Fetches a locale payload, ending by `deadline` at the latest.
  public func fetchLocale(
    _ locale: String, url: String?, etag: String?, deadline: ContinuousClock.Instant?
  ) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    try await fetch(localeURL(locale, url: url), etag: etag, deadline: deadline)
  }

  // MARK: - Fetching

  /// `scheme://host:port` with the default port filled in, lowercased.
  static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(host):\(port)"
  }

  func fetch(_ url: URL, etag: String?, deadline checkDeadline: ContinuousClock.Instant?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    let clock = ContinuousClock()
    let requestDeadline = clock.now + .milliseconds(Int64(requestTimeout * 1000))
    let deadline: ContinuousClock.Instant
    let checkBinds: Bool
    if let checkDeadline, checkDeadline < requestDeadline {
      deadline = checkDeadline
      checkBinds = true
    } else {
      deadline = requestDeadline
      checkBinds = false
    }
    let configuredOrigin = Self.origin(of: baseURL)
    var sameOriginSoFar = true
    var current = url
    var hops = 0
    while true {
      let location = current.absoluteString
      let remaining = clock.now.duration(to: deadline)
      let milliseconds =
        remaining.components.seconds * 1000 + remaining.components.attoseconds
        / 1_000_000_000_000_000
      guard milliseconds > 0 else {
        throw timeoutError(location: location, checkBinds: checkBinds, detail: nil)
      }
      sameOriginSoFar = sameOriginSoFar && Self.origin(of: current) == configuredOrigin
      var headers = ["Accept: application/json"]
      if sameOriginSoFar, CurlTransferState.isSafeHeaderValue(publishId) {
        headers.append("X-OTA-Publish-Id: \(publishId)")
      }
      if let etag, !etag.isEmpty, CurlTransferState.isSafeHeaderValue(etag) {
        headers.append("If-None-Match: \(etag)")
      }
      let request = CurlRequest(
        url: location, headers: headers, timeoutMilliseconds: Int(milliseconds),
        maxBodyBytes: maxPayloadBytes, maxHeaderBytes: maxHeaderBytes,
        lowSpeedBytesPerSecond: lowSpeedBytesPerSecond, lowSpeedSeconds: lowSpeedSeconds)
      let response: CurlResponse
      switch await CurlRunner.run(request) {
      case .success(let value):
        response = value
      case .failure(let failure):
        switch failure {
        case .cancelled:
          throw ReRuneTransportError(kind: .cancelled, location: location, message: "cancelled")
        case .timeout(let detail):
          throw timeoutError(location: location, checkBinds: checkBinds, detail: detail)
        case .tooLarge(let message):
          throw ReRuneTransportError(kind: .tooLarge, location: location, message: message)
        case .network(let message):
          throw ReRuneTransportError(
            kind: .network, location: location, message: "request failed: \(message)")
        }
      }
      switch response.status {
      case 304:
        return .notModified
      case 200:
        return .fetched(response.body, etag: response.etag)
      case 301, 302, 303, 307, 308:
        hops += 1
        guard hops <= maxRedirects else {
          throw ReRuneTransportError(
            kind: .redirect, location: url.absoluteString,
            message: "more than \(maxRedirects) redirects (the last one to \(location))")
        }
        current = try redirectTarget(response, from: current)
      default:
        throw ReRuneTransportError(
          kind: .badStatus, location: location, status: response.status,
          message: "bad status \(response.status)")
      }
    }
  }

  /// The next hop of a redirect, refused unless it is an http(s) URL.
  func redirectTarget(_ response: CurlResponse, from current: URL) throws(ReRuneTransportError)
    -> URL
  {
    let location = current.absoluteString
    let target =
      response.redirectURL.flatMap { URL(string: $0) }
      ?? response.location.flatMap { URL(string: $0, relativeTo: current)?.absoluteURL }
    guard let target else {
      throw ReRuneTransportError(
        kind: .redirect, location: location, status: response.status,
        message: response.location == nil
          ? "redirect (status \(response.status)) without a Location header"
          : "redirect (status \(response.status)) to an unusable Location")
    }
    guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      let scheme = target.scheme.map { "'\($0):'" } ?? "a scheme-less"
      throw ReRuneTransportError(
        kind: .redirect, location: location, status: response.status,
        message:
          "redirect (status \(response.status)) to a \(scheme) URL refused: only http and https redirects are followed"
      )
    }
    return target
  }

  func timeoutError(location: String, checkBinds: Bool, detail: String?) -> ReRuneTransportError {
    if let detail, detail.contains("too slow") {
      return ReRuneTransportError(
        kind: .timeout, location: location,
        message:
          "timed out: the transfer stalled (fewer than \(lowSpeedBytesPerSecond) bytes/s for \(lowSpeedSeconds) s; \(detail))"
      )
    }
    let limit =
      checkBinds
      ? "the check's deadline passed" : "request timed out after \(Self.seconds(requestTimeout)) s"
    let reason = detail.map { " (\($0))" } ?? ""
    return ReRuneTransportError(
      kind: .timeout, location: location,
      message: checkBinds ? "timed out: \(limit)\(reason)" : "\(limit)\(reason)")
  }

  static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
