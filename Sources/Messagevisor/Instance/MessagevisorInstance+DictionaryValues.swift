extension MessagevisorInstance {
  /// ``translate(_:values:options:)`` with the values given as a `Dictionary` (code written when
  /// `MessagevisorValues` was a `[String: MessagevisorValue]`); a literal still picks the
  /// ``MessagevisorValues`` form.
  @_disfavoredOverload
  public final func translate(
    _ key: String, values: [String: MessagevisorValue],
    options: TranslateOptions = TranslateOptions()
  ) throws -> String {
    try translate(key, values: MessagevisorValues(values), options: options)
  }

  /// Alias of `translate(_:values:options:)` with `Dictionary` values.
  @_disfavoredOverload
  public final func t(
    _ key: String, values: [String: MessagevisorValue],
    options: TranslateOptions = TranslateOptions()
  ) throws -> String {
    try translate(key, values: MessagevisorValues(values), options: options)
  }

  /// ``formatMessage(_:values:options:)`` with the values given as a `Dictionary`.
  @_disfavoredOverload
  public final func formatMessage(
    _ message: String, values: [String: MessagevisorValue],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try formatMessage(message, values: MessagevisorValues(values), options: options)
  }
}
