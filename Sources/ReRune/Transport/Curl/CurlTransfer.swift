import CCurl
import Foundation

/// Runs one HTTP GET with libcurl's easy interface on the calling thread (it blocks until the
/// transfer ends; ``CurlRunner`` moves it off the cooperative pool).
///
/// Every transfer gets a fresh easy handle and a fresh connection (`CURLOPT_FORBID_REUSE`), so a
/// response that lied about its length cannot leave bytes for the next request. Only `http` and
/// `https` are allowed, redirects are not followed here (the transport follows them itself, so it can
/// decide per hop which headers to send), HTTP/0.9 is refused, and the callbacks of
/// ``CurlTransferState`` enforce the size limits while bytes arrive.
enum CurlTransfer {
  /// Why libcurl is unusable, or `nil` once it is loaded and `curl_global_init` ran: the first
  /// transfer of the process opens libcurl (`ccurl_load`, see `Sources/CCurl/include/CCurl.h`).
  static let loadFailure: String? = ccurl_load().map { String(cString: $0) }

  static func perform(_ request: CurlRequest, control: CurlControl) -> Result<
    CurlResponse, CurlFailure
  > {
    if let loadFailure { return .failure(.network(loadFailure)) }
    if control.isCancelled { return .failure(.cancelled) }
    guard let handle = ccurl_easy_init() else {
      return .failure(.network("libcurl could not create a handle"))
    }
    defer { ccurl_easy_cleanup(handle) }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { ccurl_slist_free_all(headerList) }
    for line in request.headers {
      guard let appended = ccurl_slist_append(headerList, line) else {
        return .failure(.network("libcurl could not store a request header"))
      }
      headerList = appended
    }
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    defer { errorBuffer.deallocate() }
    let state = CurlTransferState(request: request, control: control)
    let context = Unmanaged.passUnretained(state).toOpaque()

    var setup = CURLE_OK
    func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }
    set(ccurl_setopt_string(handle, CURLOPT_URL, request.url))
    set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
    set(ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
    set(ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
    set(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
    set(ccurl_setopt_long(handle, CURLOPT_HTTP09_ALLOWED, 0))
    set(ccurl_setopt_long(handle, CURLOPT_FORBID_REUSE, 1))
    set(ccurl_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1))
    let timeout = max(1, request.timeoutMilliseconds)
    set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeout))
    set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout))
    set(ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, max(1, request.lowSpeedBytesPerSecond)))
    set(ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, request.lowSpeedSeconds)))
    set(ccurl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)))
    // "" = every encoding this libcurl can decode; the write callback counts the decoded bytes.
    set(ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
    set(ccurl_setopt_string(handle, CURLOPT_USERAGENT, "ReRune-Swift (libcurl)"))
    set(ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
    set(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    set(ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
    set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
    set(ccurl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader))
    set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
    set(ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
    set(ccurl_setopt_xferinfo_function(handle, curlProgress))
    set(ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
    guard setup == CURLE_OK else {
      return .failure(.network("libcurl rejected an option (\(describe(setup)))"))
    }

    let code = withExtendedLifetime(state) { ccurl_easy_perform(handle) }
    if let failure = state.failure { return .failure(failure) }
    if control.isCancelled { return .failure(.cancelled) }
    guard code == CURLE_OK else {
      let detail = String(cString: errorBuffer)
      let text = detail.isEmpty ? describe(code) : "\(detail) (\(describe(code)))"
      switch code {
      case CURLE_OPERATION_TIMEDOUT:
        return .failure(.timeout(text))
      case CURLE_FILESIZE_EXCEEDED:
        return .failure(
          .tooLarge(
            "the announced Content-Length exceeds the limit of \(request.maxBodyBytes) bytes"))
      case CURLE_PARTIAL_FILE:
        return .failure(.network("truncated body: \(text)"))
      case CURLE_GOT_NOTHING:
        return .failure(.network("the server closed the connection without a response"))
      default:
        return .failure(.network(text))
      }
    }
    guard state.headersComplete else {
      // libcurl accepts a response that ends inside its header block; ReRune does not.
      return .failure(
        .network(
          state.status == 0
            ? "the server closed the connection without a complete response"
            : "the server closed the connection before the end of the response headers"))
    }
    var status = 0
    if ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status != 0 {
      state.status = status
    }
    var redirect: UnsafeMutablePointer<CChar>?
    var redirectURL: String?
    if ccurl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK,
      let redirect
    {
      redirectURL = String(cString: redirect)
    }
    return .success(
      CurlResponse(
        status: state.status, etag: state.etag, location: state.location,
        redirectURL: redirectURL, body: state.status == 200 ? state.body.takeData() : Data()))
  }

  static func describe(_ code: CURLcode) -> String {
    "\(String(cString: ccurl_easy_strerror(code))), curl error \(code.rawValue)"
  }
}

/// `CURLOPT_WRITEFUNCTION`: hands decoded body bytes to the transfer's state.
private let curlWriteBody: curl_write_callback = { buffer, size, count, context in
  guard let buffer, let context else { return 0 }
  let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  return state.receiveBody(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
}

/// `CURLOPT_HEADERFUNCTION`: one header line per call.
private let curlWriteHeader: curl_write_callback = { buffer, size, count, context in
  guard let buffer, let context else { return 0 }
  let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  return state.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
}

/// `CURLOPT_XFERINFOFUNCTION`: cancellation and the on-the-wire body limit.
private let curlProgress: curl_xferinfo_callback = { context, _, downloaded, _, _ in
  guard let context else { return 1 }
  let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
  return state.progress(downloaded: Int64(downloaded)) ? 0 : 1
}
