/// The part of a module payload that depends on the instance and the call's options but not on
/// the message: immutable and shared by every payload built for the same inputs.
final class PayloadEnvironment: @unchecked Sendable {
  /// The fields, as a value to edit in ``with(_:)``.
  struct Fields {
    var locale: String
    /// Boxed so that sharing the presets costs one retain.
    var formatsBox: FormatsBox
    var moduleOptions: [String: MessagevisorValue]
    var currency: String?
    var timeZone: String
    var formatters: NativeFormatters
  }

  let fields: Fields

  init(_ fields: Fields) {
    self.fields = fields
  }

  convenience init(
    locale: String, formatsBox: FormatsBox, moduleOptions: [String: MessagevisorValue],
    currency: String?, timeZone: String, formatters: NativeFormatters
  ) {
    self.init(
      Fields(
        locale: locale, formatsBox: formatsBox, moduleOptions: moduleOptions, currency: currency,
        timeZone: timeZone, formatters: formatters))
  }

  /// A new environment with `change` applied (the shared one is never modified).
  func with(_ change: (inout Fields) -> Void) -> PayloadEnvironment {
    var fields = self.fields
    change(&fields)
    return PayloadEnvironment(fields)
  }
}
