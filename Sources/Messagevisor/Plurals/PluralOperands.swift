/// The UTS #35 plural operands of a formatted decimal number.
///
/// - `n`: absolute value; `i`: integer digits; `v`/`w`: visible fraction digits with/without
///   trailing zeros; `f`/`t`: the fraction digits as an integer with/without trailing zeros;
///   `e`/`c`: the compact decimal exponent.
///
/// Integer operands keep their lowest 18 decimal digits (a value whose lowest 18 digits are all
/// zero but which is not zero keeps `10^18`), so every CLDR modulus and every `= 0` test stays
/// exact for arbitrarily long numbers.
@_spi(MessagevisorModules) public struct PluralOperands: Sendable, Equatable {
  /// The absolute value of the number.
  public var n: Double
  /// The integer digits of `n`.
  public var i: Int
  /// The number of visible fraction digits, with trailing zeros.
  public var v: Int
  /// The number of visible fraction digits, without trailing zeros.
  public var w: Int
  /// The visible fraction digits as an integer, with trailing zeros.
  public var f: Int
  /// The visible fraction digits as an integer, without trailing zeros.
  public var t: Int
  /// The compact decimal exponent (`e` and its synonym `c`).
  public var e: Int

  /// Creates operands from their components.
  public init(n: Double, i: Int, v: Int, w: Int, f: Int, t: Int, e: Int = 0) {
    self.n = n
    self.i = i
    self.v = v
    self.w = w
    self.f = f
    self.t = t
    self.e = e
  }

  /// Operands of an integer (no visible fraction digits).
  public init(integer: Int) {
    let magnitude = integer.magnitude
    self.init(
      n: Double(magnitude), i: Int(magnitude % 1_000_000_000_000_000_000), v: 0, w: 0, f: 0, t: 0)
    if magnitude != 0 && i == 0 { i = Self.limit }
  }

  static let limit = 1_000_000_000_000_000_000

  /// Parses formatted decimal text such as `"1.50"`, `"-3"`, `"1.2e3"` or `"1.2c3"` (CLDR sample
  /// syntax: `c`/`e` shifts the decimal point and sets the exponent operand).
  ///
  /// Returns `nil` when the text is not a plain decimal number.
  public init?(_ text: String) {
    var integerDigits: [UInt8] = []
    var fractionDigits: [UInt8] = []
    var exponent = 0
    var sawPoint = false
    var sawDigit = false
    var utf8 = Substring(text).utf8[...]
    if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      utf8 = utf8.dropFirst()
    }
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte >= 48 && byte <= 57 {
        sawDigit = true
        if sawPoint { fractionDigits.append(byte - 48) } else { integerDigits.append(byte - 48) }
      } else if byte == UInt8(ascii: ".") && !sawPoint {
        sawPoint = true
      } else if byte == UInt8(ascii: "c") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      {
        let rest = utf8[utf8.index(after: index)...]
        guard let value = Int(Substring(rest)), value >= 0, value <= 1000 else { return nil }
        exponent = value
        break
      } else {
        return nil
      }
      index = utf8.index(after: index)
    }
    guard sawDigit else { return nil }
    if exponent > 0 {
      // Move `exponent` digits from the fraction into the integer part.
      let moved = min(exponent, fractionDigits.count)
      integerDigits.append(contentsOf: fractionDigits.prefix(moved))
      fractionDigits.removeFirst(moved)
      if exponent > moved {
        integerDigits.append(contentsOf: repeatElement(0, count: exponent - moved))
      }
    }
    self.init(integerDigits: integerDigits, fractionDigits: fractionDigits, exponent: exponent)
  }

  /// Builds operands from decimal digit arrays (each element 0…9).
  init(integerDigits: [UInt8], fractionDigits: [UInt8], exponent: Int) {
    let i = Self.lowDigits(integerDigits[...])
    var fractionEnd = fractionDigits.count
    while fractionEnd > 0 && fractionDigits[fractionEnd - 1] == 0 { fractionEnd -= 1 }
    let f = Self.lowDigits(fractionDigits[...])
    let t = Self.lowDigits(fractionDigits[..<fractionEnd])
    // `n` is informational (the generated rules test `i` and `t`); compute it numerically.
    var n = 0.0
    for digit in integerDigits { n = n * 10 + Double(digit) }
    if fractionEnd > 0 && fractionEnd <= 18 {
      var divisor = 1.0
      for _ in 0..<fractionEnd { divisor *= 10 }
      n += Double(t) / divisor
    }
    self.init(n: n, i: i, v: fractionDigits.count, w: fractionEnd, f: f, t: t, e: exponent)
  }

  /// The value of the lowest 18 digits, or `10^18` when those are zero but a higher digit is not.
  private static func lowDigits(_ digits: ArraySlice<UInt8>) -> Int {
    var value = 0
    let start = max(digits.startIndex, digits.endIndex - 18)
    for digit in digits[start...] { value = value * 10 + Int(digit) }
    if value == 0 && digits[..<start].contains(where: { $0 != 0 }) { return limit }
    return value
  }
}
