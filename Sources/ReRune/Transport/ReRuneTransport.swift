import Foundation

/// The outcome of a conditional fetch.
public enum ReRuneFetchResult: Sendable, Equatable {
  /// The server (or the site directory) says the stored ETag is current.
  case notModified
  /// New content and its ETag (nil when the server sent none).
  case fetched(Data, etag: String?)
}

/// Where manifests and locale payloads come from: HTTP(S) (``ReRuneHTTPTransport``) or a local site
/// directory (``ReRuneDirectoryTransport``).
public protocol ReRuneTransport: Sendable {
  /// A human-readable location of the manifest (URL or path), for messages.
  var manifestLocation: String { get }
  /// Fetches the manifest, sending `etag` as `If-None-Match` when given.
  func fetchManifest(etag: String?) async throws(ReRuneTransportError) -> ReRuneFetchResult
  /// Resolves where the payload of `locale` lives (its manifest `url`, or the default location).
  func localeLocation(_ locale: String, url: String?) throws(ReRuneTransportError) -> String
  /// Fetches the payload of `locale`, sending `etag` as `If-None-Match` when given.
  func fetchLocale(_ locale: String, url: String?, etag: String?) async throws(ReRuneTransportError)
    -> ReRuneFetchResult
  /// Fetches the manifest; the fetch must end by `deadline` (the check's deadline) when one is given.
  ///
  /// The default implementation calls ``fetchManifest(etag:)`` (a custom transport that ignores the
  /// deadline is only bounded by its own timeouts).
  func fetchManifest(etag: String?, deadline: ContinuousClock.Instant?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  /// Fetches a payload; the fetch must end by `deadline` (the check's deadline) when one is given.
  ///
  /// The default implementation calls ``fetchLocale(_:url:etag:)``.
  func fetchLocale(
    _ locale: String, url: String?, etag: String?, deadline: ContinuousClock.Instant?
  ) async throws(ReRuneTransportError) -> ReRuneFetchResult
}

extension ReRuneTransport {
  /// Calls ``fetchManifest(etag:)``, ignoring the deadline.
  public func fetchManifest(etag: String?, deadline: ContinuousClock.Instant?)
    async throws(ReRuneTransportError) -> ReRuneFetchResult
  {
    try await fetchManifest(etag: etag)
  }

  /// Calls ``fetchLocale(_:url:etag:)``, ignoring the deadline.
  public func fetchLocale(
    _ locale: String, url: String?, etag: String?, deadline: ContinuousClock.Instant?
  ) async throws(ReRuneTransportError) -> ReRuneFetchResult {
    try await fetchLocale(locale, url: url, etag: etag)
  }
}

/// A failed fetch.
public struct ReRuneTransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: String, Sendable, Equatable {
    /// The URL or path is not acceptable (non-http(s) scheme, escapes the site directory, …).
    case invalidLocation
    /// Connection refused, DNS, TLS, truncated body, a malformed response, …
    case network
    /// The request timed out (its own timeout, the check's deadline, or a transfer that stalled).
    case timeout
    /// The server answered with a status other than 200/304.
    case badStatus
    /// The body exceeds the configured size limit.
    case tooLarge
    /// A local file does not exist.
    case notFound
    /// A redirect was refused: to a scheme other than http/https (`file:`, `data:`, …), without a
    /// usable `Location`, or past the redirect limit.
    case redirect
    /// The fetch was cancelled (its task was cancelled).
    case cancelled
  }

  /// The kind of failure.
  public var kind: Kind
  /// The URL or path involved.
  public var location: String
  /// HTTP status for ``Kind/badStatus``.
  public var status: Int?
  /// Details.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, location: String, status: Int? = nil, message: String) {
    self.kind = kind
    self.location = location
    self.status = status
    self.message = message
  }

  /// `location: message`.
  public var description: String { "\(location): \(message)" }
}
