/// A small SHA-1 implementation for `revisionFromHash` (Foundation on Linux has no digest API,
/// and the package takes no dependencies).
public enum SHA1 {
  /// The lowercase hex SHA-1 digest of `bytes`.
  public static func hex(of bytes: [UInt8]) -> String {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var message = bytes
    let bitLength = UInt64(bytes.count) * 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      message.append(UInt8((bitLength >> UInt64(shift)) & 0xFF))
    }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: message.count, by: 64) {
      for i in 0..<16 {
        let base = chunk + i * 4
        w[i] =
          UInt32(message[base]) << 24 | UInt32(message[base + 1]) << 16
          | UInt32(message[base + 2]) << 8 | UInt32(message[base + 3])
      }
      for i in 16..<80 {
        let value = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
        w[i] = (value << 1) | (value >> 31)
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5A82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ED9_EBA1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8F1B_BCDC
        default:
          f = b ^ c ^ d
          k = 0xCA62_C1D6
        }
        let temp = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ w[i]
        e = d
        d = c
        c = (b << 30) | (b >> 2)
        b = a
        a = temp
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.map { word in
      let text = String(word, radix: 16)
      return String(repeating: "0", count: 8 - text.count) + text
    }.joined()
  }
}
