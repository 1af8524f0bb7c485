/// Options for ``MessagevisorModuleApi/onDiagnostic(_:_:)``.
public struct MessagevisorModuleDiagnosticOptions: Sendable {
  /// The least severe level delivered (default `info`).
  public var logLevel: MessagevisorLogLevel

  /// Creates options.
  public init(logLevel: MessagevisorLogLevel = .info) { self.logLevel = logLevel }
}
