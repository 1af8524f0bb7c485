/// The phases of an OTA refresh as the seed demo shows them (rerune.md §6.4); a screen file's
/// `status:` block names one message per phase.
public enum RefreshPhase: String, Sendable, Equatable, CaseIterable {
  /// Nothing running.
  case idle
  /// Looking for a new manifest.
  case checking
  /// Fetching payloads.
  case downloading
  /// Handing payloads to the engine.
  case applying
  /// The last check applied at least one payload.
  case success

  /// Whether a check is in flight.
  public var isRunning: Bool { self == .checking || self == .downloading || self == .applying }
}
