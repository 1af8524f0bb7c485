/// The UTS #35 plural operands of a formatted decimal number.
///
/// - `n`: absolute value; `i`: integer digits; `v`/`w`: visible fraction digits with/without
///   trailing zeros; `f`/`t`: the fraction digits as an integer with/without trailing zeros;
///   `e`/`c`: the compact decimal exponent.
@_spi(MessagevisorModules) public struct PluralOperands: Sendable, Equatable {
  /// The absolute value of the number.
  public var n: Double
  /// The integer digits of `n` (saturating at `Int.max`).
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

  /// Parses formatted decimal text such as `"1.50"`, `"-3"`, `"1.2e3"` or `"1.2c3"`.
  ///
  /// Returns `nil` when the text is not a plain decimal number.
  public init?(_ text: String) {
    return nil
  }
}
