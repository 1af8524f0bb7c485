/// An immutable view of an instance's observable state.
public struct MessagevisorSnapshot: Sendable, Equatable {
  /// Monotonically increasing per instance.
  public var version: Int
  /// The active locale.
  public var locale: String?
  /// The active locale's datafile direction.
  public var direction: String?
  /// The instance context.
  public var context: MessagevisorContext
  /// The instance currency.
  public var currency: String?
  /// The instance time zone.
  public var timeZone: String?
  /// Locales with a stored datafile, sorted.
  public var datafileLocales: [String]
  /// Stored datafile revisions by locale.
  public var datafileRevisionsByLocale: [String: String]

  /// Creates a snapshot.
  public init(
    version: Int, locale: String?, direction: String?, context: MessagevisorContext,
    currency: String?, timeZone: String?, datafileLocales: [String],
    datafileRevisionsByLocale: [String: String]
  ) {
    self.version = version
    self.locale = locale
    self.direction = direction
    self.context = context
    self.currency = currency
    self.timeZone = timeZone
    self.datafileLocales = datafileLocales
    self.datafileRevisionsByLocale = datafileRevisionsByLocale
  }
}
