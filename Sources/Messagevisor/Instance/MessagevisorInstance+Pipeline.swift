extension MessagevisorInstance {
  /// Resolves the payload environment of `translation` under the lock the caller holds, releases
  /// the lock and runs the module pipeline; returns the final string. (The plain-key path of
  /// `translateFully` writes these steps out: a call there measurably costs the hot path.)
  final func runPipelineUnlocking(
    _ translation: String, values: MessagevisorValues, source: MessagevisorTranslationSource,
    messageKey: String?, meta: [String: MessagevisorValue]?, locale: String,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) throws -> String {
    if passesModulesUnchangedLocked(translation, moduleOptions: moduleOptions) {
      core.lock.unlock()
      return translation
    }
    if let environment = borrowableEnvironmentLocked(
      locale: locale, formats: formats, moduleOptions: moduleOptions, currency: currency,
      timeZone: timeZone)
    {
      return try runBorrowingPipelineUnlocking(
        translation, values: values, source: source, messageKey: messageKey,
        environment: environment)
    }
    let environment = payloadEnvironmentLocked(
      locale: locale, callFormats: formats, callCurrency: currency, callTimeZone: timeZone,
      moduleOptions: moduleOptions)
    core.lock.unlock()
    return try runPipeline(
      translation, values: values, source: source, messageKey: messageKey, meta: meta,
      environment: environment)
  }

  /// Whether every module would hand `translation` back unchanged without reporting anything:
  /// the modules declare the bytes they react to (``SharedCore/literalSyntax``), the text has none
  /// of them and the call passes no module options (caller holds the lock).
  @inline(__always)
  final func passesModulesUnchangedLocked(
    _ translation: String, moduleOptions: [String: MessagevisorValue]?
  ) -> Bool {
    guard let syntax = core.literalSyntax, moduleOptions?.isEmpty ?? true else { return false }
    return !syntax.occurs(in: translation)
  }

  /// The instance's cached environment for a call without per-call formats or module options,
  /// borrowed from the cache (caller holds the lock), when every module's hook borrows: then
  /// ``runBorrowingPipelineUnlocking(_:values:source:messageKey:environment:)`` runs them under
  /// the lock. `nil` otherwise (the pipeline then holds its own environment, unlocked).
  @inline(__always)
  final func borrowableEnvironmentLocked(
    locale: String, formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?,
    currency: String?, timeZone: String?
  ) -> Unmanaged<PayloadEnvironment>? {
    guard formats == nil, moduleOptions?.isEmpty ?? true else { return nil }
    // The cache is read without a retain (an atomic pair per call): `nil` is a miss, `.some(nil)`
    // a hit whose modules do not all borrow.
    let hit = cachedFormatsReference?._withUnsafeGuaranteedRef {
      cached -> Unmanaged<PayloadEnvironment>?? in
      guard
        cached.matches(
          locale: locale, generation: core.generation, callCurrency: currency,
          callTimeZone: timeZone, currency: self.currency, timeZone: self.timeZone)
      else { return .none }
      return .some(
        cached.environment.modulesBorrow ? Unmanaged.passUnretained(cached.environment) : nil)
    }
    if let hit { return hit }
    return borrowableNewEnvironmentLocked(locale: locale, currency: currency, timeZone: timeZone)
  }

  /// ``borrowableEnvironmentLocked(locale:formats:moduleOptions:currency:timeZone:)`` after a
  /// cache miss: resolves and caches the environment (out of line).
  @inline(never)
  private func borrowableNewEnvironmentLocked(
    locale: String, currency: String?, timeZone: String?
  ) -> Unmanaged<PayloadEnvironment>? {
    let environment = payloadEnvironmentLocked(
      locale: locale, callFormats: nil, callCurrency: currency, callTimeZone: timeZone,
      moduleOptions: nil)
    guard environment.modulesBorrow, cachedFormats?.environment === environment else { return nil }
    return Unmanaged.passUnretained(environment)
  }

  /// Runs the borrowing pipeline over `translation` while still holding the lock, on
  /// `environment` borrowed from ``cachedFormats`` (no atomic reference count per call: a pair
  /// was a tenth of a one-argument ICU message), then releases the lock. A hook that calls back
  /// into the engine on this thread may replace the cache: the replaced entry is retired until
  /// the outermost pipeline ends, so `environment` outlives every pipeline that reads it.
  @inline(never)
  final func runBorrowingPipelineUnlocking(
    _ translation: String, values: MessagevisorValues, source: MessagevisorTranslationSource,
    messageKey: String?, environment: Unmanaged<PayloadEnvironment>
  ) throws -> String {
    core.borrowingPipelines += 1
    defer { endBorrowingPipelineUnlocking() }
    return try environment._withUnsafeGuaranteedRef { environment in
      try runBorrowingPipeline(
        translation, values: values, source: source, messageKey: messageKey,
        environment: environment)
    }
  }

  /// ``runBorrowingPipelineUnlocking(_:values:source:messageKey:environment:)`` over a plain text
  /// of the active store, borrowed too (no retain of the text: a pair was 7 % of a one-argument ICU
  /// call). ``cachedStore`` holds the store, and a hook that replaces it retires it, so the text
  /// outlives the pipeline. The lock is released after both borrows end.
  @inline(never)
  final func runBorrowingPipelineUnlocking(
    _ translation: Unmanaged<LocaleStore.PlainText>, values: MessagevisorValues,
    source: MessagevisorTranslationSource, messageKey: String?,
    environment: Unmanaged<PayloadEnvironment>
  ) throws -> String {
    core.borrowingPipelines += 1
    defer { endBorrowingPipelineUnlocking() }
    return try environment._withUnsafeGuaranteedRef { environment in
      try translation._withUnsafeGuaranteedRef { translation in
        try runBorrowingPipeline(
          translation.text, values: values, source: source, messageKey: messageKey,
          environment: environment)
      }
    }
  }

  /// Ends a borrowing pipeline: releases the lock, and when it was the outermost one, the objects
  /// retired while it ran (after the lock: their deinitializers run no code under it).
  @inline(__always)
  private func endBorrowingPipelineUnlocking() {
    core.borrowingPipelines -= 1
    if core.borrowingPipelines == 0, !core.retired.isEmpty {
      releaseRetiredUnlocking()
    } else {
      core.lock.unlock()
    }
  }

  /// Releases the lock, then the objects retired while borrowing pipelines ran.
  @inline(never)
  private func releaseRetiredUnlocking() {
    var retired: [AnyObject] = []
    swap(&retired, &core.retired)
    core.lock.unlock()
    withExtendedLifetime(retired) {}
  }

  /// Runs every `format` hook, then every `transform` hook, over `translation`; `nil` keeps the
  /// current string. A throwing hook reports `invalid_message` on this instance and the original
  /// error is rethrown.
  ///
  /// When every module's format hook has a ``MessagevisorModule/borrowingFormat`` form and none
  /// transforms (the bundled modules), the hooks borrow `values` and read `environment` through a
  /// ``MessagevisorModuleEnvironment`` view, and no payload is built. Otherwise one payload, which
  /// owns both, goes through every hook.
  ///
  /// `translation` and `environment` are consumed: a payload takes them over without a copy.
  final func runPipeline(
    _ translation: consuming String, values: MessagevisorValues,
    source: MessagevisorTranslationSource, messageKey: String?,
    meta: [String: MessagevisorValue]?, environment: consuming PayloadEnvironment
  ) throws -> String {
    if environment.modulesBorrow {
      return try runBorrowingPipeline(
        translation, values: values, source: source, messageKey: messageKey,
        environment: environment)
    }
    return try runPayloadPipeline(
      translation, values: values, source: source, messageKey: messageKey, meta: meta,
      environment: environment)
  }

  /// The pipeline through one payload, out of line: inlined into the callers of
  /// ``runPipeline(_:values:source:messageKey:meta:environment:)``, the payload's copy of `values`
  /// was loaded on entry to every call, also when the borrowing pipeline runs instead (and those
  /// wide loads of the caller's just-written literal stall on store forwarding).
  @inline(never)
  private func runPayloadPipeline(
    _ translation: consuming String, values: MessagevisorValues,
    source: MessagevisorTranslationSource, messageKey: String?,
    meta: [String: MessagevisorValue]?, environment: consuming PayloadEnvironment
  ) throws -> String {
    var payload = MessagevisorModulePayload(
      translation: translation, values: values, source: source, messageKey: messageKey,
      meta: meta, environment: environment)
    try runPipeline(&payload)
    return payload.takeTranslation()
  }

  /// The pipeline of modules whose format hooks all have a ``MessagevisorModule/borrowingFormat``
  /// form and that have no `transform` hook (a module without a format hook is skipped).
  private func runBorrowingPipeline(
    _ translation: String, values: MessagevisorValues, source: MessagevisorTranslationSource,
    messageKey: String?, environment: PayloadEnvironment
  ) throws -> String {
    let view = MessagevisorModuleEnvironment(.passUnretained(environment), messageKey: messageKey)
    // The modules are those of the environment, which the caller holds for the whole call (the
    // pipeline never replaces it), read as plain references: nothing is retained. Until a hook
    // returns a new string the hooks read `translation` itself (no copy of it per call).
    var current: String?
    for registration in environment.moduleReferences {
      do {
        let output: String?
        if let text = current {
          output = try registration._withUnsafeGuaranteedRef {
            try $0.runBorrowingFormat(text, values, view)
          }
        } else {
          output = try registration._withUnsafeGuaranteedRef {
            try $0.runBorrowingFormat(translation, values, view)
          }
        }
        if let output { current = output }
      } catch {
        reportHookFailure(
          error, hook: "format", registration: registration.takeUnretainedValue(),
          locale: environment.fields.locale, messageKey: messageKey, source: source)
        throw error
      }
    }
    return current ?? translation
  }

  /// Runs every `format` hook, then every `transform` hook, over `payload`; `nil` keeps the
  /// current string.
  ///
  /// The payload is a local `inout` value: each hook borrows it without a copy, and a hook's output
  /// is stored in place.
  private func runPipeline(_ payload: inout MessagevisorModulePayload) throws {
    // The modules are those of the payload's environment, which the payload holds for the whole
    // call (the pipeline never replaces it), read as plain references: nothing is retained.
    let modules = payload.environment.moduleReferences
    for registration in modules {
      guard registration._withUnsafeGuaranteedRef({ $0.module.formatHook != nil }) else {
        continue
      }
      do {
        if let output = try registration._withUnsafeGuaranteedRef({ try $0.runFormat(payload) }) {
          payload.translation = output
        }
      } catch {
        reportHookFailure(
          error, hook: "format", registration: registration.takeUnretainedValue(),
          locale: payload.locale, messageKey: payload.messageKey, source: payload.source)
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
          locale: payload.locale, messageKey: payload.messageKey, source: payload.source)
        throw error
      }
    }
  }

  private func reportHookFailure(
    _ error: any Error, hook: String, registration: ModuleRegistration, locale: String,
    messageKey: String?, source: MessagevisorTranslationSource
  ) {
    var details: [String: MessagevisorValue] = [
      "locale": .string(locale),
      "messageKey": messageKey.map { .string($0) } ?? .null,
      "source": .string(source.rawValue),
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
