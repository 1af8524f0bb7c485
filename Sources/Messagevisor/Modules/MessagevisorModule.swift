/// Sets up runtime integrations, formats or transforms output, and cleans up (spec §3.4).
public struct MessagevisorModule: Sendable {
  /// A format hook: return a new string, or `nil` to keep the current one.
  public typealias Hook =
    @Sendable (MessagevisorModulePayload, MessagevisorModuleApi) throws -> String?

  /// The module name; named modules must be unique per root. `nil` for anonymous modules.
  public var name: String?
  /// Runs once when the module is added.
  public var setup: (@Sendable (MessagevisorModuleApi) throws -> Void)?
  /// Runs first, in module order, for every evaluation.
  public var format: Hook?
  /// Runs after all format hooks, in module order.
  public var transform: Hook?
  /// Runs when the module is removed or the root closes.
  public var close: (@Sendable () async throws -> Void)?

  /// Creates a module.
  public init(
    name: String? = nil,
    setup: (@Sendable (MessagevisorModuleApi) throws -> Void)? = nil,
    format: Hook? = nil,
    transform: Hook? = nil,
    close: (@Sendable () async throws -> Void)? = nil
  ) {
    self.name = name
    self.setup = setup
    self.format = format
    self.transform = transform
    self.close = close
  }
}
