/// Resolves a feature flag for a context (`isEnabled` / `isDisabled` predicates).
public typealias MessagevisorFlagResolver = @Sendable (String, MessagevisorContext) -> Bool

/// Resolves an experiment's variation for a context (`hasVariation` predicates).
public typealias MessagevisorVariationResolver = @Sendable (String, MessagevisorContext) -> String?

/// Receives diagnostics.
public typealias MessagevisorDiagnosticHandler = @Sendable (MessagevisorDiagnostic) -> Void

/// Receives events; a throwing listener is isolated from state changes and other listeners.
public typealias MessagevisorEventHandler = @Sendable (MessagevisorEvent) throws -> Void
