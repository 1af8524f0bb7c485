import Foundation

/// One HTTP GET for ``CurlTransfer``: the URL, the extra headers and every limit of the transfer.
struct CurlRequest: Sendable {
  /// The absolute http(s) URL.
  var url: String
  /// Header lines (`Name: value`), already checked to hold no CR, LF or NUL.
  var headers: [String]
  /// The whole transfer (connect, headers, body) must end within this many milliseconds.
  var timeoutMilliseconds: Int
  /// Largest body accepted, counted after decoding (write callback) and on the wire (progress
  /// callback and `CURLOPT_MAXFILESIZE` against the announced Content-Length).
  var maxBodyBytes: Int
  /// Largest total size of the response's header lines.
  var maxHeaderBytes: Int
  /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedSeconds` is aborted.
  var lowSpeedBytesPerSecond: Int
  /// See ``lowSpeedBytesPerSecond``.
  var lowSpeedSeconds: Int
}
