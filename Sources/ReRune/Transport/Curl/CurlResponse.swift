import Foundation

/// What a finished ``CurlTransfer`` received: the final status, the headers ReRune needs and the
/// (decoded) body of a 200.
struct CurlResponse: Sendable {
  /// The HTTP status of the last response.
  var status: Int
  /// The `ETag` header of the last response.
  var etag: String?
  /// The `Location` header of the last response, as sent.
  var location: String?
  /// The absolute redirect target libcurl computed from `Location` (3xx only).
  var redirectURL: String?
  /// The decoded body (kept for 200 responses only).
  var body: Data
}

/// Why a ``CurlTransfer`` did not produce a response.
enum CurlFailure: Error, Sendable, Equatable {
  /// The transfer was cancelled (task cancellation).
  case cancelled
  /// The transfer ran out of time (`message` says which limit).
  case timeout(String)
  /// The body or the headers exceeded a size limit.
  case tooLarge(String)
  /// Anything else: connection, protocol, truncation, TLS.
  case network(String)
}
