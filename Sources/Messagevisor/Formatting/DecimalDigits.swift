/// A non-negative decimal number as digits, built from a `Double`'s shortest round-trip text
/// (what ECMA-402 and ICU round from), with half-expand rounding.
struct DecimalDigits: Equatable {
  /// Significant digits without leading zeros (empty means zero).
  var digits: [UInt8]
  /// The value is `0.d1 d2 d3 … × 10^pointPosition`.
  var pointPosition: Int

  /// The magnitude of a finite `value`.
  init(_ value: Double) {
    digits = []
    pointPosition = 0
    let text = value.magnitude.description
    var exponent = 0
    var mantissa = Substring(text)
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      mantissa = text[..<e]
    }
    var integerCount = 0
    var seenPoint = false
    for byte in mantissa.utf8 {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
        continue
      }
      guard byte >= 48, byte <= 57 else { continue }
      if !seenPoint { integerCount += 1 }
      digits.append(byte - 48)
    }
    pointPosition = integerCount + exponent
    normalize()
  }

  private mutating func normalize() {
    var leading = 0
    while leading < digits.count && digits[leading] == 0 { leading += 1 }
    if leading > 0 {
      digits.removeFirst(leading)
      pointPosition -= leading
    }
    while let last = digits.last, last == 0 { digits.removeLast() }
    if digits.isEmpty { pointPosition = 0 }
  }

  /// Rounds half away from zero so that at most `keep` digits remain (keep may be ≤ 0).
  private mutating func roundToDigitCount(_ keep: Int) {
    guard keep < digits.count else { return }
    if keep < 0 {
      digits = []
      pointPosition = 0
      return
    }
    let roundUp = digits[keep] >= 5
    digits.removeSubrange(keep...)
    if roundUp {
      var index = digits.count - 1
      while index >= 0 {
        if digits[index] == 9 {
          digits[index] = 0
          index -= 1
        } else {
          digits[index] += 1
          break
        }
      }
      if index < 0 {
        digits.insert(1, at: 0)
        pointPosition += 1
      }
    }
    normalize()
  }

  /// Rounds to at most `maximum` fraction digits.
  mutating func round(fractionDigits maximum: Int) {
    roundToDigitCount(pointPosition + maximum)
  }

  /// Rounds to at most `maximum` significant digits.
  mutating func round(significantDigits maximum: Int) {
    roundToDigitCount(maximum)
  }

  /// Integer digits (at least one) and fraction digits padded to `minimumFraction`.
  func split(minimumFraction: Int) -> (integer: [UInt8], fraction: [UInt8]) {
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    if pointPosition <= 0 {
      integer = [0]
      fraction = Array(repeating: 0, count: -pointPosition) + digits
    } else if pointPosition >= digits.count {
      integer = digits + Array(repeating: 0, count: pointPosition - digits.count)
    } else {
      integer = Array(digits[..<pointPosition])
      fraction = Array(digits[pointPosition...])
    }
    if integer.isEmpty { integer = [0] }
    if fraction.count < minimumFraction {
      fraction.append(contentsOf: repeatElement(0, count: minimumFraction - fraction.count))
    }
    return (integer, fraction)
  }

  /// The number of significant digits counted from the first non-zero digit.
  var significantCount: Int { digits.count }

  /// Whether the value has no fraction part.
  var isInteger: Bool { digits.count <= pointPosition || digits.isEmpty }
}
