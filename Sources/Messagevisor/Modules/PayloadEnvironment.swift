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
  /// The modules the pipeline runs, in registration order.
  let modules: [ModuleRegistration]
  /// `modules` without ownership, in a buffer this environment owns: the pipeline reads the
  /// module list through the payload's environment (which every call already holds), and reading
  /// plain references out of a raw buffer costs no retain of the list or of a registration.
  let moduleReferences: UnsafeMutableBufferPointer<Unmanaged<ModuleRegistration>>
  /// Whether every module's format hook has a ``MessagevisorModule/borrowingFormat`` form and no
  /// module has a `transform` hook: then the pipeline builds no payload.
  let modulesBorrow: Bool

  init(_ fields: Fields, modules: [ModuleRegistration]) {
    self.fields = fields
    self.modules = modules
    modulesBorrow = modules.allSatisfy {
      ($0.module.formatHook == nil || $0.module.borrowingFormat != nil)
        && $0.module.transform == nil
    }
    moduleReferences = .allocate(capacity: modules.count)
    _ = moduleReferences.initialize(from: modules.lazy.map { Unmanaged.passUnretained($0) })
  }

  deinit {
    moduleReferences.deallocate()
  }

  convenience init(
    locale: String, formatsBox: FormatsBox, moduleOptions: [String: MessagevisorValue],
    currency: String?, timeZone: String, formatters: NativeFormatters,
    modules: [ModuleRegistration] = []
  ) {
    self.init(
      Fields(
        locale: locale, formatsBox: formatsBox, moduleOptions: moduleOptions, currency: currency,
        timeZone: timeZone, formatters: formatters), modules: modules)
  }

  /// A new environment with `change` applied (the shared one is never modified).
  func with(_ change: (inout Fields) -> Void) -> PayloadEnvironment {
    var fields = self.fields
    change(&fields)
    return PayloadEnvironment(fields, modules: modules)
  }
}
