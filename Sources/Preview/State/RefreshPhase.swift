/// The phases of an OTA refresh as the seed demo shows them (rerune.md §6.4).
public enum RefreshPhase: String, Sendable, Equatable, CaseIterable {
  /// Nothing running; shows `welcome_refresh_state_idle`.
  case idle
  /// Looking for a new manifest; shows `welcome_refresh_state_checking`.
  case checking
  /// Fetching payloads; shows `welcome_refresh_state_downloading`.
  case downloading
  /// Handing payloads to the engine; shows `welcome_refresh_state_applying`.
  case applying
  /// The last check applied at least one payload; shows `welcome_refresh_state_success`.
  case success

  /// The message key whose text describes this phase.
  public var messageKey: String { "welcome_refresh_state_\(rawValue)" }

  /// Whether a check is in flight.
  public var isRunning: Bool { self == .checking || self == .downloading || self == .applying }
}
