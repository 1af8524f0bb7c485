/// A read-only view of one hook call's environment (locale, presets, currency, time zone, module
/// options, formatters), borrowed from the engine for the duration of a
/// ``MessagevisorModule/borrowingFormat`` hook (for the bundled modules).
///
/// A ``MessagevisorModulePayload`` owns its values and its environment, so building one costs an
/// atomic reference-count increment and decrement for each; on this engine's hot path that is a
/// large part of a formatted message. A borrowing hook receives the values as a (borrowed)
/// parameter and the environment through this view, which refers to the caller's environment
/// without owning it. It is non-copyable, so a hook cannot keep it past the call.
@_spi(MessagevisorModules) public struct MessagevisorModuleEnvironment: ~Copyable {
  /// The call's environment, which the caller holds for longer than the view.
  private let reference: Unmanaged<PayloadEnvironment>

  /// The key of the message being formatted (``MessagevisorModulePayload/messageKey``), for the
  /// diagnostics a hook reports (`invalid_format` names the message it came from).
  public let messageKey: String?

  /// Whether the call passed module options at all (a stored flag, read without a call: most
  /// calls pass none, and ``moduleOptions(for:)`` is then `nil`).
  public let hasModuleOptions: Bool

  init(_ environment: Unmanaged<PayloadEnvironment>, messageKey: String? = nil) {
    reference = environment
    self.messageKey = messageKey
    hasModuleOptions = environment._withUnsafeGuaranteedRef { !$0.fields.moduleOptions.isEmpty }
  }

  /// The effective locale (``MessagevisorModulePayload/locale``).
  public var locale: String {
    reference._withUnsafeGuaranteedRef { $0.fields.locale }
  }

  /// The evaluation formats (``MessagevisorModulePayload/formats``).
  public var formats: FormatPresets {
    reference._withUnsafeGuaranteedRef { $0.fields.formatsBox.formats }
  }

  /// Call currency ?? instance currency (``MessagevisorModulePayload/currency``).
  public var currency: String? {
    reference._withUnsafeGuaranteedRef { $0.fields.currency }
  }

  /// The effective time zone (``MessagevisorModulePayload/timeZone``).
  public var timeZone: String {
    reference._withUnsafeGuaranteedRef { $0.fields.timeZone }
  }

  /// The root's shared formatter caches (``MessagevisorModulePayload/formatters``).
  public var formatters: NativeFormatters {
    reference._withUnsafeGuaranteedRef { $0.fields.formatters }
  }

  /// `moduleOptions[name]`, without copying the module options.
  public func moduleOptions(for name: String) -> MessagevisorValue? {
    reference._withUnsafeGuaranteedRef { environment in
      let options = environment.fields.moduleOptions
      return options.isEmpty ? nil : options[name]
    }
  }
}

extension MessagevisorModulePayload {
  /// Calls `body` with a borrowed view of this payload's environment: how a module's public
  /// `format` hook shares its code with its ``MessagevisorModule/borrowingFormat`` hook.
  @_spi(MessagevisorModules) public func withEnvironment<Result>(
    _ body: (borrowing MessagevisorModuleEnvironment) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(environment) {
      try body(MessagevisorModuleEnvironment(.passUnretained(environment), messageKey: messageKey))
    }
  }
}
