import Foundation

/// The mutable state of one transfer, owned by the thread that runs `curl_easy_perform` (libcurl calls
/// every callback on that thread); only ``control`` is shared with other threads.
///
/// The callbacks enforce the limits while bytes arrive: header bytes, decoded body bytes (write
/// callback) and body bytes on the wire (progress callback), so nothing beyond the limits is kept.
final class CurlTransferState: @unchecked Sendable {
  let request: CurlRequest
  let control: CurlControl
  /// The decoded body of the current response (kept only while its status is 200), outside the
  /// malloc heap (see ``CurlBodyBuffer``).
  let body: CurlBodyBuffer
  /// Decoded body bytes of the current response, kept or not.
  var decodedBytes = 0
  /// Header bytes received over all responses of the transfer (1xx included).
  var headerBytes = 0
  /// Status of the current response (from its status line).
  var status = 0
  var etag: String?
  var location: String?
  /// True once the current response's header block ended (its empty line arrived).
  var headersComplete = false
  /// Set by a callback that aborted the transfer.
  var failure: CurlFailure?

  init(request: CurlRequest, control: CurlControl) {
    self.request = request
    self.control = control
    self.body = CurlBodyBuffer(limit: request.maxBodyBytes)
  }

  /// Write callback: counts decoded bytes, keeps a 200's body, aborts past the limit.
  func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if control.isCancelled {
      failure = .cancelled
      return false
    }
    decodedBytes += bytes.count
    guard decodedBytes <= request.maxBodyBytes else {
      failure = .tooLarge(
        "the body exceeds the limit of \(request.maxBodyBytes) bytes after decoding (stopped after \(decodedBytes) bytes)"
      )
      return false
    }
    if status == 200, !body.append(bytes) {
      failure = .network("no memory could be mapped for the body (\(decodedBytes) bytes)")
      return false
    }
    return true
  }

  /// Header callback: one header line (or a status line) per call.
  func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    headerBytes += bytes.count
    guard headerBytes <= request.maxHeaderBytes else {
      failure = .tooLarge(
        "the response headers exceed the limit of \(request.maxHeaderBytes) bytes")
      return false
    }
    var line = String(decoding: bytes, as: UTF8.self)
    while let last = line.unicodeScalars.last, last == "\r" || last == "\n" {
      line.unicodeScalars.removeLast()
    }
    if line.hasPrefix("HTTP/") {
      // A new response (a 1xx before the final one): forget the previous one's headers.
      let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
      headersComplete = false
      etag = nil
      location = nil
      body.reset()
      decodedBytes = 0
      return true
    }
    if line.isEmpty {
      headersComplete = true
      return true
    }
    guard let colon = line.firstIndex(of: ":") else { return true }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    switch name {
    case "etag":
      // An ETag is sent back verbatim later: keep only one that is safe in a header line.
      etag = CurlTransferState.isSafeHeaderValue(value) && !value.isEmpty ? value : nil
    case "location":
      location = value
    default:
      break
    }
    return true
  }

  /// Progress callback: aborts on cancellation and when the body on the wire passes the limit.
  func progress(downloaded: Int64) -> Bool {
    if control.isCancelled {
      failure = .cancelled
      return false
    }
    if downloaded > Int64(request.maxBodyBytes) {
      failure = .tooLarge(
        "the server sent more than the limit of \(request.maxBodyBytes) bytes (stopped after \(downloaded) bytes on the wire)"
      )
      return false
    }
    return true
  }

  /// True when `value` has no control character other than tab (so it cannot split a header line).
  static func isSafeHeaderValue(_ value: String) -> Bool {
    !value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }
  }
}
