import Messagevisor

/// A diagnostic the evaluator wants reported (`unsupported_formatter` or `invalid_format`).
///
/// The evaluator collects notes instead of calling back so that the common path allocates
/// nothing; the module reports them, in order, after evaluation or before rethrowing.
struct ICUEvaluationNote: Sendable, Equatable {
  /// `true` for error level, `false` for warn.
  var isError: Bool
  /// The diagnostic code.
  var code: String
  /// The diagnostic message.
  var message: String
  /// The diagnostic details.
  var details: [String: MessagevisorValue]
}
