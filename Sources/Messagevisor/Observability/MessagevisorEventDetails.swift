/// The payload of an event, by event type.
public indirect enum MessagevisorEventDetails: Sendable {
  /// The stored datafile, its locale, the active locale, the previously active locale, and whether
  /// it replaced the stored datafile.
  case datafileSet(DatafileContent, String, String?, String?, Bool)
  /// The new and the previous active locale.
  case localeSet(locale: String, previousLocale: String?)
  /// The new and previous context and whether it was replaced (rather than merged).
  case contextSet(MessagevisorContext, MessagevisorContext, replaced: Bool)
  /// The new and previous currency.
  case currencySet(currency: String?, previousCurrency: String?)
  /// The new and previous time zone.
  case timeZoneSet(timeZone: String?, previousTimeZone: String?)
  /// A change caused by the `source` event, with that event's details.
  case change(MessagevisorEventType, MessagevisorEventDetails)
  /// An error-level diagnostic.
  case error(MessagevisorDiagnostic)
}
