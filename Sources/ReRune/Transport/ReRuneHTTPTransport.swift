import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches manifests and payloads over HTTP(S) with `URLSession`.
///
/// Every request is a `GET` with `X-OTA-Publish-Id` (the publish id travels only in this header) and
/// `If-None-Match` when an ETag is stored, a per-request timeout, and no `URLCache`, so 304s reach ReRune.
/// Manifest: `<base>/sdk/translations/manifest?platform=ios_xcstrings`; default payload:
/// `<base>/sdk/translations/ios_xcstrings/<percent-encoded locale>`; a relative manifest `url` is resolved
/// against the manifest URL; only `http` and `https` URLs are fetched.
public final class ReRuneHTTPTransport: ReRuneTransport {
  /// The default API base, `https://rerune.io/api`.
  public static let defaultBaseURL = URL(string: "https://rerune.io/api")!  // literal, cannot fail

  /// The manifest URL.
  public let manifestURL: URL
  /// The API base URL.
  public let baseURL: URL
  let publishId: String
  let requestTimeout: TimeInterval
  let maxPayloadBytes: Int
  let session: URLSession

  /// Creates a transport. `requestTimeout` applies to each request; bodies larger than
  /// `maxPayloadBytes` are rejected.
  public init(
    baseURL: URL = ReRuneHTTPTransport.defaultBaseURL, publishId: String,
    requestTimeout: TimeInterval = 10, maxPayloadBytes: Int = 8 * 1024 * 1024
  ) {
    self.baseURL = baseURL
    self.publishId = publishId
    self.requestTimeout = requestTimeout
    self.maxPayloadBytes = maxPayloadBytes
    let base = Self.trimmedBase(baseURL)
    self.manifestURL =
      URL(string: base + "/sdk/translations/manifest?platform=ios_xcstrings") ?? baseURL
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    configuration.timeoutIntervalForRequest = requestTimeout
    configuration.timeoutIntervalForResource = max(requestTimeout * 3, requestTimeout + 5)
    configuration.httpAdditionalHeaders = ["Accept": "application/json"]
    self.session = URLSession(configuration: configuration)
  }

  deinit { session.finishTasksAndInvalidate() }

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

  /// Fetches the manifest.
  public func fetchManifest(etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    try await fetch(manifestURL, etag: etag)
  }

  /// Fetches a locale payload.
  public func fetchLocale(_ locale: String, url: String?, etag: String?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    try await fetch(localeURL(locale, url: url), etag: etag)
  }

  func fetch(_ url: URL, etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: requestTimeout
    )
    request.httpMethod = "GET"
    request.setValue(publishId, forHTTPHeaderField: "X-OTA-Publish-Id")
    if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    let location = url.absoluteString
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      let nsError = error as NSError
      if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorTimedOut {
        throw ReRuneTransportError(
          kind: .timeout, location: location,
          message: "request timed out after \(requestTimeout) s")
      }
      throw ReRuneTransportError(
        kind: .network, location: location,
        message:
          "request failed: \(nsError.localizedDescription) (\(nsError.domain) \(nsError.code))")
    }
    guard let http = response as? HTTPURLResponse else {
      throw ReRuneTransportError(
        kind: .network, location: location, message: "not an HTTP response")
    }
    switch http.statusCode {
    case 304:
      return .notModified
    case 200:
      // Content-Length counts the encoded body; compare only for identity encoding.
      let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
      if encoding == "identity",
        let expected = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init),
        expected != data.count
      {
        throw ReRuneTransportError(
          kind: .network, location: location,
          message: "truncated body: received \(data.count) of \(expected) bytes")
      }
      guard data.count <= maxPayloadBytes else {
        throw ReRuneTransportError(
          kind: .tooLarge, location: location,
          message: "body of \(data.count) bytes exceeds the limit of \(maxPayloadBytes) bytes")
      }
      return .fetched(data, etag: http.value(forHTTPHeaderField: "ETag"))
    default:
      throw ReRuneTransportError(
        kind: .badStatus, location: location, status: http.statusCode,
        message: "bad status \(http.statusCode)")
    }
  }
}
