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
  ///
  /// Setting it also clears `borrowingFormat` and `literalTextSyntax`, so the engine runs the
  /// hook that was set.
  public var format: Hook? {
    get { formatHook }
    set {
      formatHook = newValue
      borrowingFormat = nil
      literalTextSyntax = nil
    }
  }
  /// The stored `format` hook (read by the engine without copying the closure).
  private(set) var formatHook: Hook?

  /// A format hook that borrows the call's translation, values and environment instead of
  /// receiving an owned payload.
  @_spi(MessagevisorModules) public typealias BorrowingHook =
    @Sendable (
      String, MessagevisorValues, borrowing MessagevisorModuleEnvironment, MessagevisorModuleApi
    ) throws -> String?

  /// The same computation as ``format``, which the engine runs instead of it when set: it saves
  /// building a payload (an atomic reference-count pair each for the values and the environment).
  /// Set by the bundled modules after ``format``; setting ``format`` clears it.
  ///
  /// When every module's format hook has this form, the hooks run while the engine holds its
  /// (recursive) lock, so the environment is borrowed without a reference count: such a hook may
  /// call back into the engine on its own thread, but must not wait for another thread that uses
  /// the same root or its children.
  @_spi(MessagevisorModules) public var borrowingFormat: BorrowingHook?
  /// The bytes ``borrowingFormat`` reacts to: it returns `nil` and reports nothing for a text
  /// without any of them. When every module of a root declares its syntax (and none has a
  /// ``transform``), the engine hands such a text back without running the modules, unless the
  /// call passes module options. Set by the bundled modules; setting ``format`` clears it.
  @_spi(MessagevisorModules) public var literalTextSyntax: ModuleSyntax?
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
    self.formatHook = format
    self.transform = transform
    self.close = close
  }
}
