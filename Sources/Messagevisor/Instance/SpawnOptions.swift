/// Options for ``Messagevisor/spawn(context:options:)``; omitted values are inherited.
public struct SpawnOptions: Sendable {
  /// The child's locale.
  public var locale: String?
  /// The child's currency.
  public var currency: String?
  /// The child's time zone.
  public var timeZone: String?

  /// Creates options.
  public init(locale: String? = nil, currency: String? = nil, timeZone: String? = nil) {
    self.locale = locale
    self.currency = currency
    self.timeZone = timeZone
  }
}
