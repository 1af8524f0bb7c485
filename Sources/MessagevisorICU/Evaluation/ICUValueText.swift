import Messagevisor

/// How a simple `{name}` argument renders a value as text.
///
/// - strings as is; `null` as the empty string; booleans as `true`/`false`;
/// - integers as their digits;
/// - doubles as JavaScript's `String(n)` does: integral values without a fraction (`2.0` → `2`),
///   other values in the shortest form that reads back as the same double (`0.1`, `1.5e-7`,
///   `1e+21`), `NaN`, `Infinity`, `-Infinity`; `-0` → `0`;
/// - dates as ISO 8601 in UTC with milliseconds (`2026-03-29T00:30:00.000Z`);
/// - arrays as their rendered elements joined with `", "`; objects as `[object]`.
public enum ICUValueText {
  /// Nested arrays deeper than this render as `[array]` (values are caller data, so bound them).
  static let maximumArrayDepth = 64

  /// The text of `value`.
  public static func render(_ value: MessagevisorValue) -> String {
    render(value, depth: 0)
  }

  private static func render(_ value: MessagevisorValue, depth: Int) -> String {
    switch value {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .double(let number): return javaScriptString(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .date(let date): return PortableDate.isoString(date)
    case .array(let elements):
      guard depth < maximumArrayDepth else { return "[array]" }
      return elements.map { render($0, depth: depth + 1) }.joined(separator: ", ")
    case .object: return "[object]"
    case .null: return ""
    }
  }

  /// ECMAScript `Number::toString(10)` for a double.
  public static func javaScriptString(_ number: Double) -> String {
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
