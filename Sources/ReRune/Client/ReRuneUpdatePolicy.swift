/// When the client checks for updates on its own.
///
/// The periodic interval is `periodicIntervalInDays × 86400 + periodicIntervalInHours × 3600 +
/// periodicIntervalInSeconds`; a total ≤ 0 (the default) disables periodic checks. The first periodic check
/// happens one interval after ``ReRuneClient/start()``.
public struct ReRuneUpdatePolicy: Sendable, Equatable {
  /// Run one check in the background right after setup (default true).
  public var checkOnStart: Bool
  /// Hours part of the periodic interval.
  public var periodicIntervalInHours: Int?
  /// Days part of the periodic interval.
  public var periodicIntervalInDays: Int?
  /// Seconds part of the periodic interval (for demos and tests; not in the upstream SDK).
  public var periodicIntervalInSeconds: Double?

  /// Creates a policy.
  public init(
    checkOnStart: Bool = true, periodicIntervalInHours: Int? = nil,
    periodicIntervalInDays: Int? = nil, periodicIntervalInSeconds: Double? = nil
  ) {
    self.checkOnStart = checkOnStart
    self.periodicIntervalInHours = periodicIntervalInHours
    self.periodicIntervalInDays = periodicIntervalInDays
    self.periodicIntervalInSeconds = periodicIntervalInSeconds
  }

  /// The effective periodic interval in seconds, or nil when periodic checks are off.
  public var periodicInterval: Double? {
    let total =
      Double(periodicIntervalInDays ?? 0) * 86_400 + Double(periodicIntervalInHours ?? 0) * 3_600
      + (periodicIntervalInSeconds ?? 0)
    return total > 0 && total.isFinite ? total : nil
  }
}
