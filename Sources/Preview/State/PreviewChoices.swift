/// The currencies and time zones `c` and `t` step through (context attributes come from the
/// project: ``PreviewContent/attributes``).
public struct PreviewChoices: Sendable, Equatable {
  /// Currencies for `c`.
  public var currencies: [String]
  /// Time zones for `t`.
  public var timeZones: [String]

  /// Creates choices.
  public init(
    currencies: [String] = ["USD", "EUR", "JPY", "GBP", "SAR"],
    timeZones: [String] = [
      "UTC", "Europe/Amsterdam", "America/New_York", "Asia/Tokyo", "Asia/Riyadh",
    ]
  ) {
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

extension PreviewChoices {
  /// The default choices with a project's currencies (``PreviewProject/currencies``) first: the
  /// currency picker suggests them before the common ISO 4217 set, and `c` cycles through them.
  public init(project: PreviewProject) {
    self.init()
    let own = project.currencies
    currencies = own + currencies.filter { !own.contains($0) }
  }
}
