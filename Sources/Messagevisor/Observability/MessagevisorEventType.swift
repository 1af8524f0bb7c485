/// The events an instance emits (spec §3.7).
public enum MessagevisorEventType: String, Sendable, CaseIterable, Hashable {
  /// Any state change; follows the specific event.
  case change
  /// An error-level diagnostic.
  case error
  /// A datafile was stored.
  case datafileSet = "datafile_set"
  /// The active locale changed.
  case localeSet = "locale_set"
  /// The context changed.
  case contextSet = "context_set"
  /// The currency changed.
  case currencySet = "currency_set"
  /// The time zone changed.
  case timeZoneSet = "timeZone_set"
}
