/// A structured report from the engine or a module (spec §3.6).
public struct MessagevisorDiagnostic: Sendable, CustomStringConvertible {
  /// Severity.
  public var level: MessagevisorLogLevel
  /// A stable code such as `missing_translation`.
  public var code: String
  /// Human text, such as `Missing translation`.
  public var message: String
  /// Structured details; always present (possibly empty).
  public var details: [String: MessagevisorValue]
  /// The name of the module that reported it, if any.
  public var module: String?
  /// The underlying Swift error, if any.
  public var originalError: (any Error)?

  /// Creates a diagnostic.
  public init(
    level: MessagevisorLogLevel,
    code: String,
    message: String,
    details: [String: MessagevisorValue] = [:],
    module: String? = nil,
    originalError: (any Error)? = nil
  ) {
    self.level = level
    self.code = code
    self.message = message
    self.details = details
    self.module = module
    self.originalError = originalError
  }

  /// The module name (alias of ``module``).
  public var moduleName: String? { module }

  /// `"<level> <code>: <message> <details as JSON>"`.
  public var description: String {
    var text = "\(level.rawValue) \(code): \(message)"
    if !details.isEmpty { text += " " + JSONWriter.write(.object(details), pretty: false) }
    if let module { text += " (module \(module))" }
    if let originalError { text += " — \(originalError)" }
    return text
  }
}
