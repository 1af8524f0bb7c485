extension MessagevisorInstance {
  /// A module pipeline run prepared under the lock and executed outside it.
  struct PipelineJob {
    var payload: MessagevisorModulePayload
    var modules: [ModuleRegistration]
  }

  final func pipelineJobLocked(
    translation: String, values: MessagevisorValues, locale: String,
    source: MessagevisorTranslationSource, messageKey: String?, meta: [String: MessagevisorValue]?,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) -> PipelineJob {
    let payload = MessagevisorModulePayload(
      translation: translation, values: values, locale: locale, source: source,
      messageKey: messageKey, meta: meta,
      formatsBox: cachedEvaluationFormatsLocked(
        locale: locale, callFormats: formats, callCurrency: currency, callTimeZone: timeZone),
      moduleOptions: moduleOptions ?? [:], currency: currency ?? self.currency,
      timeZone: timeZone ?? self.timeZone ?? core.hostTimeZone, formatters: core.formatters)
    return PipelineJob(payload: payload, modules: core.modules)
  }

  /// Runs every `format` hook, then every `transform` hook; `nil` keeps the current string. A
  /// throwing hook reports `invalid_message` on this instance and the original error is rethrown.
  ///
  /// The job is `inout` so its payload stays uniquely referenced: a hook borrows it, and storing a
  /// hook's output then mutates the payload in place instead of copying it.
  final func runPipeline(_ job: inout PipelineJob) throws -> String {
    let modules = job.modules
    for registration in modules {
      guard let format = registration.module.format else { continue }
      do {
        if let output = try format(job.payload, registration.api) {
          job.payload.translation = output
        }
      } catch {
        reportHookFailure(error, hook: "format", registration: registration, payload: job.payload)
        throw error
      }
    }
    for registration in modules {
      guard let transform = registration.module.transform else { continue }
      do {
        if let output = try transform(job.payload, registration.api) {
          job.payload.translation = output
        }
      } catch {
        reportHookFailure(
          error, hook: "transform", registration: registration, payload: job.payload)
        throw error
      }
    }
    return job.payload.translation
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
