extension MessagevisorInstance {
  /// Builds the payload of `translation` under the lock the caller holds, releases the lock and
  /// runs the module pipeline; returns the final string. (The plain-key path of `translateFully`
  /// writes these steps out: a call there measurably costs the hot path.)
  final func runPipelineUnlocking(
    _ translation: String, values: MessagevisorValues, source: MessagevisorTranslationSource,
    messageKey: String?, meta: [String: MessagevisorValue]?, locale: String,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) throws -> String {
    var payload = MessagevisorModulePayload(
      translation: translation, values: values, source: source, messageKey: messageKey,
      meta: meta,
      environment: payloadEnvironmentLocked(
        locale: locale, callFormats: formats, callCurrency: currency, callTimeZone: timeZone,
        moduleOptions: moduleOptions))
    core.lock.unlock()
    try runPipeline(&payload)
    return payload.takeTranslation()
  }

  /// Runs every `format` hook, then every `transform` hook, over `payload`; `nil` keeps the
  /// current string. A throwing hook reports `invalid_message` on this instance and the original
  /// error is rethrown.
  ///
  /// The payload is a local `inout` value: each hook borrows it without a copy, and a hook's output
  /// is stored in place.
  final func runPipeline(_ payload: inout MessagevisorModulePayload) throws {
    // The modules are those of the payload's environment, which the payload holds for the whole
    // call (the pipeline never replaces it), read as plain references: nothing is retained.
    let modules = payload.environment.moduleReferences
    for registration in modules {
      guard registration._withUnsafeGuaranteedRef({ $0.module.format != nil }) else { continue }
      do {
        if let output = try registration._withUnsafeGuaranteedRef({ try $0.runFormat(payload) }) {
          payload.translation = output
        }
      } catch {
        reportHookFailure(
          error, hook: "format", registration: registration.takeUnretainedValue(),
          payload: payload)
        throw error
      }
    }
    for registration in modules {
      guard registration._withUnsafeGuaranteedRef({ $0.module.transform != nil }) else {
        continue
      }
      do {
        if let output = try registration._withUnsafeGuaranteedRef({
          try $0.runTransform(payload)
        }) {
          payload.translation = output
        }
      } catch {
        reportHookFailure(
          error, hook: "transform", registration: registration.takeUnretainedValue(),
          payload: payload)
        throw error
      }
    }
  }

  private func reportHookFailure(
    _ error: any Error, hook: String, registration: ModuleRegistration,
    payload: MessagevisorModulePayload
  ) {
    var details: [String: MessagevisorValue] = [
      "locale": .string(payload.locale),
      "messageKey": payload.messageKey.map { .string($0) } ?? .null,
      "source": .string(payload.source.rawValue),
      "hook": .string(hook),
    ]
    if let name = registration.module.name { details["moduleName"] = .string(name) }
    locked {
      reportLocked(
        level: .error, code: "invalid_message",
        message: hook == "format" ? "Unable to format message" : "Unable to transform message",
        details: details, module: registration.module.name, originalError: error)
    }
  }
}
