/// ECMAScript number-to-text rules, shared by the JSON writer (`JSON.stringify` prints finite
/// numbers this way) and by modules that render numbers as JavaScript would.
@_spi(MessagevisorModules) public enum JavaScriptNumber {
  /// ECMAScript `Number::toString(10)` for a double: integral values without a fraction (`2.0` →
  /// `2`), other values in the shortest form that reads back as the same double, laid out as
  /// ECMAScript does (`0.1`, `1.5e-7`, `123456789012345680000`, `1e+21`); `NaN`, `Infinity`,
  /// `-Infinity`; `-0` → `0`.
  public static func string(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    if number == 0 { return "0" }
    if number.rounded(.towardZero) == number, abs(number) < 1e18 { return String(Int64(number)) }
    let negative = number < 0
    // Swift's description gives the shortest round-trip digits; re-lay them out as ECMAScript does.
    let text = abs(number).description
    let parts = text.split(separator: "e", maxSplits: 1)
    let mantissa = parts[0]
    let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    var digits: [UInt8] = []
    var integerDigits = 0
    var seenPoint = false
    for byte in mantissa.utf8 {
      if byte == 46 {
        seenPoint = true
      } else {
        digits.append(byte)
        if !seenPoint { integerDigits += 1 }
      }
    }
    var pointPosition = integerDigits + exponent
    while let first = digits.first, first == 48, digits.count > 1 {
      digits.removeFirst()
      pointPosition -= 1
    }
    while let last = digits.last, last == 48, digits.count > 1 { digits.removeLast() }
    let k = digits.count
    let n = pointPosition
    let digitText = String(decoding: digits, as: UTF8.self)
    var result: String
    if k <= n, n <= 21 {
      result = digitText + String(repeating: "0", count: n - k)
    } else if 0 < n, n <= 21 {
      let split = digitText.utf8.index(digitText.utf8.startIndex, offsetBy: n)
      result = String(digitText[..<split]) + "." + String(digitText[split...])
    } else if -6 < n, n <= 0 {
      result = "0." + String(repeating: "0", count: -n) + digitText
    } else {
      let e = n - 1
      let sign = e < 0 ? "-" : "+"
      let head = String(decoding: digits[0..<1], as: UTF8.self)
      let tail = k > 1 ? "." + String(decoding: digits[1...], as: UTF8.self) : ""
      result = head + tail + "e" + sign + String(abs(e))
    }
    return negative ? "-" + result : result
  }
}
