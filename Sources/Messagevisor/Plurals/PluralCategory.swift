/// A CLDR plural category.
@_spi(MessagevisorModules) public enum PluralCategory: UInt8, Sendable, CaseIterable {
  /// `zero`
  case zero
  /// `one`
  case one
  /// `two`
  case two
  /// `few`
  case few
  /// `many`
  case many
  /// `other`
  case other

  /// The CLDR keyword ("zero", "one", "two", "few", "many", "other").
  public var name: String {
    switch self {
    case .zero: return "zero"
    case .one: return "one"
    case .two: return "two"
    case .few: return "few"
    case .many: return "many"
    case .other: return "other"
    }
  }
}
