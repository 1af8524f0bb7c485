extension MessagevisorInstance {
  /// A resolved translation before modules run.
  struct Resolved {
    var text: String
    var locale: String
    var meta: [String: MessagevisorValue]?
  }

  /// Translates `key`: first matching override, base translation, default translations, then
  /// (after a `missing_datafile`/`missing_translation` diagnostic) the per-call default or the key;
  /// then runs the module pipeline.
  /// - Throws: after `missing_locale` when no locale is known; rethrows a failing module hook.
  @inlinable
  public final func translate(
    _ key: String, values: MessagevisorValues = [:], options: TranslateOptions = TranslateOptions()
  ) throws -> String {
    try translateFully(
      key, values: values, locale: options.locale, context: options.context,
      defaultTranslation: options.defaultTranslation, formats: options.formats,
      moduleOptions: options.moduleOptions, currency: options.currency,
      timeZone: options.timeZone)
  }

  /// Translates `key` with `values` and no per-call options: the same as
  /// ``translate(_:values:options:)`` with default options, without building an options value
  /// per call.
  @inlinable
  public final func translate(_ key: String, values: MessagevisorValues) throws -> String {
    try translateValues(key, values)
  }

  /// Alias of ``translate(_:values:)``.
  @inlinable
  public final func t(_ key: String, values: MessagevisorValues) throws -> String {
    try translate(key, values: values)
  }

  /// ``translate(_:values:)``: `values` is passed by address and owned by this function, which
  /// destroys it. A literal at the call site is built where it is passed: borrowed, the caller
  /// moved it to a second stack slot first (its destruction after the call kept the first one
  /// alive), a 96-byte copy whose loads of just-stored fields stall store forwarding. The cost is
  /// on values reused across calls, which the caller now copies (retains) for each call. (Taken
  /// apart into owned fields, the copies and the destruction of the rest cost the call site five
  /// runtime calls.)
  @usableFromInline
  @inline(never)
  final func translateValues(_ key: String, _ values: __owned MessagevisorValues) throws -> String {
    core.lock.lock()
    return try translateFullyLocked(
      key, values: values, locale: nil, context: nil, defaultTranslation: nil, formats: nil,
      moduleOptions: nil, currency: nil, timeZone: nil)
  }

  /// Translates `key` in the active locale with no values or options (the hot path).
  public final func translate(_ key: String) throws -> String {
    core.lock.lock()
    if !core.hasModules, let text = activeTranslationLocked(key) {
      core.lock.unlock()
      return text
    }
    // Still locked: the full path continues under the same lock.
    return try translateFullyLocked(
      key, values: [:], locale: nil, context: nil, defaultTranslation: nil, formats: nil,
      moduleOptions: nil, currency: nil, timeZone: nil)
  }

  /// Alias of ``translate(_:)``.
  public final func t(_ key: String) throws -> String {
    try translate(key)
  }

  /// `translate` with the options taken apart, so no options value is copied on the hot path
  /// (the public entry point is inlinable, so a defaulted `options:` argument folds away).
  @usableFromInline
  @inline(never)
  final func translateFully(
    _ key: String, values: MessagevisorValues, locale callLocale: String?,
    context callContext: MessagevisorContext?, defaultTranslation: String?,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) throws -> String {
    core.lock.lock()
    return try translateFullyLocked(
      key, values: values, locale: callLocale, context: callContext,
      defaultTranslation: defaultTranslation, formats: formats, moduleOptions: moduleOptions,
      currency: currency, timeZone: timeZone)
  }

  /// ``translateFully(_:values:locale:context:defaultTranslation:formats:moduleOptions:currency:timeZone:)``
  /// after the lock is taken: releases it on every path.
  @inline(__always)
  private func translateFullyLocked(
    _ key: String, values: MessagevisorValues, locale callLocale: String?,
    context callContext: MessagevisorContext?, defaultTranslation: String?,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) throws -> String {
    // A key without message metadata in the active locale: no overrides, no diagnostics.
    if callLocale == nil, let active = activeLocale {
      var message: Unmanaged<LocaleStore.Message>?
      if let plain = activeEntryLocked(key, message: &message) {
        // The text is borrowed from the active store while the lock is held; it is copied only
        // where it leaves the lock (returned as it is, or for an unlocked pipeline).
        guard core.hasModules,
          !plain._withUnsafeGuaranteedRef({
            passesModulesUnchangedLocked($0.text, moduleOptions: moduleOptions)
          })
        else {
          let text = plain._withUnsafeGuaranteedRef { $0.text }
          core.lock.unlock()
          return text
        }
        if let environment = borrowableEnvironmentLocked(
          locale: active, formats: formats, moduleOptions: moduleOptions, currency: currency,
          timeZone: timeZone)
        {
          return try runBorrowingPipelineUnlocking(
            plain, values: values, source: .translation, messageKey: key, environment: environment)
        }
        // `runPipelineUnlocking` written out: as a call (inlined or not) it costs this path
        // 30–40 instructions (measured again with the module list in the environment).
        let text = plain._withUnsafeGuaranteedRef { $0.text }
        let environment = payloadEnvironmentLocked(
          locale: active, callFormats: formats, callCurrency: currency, callTimeZone: timeZone,
          moduleOptions: moduleOptions)
        core.lock.unlock()
        return try runPipeline(
          text, values: values, source: .translation, messageKey: key, meta: nil,
          environment: environment)
      }
      // A message found by the same lookup, without a per-call context: resolved here, not
      // looked up again by the full resolver.
      if let message, callContext == nil {
        return try translateMessageLocked(
          message, key: key, locale: active, values: values, formats: formats,
          moduleOptions: moduleOptions, currency: currency, timeZone: timeZone)
      }
    }
    return try translateResolvingLocked(
      key, values: values, locale: callLocale, context: callContext,
      defaultTranslation: defaultTranslation, formats: formats, moduleOptions: moduleOptions,
      currency: currency, timeZone: timeZone)
  }

  /// Steps 1–2 and the module pipeline for `message`, the active store's entry of `key`, without
  /// per-call locale or context (caller holds the lock; released on every path). Out of line, so
  /// that the plain-key path above keeps its size. Without a base translation an unmatched message
  /// goes on to the fallbacks (the full path), so no override is evaluated twice.
  ///
  /// The message and the active store are borrowed, not retained (see
  /// ``activeMessageTranslationLocked(_:key:locale:meta:)``).
  @inline(never)
  private func translateMessageLocked(
    _ message: Unmanaged<LocaleStore.Message>, key: String, locale: String,
    values: MessagevisorValues, formats: FormatPresets?,
    moduleOptions: [String: MessagevisorValue]?, currency: String?, timeZone: String?
  ) throws -> String {
    var meta: [String: MessagevisorValue]?
    guard
      let text = activeMessageTranslationLocked(message, key: key, locale: locale, meta: &meta)
    else {
      return try translateResolvingLocked(
        key, values: values, locale: nil, context: nil, defaultTranslation: nil,
        formats: formats, moduleOptions: moduleOptions, currency: currency, timeZone: timeZone)
    }
    guard core.hasModules else {
      core.lock.unlock()
      return text
    }
    return try runPipelineUnlocking(
      text, values: values, source: .translation, messageKey: key, meta: meta, locale: locale,
      formats: formats, moduleOptions: moduleOptions, currency: currency, timeZone: timeZone)
  }

  /// Steps 1–2 for `message`, the active store's compiled entry of `key`, with the instance
  /// context (caller holds the lock): the first matching override or the base translation, with
  /// their diagnostics; `meta` receives the message's metadata. `nil` when the message has no
  /// base translation (an unmatched override then falls back: the caller takes the full path,
  /// so no override is evaluated twice) or there is no active store.
  ///
  /// Borrows the message and the active store (which owns it) instead of retaining them: two
  /// atomic reference-count pairs per call, a third of a child translate's time. Nothing here
  /// runs outside code except diagnostic handlers and condition resolvers, which may store
  /// datafiles (releasing the store); those paths hold both first
  /// (``reportResolutionLocked(_:key:locale:matched:)``, ``firstMatchingOverrideLocked(_:store:callContext:)``).
  @inline(__always)
  final func activeMessageTranslationLocked(
    _ message: Unmanaged<LocaleStore.Message>, key: String, locale: String,
    meta: inout [String: MessagevisorValue]?
  ) -> String? {
    guard let store = cachedStoreReference else { return nil }
    return message._withUnsafeGuaranteedRef { message -> String? in
      guard message.translation != nil else { return nil }
      meta = message.meta
      return store._withUnsafeGuaranteedRef { store in
        resolveMessageLocked(
          message, key: key, locale: locale, store: store, callContext: nil,
          recorder: UntracedResolution())
      }
    }
  }

  /// The rest of ``translateFullyLocked(_:values:locale:context:defaultTranslation:formats:moduleOptions:currency:timeZone:)``
  /// (overrides, fallbacks, diagnostics), out of line: inlined, its copy of `values` was made on
  /// entry to every call, and the copy's wide loads of the caller's just-written literal stall
  /// on store forwarding.
  @inline(never)
  private func translateResolvingLocked(
    _ key: String, values: MessagevisorValues, locale callLocale: String?,
    context callContext: MessagevisorContext?, defaultTranslation: String?,
    formats: FormatPresets?, moduleOptions: [String: MessagevisorValue]?, currency: String?,
    timeZone: String?
  ) throws -> String {
    let resolved: Resolved
    do {
      resolved = try resolveLocked(
        key, locale: callLocale, context: callContext, defaultTranslation: defaultTranslation,
        recorder: UntracedResolution())
    } catch {
      core.lock.unlock()
      throw error
    }
    if !core.hasModules {
      core.lock.unlock()
      return resolved.text
    }
    return try runPipelineUnlocking(
      resolved.text, values: values, source: .translation, messageKey: key, meta: resolved.meta,
      locale: resolved.locale, formats: formats, moduleOptions: moduleOptions, currency: currency,
      timeZone: timeZone)
  }

  /// Alias of ``translate(_:values:options:)``.
  @inlinable
  public final func t(
    _ key: String, values: MessagevisorValues = [:], options: TranslateOptions = TranslateOptions()
  ) throws -> String {
    try translate(key, values: values, options: options)
  }

  /// The string `translate` would hand to modules (the key when missing), without running them.
  public final func getRawTranslation(
    _ key: String, options: TranslateOptions = TranslateOptions()
  ) throws -> String {
    if options.locale == nil, let text = fastRawTranslation(key) { return text }
    return try locked {
      try resolveLocked(
        key, locale: options.locale, context: options.context,
        defaultTranslation: options.defaultTranslation, recorder: UntracedResolution()
      ).text
    }
  }

  /// Runs `message` through the module pipeline with `source: formatMessage`.
  public final func formatMessage(
    _ message: String, values: MessagevisorValues = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    core.lock.lock()
    let locale: String
    do {
      locale = try evaluationLocaleLocked(options.locale)
    } catch {
      core.lock.unlock()
      throw error
    }
    if core.modules.isEmpty {
      core.lock.unlock()
      return message
    }
    return try runPipelineUnlocking(
      message, values: values, source: .formatMessage, messageKey: nil, meta: nil, locale: locale,
      formats: options.formats, moduleOptions: options.moduleOptions, currency: options.currency,
      timeZone: options.timeZone)
  }

  /// Steps 1–2 of spec §3.3 for `key` in the active store with no per-call context, in one key
  /// lookup (caller holds the lock): the plain translation, or the message's first matching
  /// override or base translation with its diagnostics; `nil`, before doing anything, when the
  /// key is not found by its bytes or resolves through the fallbacks (the caller then takes the
  /// full path).
  @inline(__always)
  final func activeTranslationLocked(_ key: String) -> String? {
    var message: Unmanaged<LocaleStore.Message>?
    let plain = activeEntryLocked(key, message: &message)
    guard let message else { return plain?._withUnsafeGuaranteedRef { $0.text } }
    guard let locale = activeLocale else { return nil }
    var meta: [String: MessagevisorValue]?
    return activeMessageTranslationLocked(message, key: key, locale: locale, meta: &meta)
  }

  /// One lookup of `key` in the active store by its bytes (caller holds the lock; borrows the
  /// store): the translation of a key without message metadata (borrowed from the store, valid
  /// while the lock is held), or `nil` with `message` set to the key's compiled message (borrowed
  /// too); `nil` and no message when the key is not found by its bytes.
  @inline(__always)
  final func activeEntryLocked(
    _ key: String, message: inout Unmanaged<LocaleStore.Message>?
  ) -> Unmanaged<LocaleStore.PlainText>? {
    if cachedGeneration != core.generation { _ = refreshActiveStoreLocked() }
    guard let reference = cachedStoreReference else { return nil }
    return reference._withUnsafeGuaranteedRef { store -> Unmanaged<LocaleStore.PlainText>? in
      guard let position = store.position(of: key) else { return nil }
      let slot = store.messageSlots[position]
      if slot < 0 { return store.plainTexts[position] }
      message = store.messageReferences[Int(slot)]
      return nil
    }
  }

  /// Steps 1–2 for a key with message metadata: the first matching override (reporting
  /// `message_override_matched`), else the base translation, with `deprecated_message`; `nil`
  /// when neither gives a text (caller holds the lock). A recording `recorder` gets the choice
  /// and every override explained, and no diagnostic is reported.
  @inline(__always)
  private func resolveMessageLocked<Recorder: ResolutionRecorder>(
    _ message: LocaleStore.Message, key: String, locale: String, store: LocaleStore,
    callContext: MessagevisorContext?, recorder: Recorder
  ) -> String? {
    let matched =
      message.hasOverrides
      ? firstMatchingOverrideLocked(message, store: store, callContext: callContext) : nil
    if recorder.isRecording {
      recorder.explained(
        explainOverridesLocked(
          key, store: store, callContext: callContext, chosen: matched),
        deprecated: message.deprecated)
      if let matched {
        recorder.chose(.override(key: message.overrideKeys[matched], index: matched))
        return message.overrideTranslations[matched]
      }
      guard let translation = message.translation else { return nil }
      recorder.chose(.translation)
      return translation
    }
    if let matched {
      let text = message.overrideTranslations[matched]
      if message.deprecated || wantsDiagnosticLocked(.debug) {
        reportResolutionLocked(message, key: key, locale: locale, matched: matched)
      }
      return text
    }
    guard let translation = message.translation else { return nil }
    if message.deprecated {
      reportResolutionLocked(message, key: key, locale: locale, matched: nil)
    }
    return translation
  }

  /// Reports `message_override_matched` (debug) for the override at `matched`, then
  /// `deprecated_message` (caller holds the lock). Holds `message` while the handlers run: they
  /// may store datafiles and release the store that owns it (callers borrow it).
  @inline(never)
  private func reportResolutionLocked(
    _ message: LocaleStore.Message, key: String, locale: String, matched: Int?
  ) {
    let held = Unmanaged.passRetained(message)
    defer { held.release() }
    if let matched, wantsDiagnosticLocked(.debug) {
      reportLocked(
        level: .debug, code: "message_override_matched", message: "Message override matched",
        details: [
          "locale": .string(locale), "messageKey": .string(key),
          "overrideKey": .string(message.overrideKeys[matched]),
        ])
    }
    reportDeprecationLocked(message, key: key, locale: locale)
  }

  /// Lookup steps 1–6 of spec §3.3 (caller holds the lock): the one resolver of `translate`,
  /// `getRawTranslation` and `traceTranslation`, which passes a recording `recorder` (diagnostics
  /// are then not reported).
  final func resolveLocked<Recorder: ResolutionRecorder>(
    _ key: String, locale callLocale: String?, context callContext: MessagevisorContext?,
    defaultTranslation: String?, recorder: Recorder
  ) throws -> Resolved {
    let locale: String
    let store: LocaleStore?
    if let callLocale {
      locale = callLocale
      store = core.builtStoreLocked(callLocale)
    } else if let active = activeLocale {
      locale = active
      store = activeStoreLocked()
    } else {
      locale = try evaluationLocaleLocked(nil)
      store = nil
    }
    var meta: [String: MessagevisorValue]?
    if let store, let entry = store.entry(for: key) {
      guard let message = entry.message else {
        if let translation = entry.translation {
          recorder.chose(.translation)
          return Resolved(text: translation, locale: locale, meta: nil)
        }
        return fallbackLocked(
          key, locale, hasDatafile: true, defaultTranslation: defaultTranslation, meta: nil,
          recorder: recorder)
      }
      meta = message.meta
      if let text = resolveMessageLocked(
        message, key: key, locale: locale, store: store, callContext: callContext,
        recorder: recorder)
      {
        return Resolved(text: text, locale: locale, meta: meta)
      }
    }
    return fallbackLocked(
      key, locale, hasDatafile: store != nil, defaultTranslation: defaultTranslation, meta: meta,
      recorder: recorder)
  }

  /// The index of the first override of `message` whose compiled program selects (caller holds
  /// the lock). Without a per-call context and without trees left to the evaluator, the
  /// attributes are read from the instance's context slots for `store` (each looked up in the
  /// context once until the context or the datafiles change); otherwise from slots on the stack
  /// for this call, with an evaluator (and this call's regex budget) when a plan kept a tree (its
  /// resolvers may call back into the engine, so the instance's slots are not used then, and the
  /// message and the store, which callers may borrow, are held).
  private func firstMatchingOverrideLocked(
    _ message: LocaleStore.Message, store: LocaleStore, callContext: MessagevisorContext?
  ) -> Int? {
    let program = message.program
    if callContext == nil, !program.needsEvaluator {
      let slots = contextSlotsLocked(store)
      return program.firstMatch(
        slots, resolve: { self.context[store.attributes[$0]] }, nil)
    }
    return firstMatchingOverrideHoldingLocked(message, store: store, callContext: callContext)
  }

  /// ``firstMatchingOverrideLocked(_:store:callContext:)`` with slots on the stack, holding the
  /// message and the store while resolvers may run.
  @inline(never)
  private func firstMatchingOverrideHoldingLocked(
    _ message: LocaleStore.Message, store: LocaleStore, callContext: MessagevisorContext?
  ) -> Int? {
    let heldMessage = Unmanaged.passRetained(message)
    let heldStore = Unmanaged.passRetained(store)
    defer {
      heldMessage.release()
      heldStore.release()
    }
    let program = message.program
    let attributes = store.attributes
    return withUnsafeTemporaryAllocation(
      of: MessagevisorValue??.self, capacity: attributes.count
    ) { slots in
      slots.initialize(repeating: .none)
      defer { slots.deinitialize() }
      let context = self.context
      guard program.needsEvaluator else {
        return program.firstMatch(slots, attributes, context, callContext, nil)
      }
      return ConditionEvaluator.withRegexBudget { budget in
        let evaluator = ConditionEvaluator(
          instanceContext: context, callContext: callContext,
          segments: store.segments, resolveFlag: core.flagResolver,
          resolveVariation: core.variationResolver, caches: core.caches, regexBudget: budget)
        return program.firstMatch(slots, attributes, context, callContext, evaluator)
      }
    }
  }

  /// Steps 3–6: the engine's default translation, else (after a `missing_datafile` or
  /// `missing_translation` diagnostic, unless `recorder` records) the per-call default or the key.
  private func fallbackLocked<Recorder: ResolutionRecorder>(
    _ key: String, _ locale: String, hasDatafile: Bool, defaultTranslation: String?,
    meta: [String: MessagevisorValue]?, recorder: Recorder
  ) -> Resolved {
    recorder.fellBack(hasDatafile: hasDatafile)
    if let text = core.defaultTranslations[locale]?[key] {
      recorder.chose(.defaultTranslation)
      return Resolved(text: text, locale: locale, meta: meta)
    }
    if recorder.isRecording {
      recorder.chose(defaultTranslation == nil ? .key : .callDefault)
      return Resolved(text: defaultTranslation ?? key, locale: locale, meta: meta)
    }
    let details: [String: MessagevisorValue] = [
      "locale": .string(locale), "messageKey": .string(key), "source": "translation",
    ]
    if hasDatafile {
      reportLocked(
        level: .error, code: "missing_translation", message: "Missing translation",
        details: details)
    } else {
      reportLocked(
        level: .error, code: "missing_datafile", message: "Datafile not found for locale",
        details: details)
    }
    return Resolved(text: defaultTranslation ?? key, locale: locale, meta: meta)
  }

  private func reportDeprecationLocked(
    _ message: LocaleStore.Message, key: String, locale: String
  ) {
    guard message.deprecated, wantsDiagnosticLocked(.warn) else { return }
    var details: [String: MessagevisorValue] = [
      "locale": .string(locale), "messageKey": .string(key), "source": "translation",
    ]
    if let warning = message.deprecationWarning { details["deprecationWarning"] = .string(warning) }
    reportLocked(
      level: .warn, code: "deprecated_message", message: "Deprecated message evaluated",
      details: details)
  }
}
