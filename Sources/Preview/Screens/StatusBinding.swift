/// The messages a `status:` block shows for each OTA refresh phase; phases without their own
/// message show the `idle` one.
public struct StatusBinding: Sendable, Equatable {
  /// Messages by phase (`idle` is required).
  public var phases: [RefreshPhase: TextBinding]

  /// Creates a binding.
  public init(phases: [RefreshPhase: TextBinding]) {
    self.phases = phases
  }

  /// The message for a phase (falls back to `idle`).
  public func binding(for phase: RefreshPhase) -> TextBinding? {
    phases[phase] ?? phases[.idle]
  }

  /// Every phase's binding in phase order.
  public var bindings: [TextBinding] {
    RefreshPhase.allCases.compactMap { phases[$0] }
  }
}
