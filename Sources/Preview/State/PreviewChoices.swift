/// The values the cycling keys step through.
public struct PreviewChoices: Sendable, Equatable {
  /// Plans for `p` (context key `plan`).
  public var plans: [String]
  /// Platforms for `P` (context key `platform`).
  public var platforms: [String]
  /// Currencies for `c`.
  public var currencies: [String]
  /// Time zones for `t`.
  public var timeZones: [String]

  /// Creates choices.
  public init(
    plans: [String] = ["free", "pro", "enterprise"],
    platforms: [String] = ["terminal", "ios", "android", "web"],
    currencies: [String] = ["USD", "EUR", "JPY", "GBP", "SAR"],
    timeZones: [String] = [
      "UTC", "Europe/Amsterdam", "America/New_York", "Asia/Tokyo", "Asia/Riyadh",
    ]
  ) {
    self.plans = plans
    self.platforms = platforms
    self.currencies = currencies
    self.timeZones = timeZones
  }

  /// The element after `current` in `list`, wrapping; the first element when `current` is absent.
  public static func next(after current: String?, in list: [String]) -> String? {
    guard !list.isEmpty else { return nil }
    guard let current, let index = list.firstIndex(of: current) else { return list[0] }
    return list[(index + 1) % list.count]
  }
}
