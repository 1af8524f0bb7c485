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
}

/// A failed fetch.
public struct ReRuneTransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: String, Sendable, Equatable {
    /// The URL or path is not acceptable (non-http(s) scheme, escapes the site directory, …).
    case invalidLocation
    /// Connection refused, DNS, TLS, truncated body, …
    case network
    /// The request timed out.
    case timeout
    /// The server answered with a status other than 200/304.
    case badStatus
    /// The body exceeds the configured size limit.
    case tooLarge
    /// A local file does not exist.
    case notFound
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
