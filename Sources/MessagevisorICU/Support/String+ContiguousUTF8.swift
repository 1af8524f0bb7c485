extension String {
  /// Calls `body` with the string's UTF-8 bytes without copying the string (native and small
  /// strings are contiguous); other representations are copied once.
  @inline(__always)
  func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }
}
