/// Standard base64 (RFC 4648, with `=` padding) for OSC 52 clipboard requests, without
/// Foundation.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 encoding of `bytes`.
  static func encode<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index + 2 < input.count {
      let value =
        UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
      output += [18, 12, 6, 0].map { alphabet[Int((value >> $0) & 63)] }
      index += 3
    }
    let rest = input.count - index
    if rest == 1 {
      let value = UInt32(input[index]) << 16
      output += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], 61, 61]
    } else if rest == 2 {
      let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
      output += [
        alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)],
        alphabet[Int(value >> 6 & 63)], 61,
      ]
    }
    return output
  }
}
