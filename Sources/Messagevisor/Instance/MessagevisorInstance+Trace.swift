extension MessagevisorInstance {
  /// Explains what ``translate(_:values:options:)`` picks for `key` with the same `options`, and
  /// why: the source it chose (an override, the base translation, the engine's default
  /// translation, the per-call default or the key), the locale it read, the text before modules
  /// run, and every override of the message with each condition's and segment's result in the
  /// merged instance and per-call context.
  ///
  /// The trace is made by the resolver `translate` uses, so its ``TranslationTrace/text`` is what
  /// ``getRawTranslation(_:options:)`` returns for the same inputs. It reports no diagnostics
  /// (no `message_override_matched`, `deprecated_message` or `missing_translation`) and runs no
  /// module. Only `locale`, `context` and `defaultTranslation` of `options` affect it.
  ///
  /// ```swift
  /// let trace = try m.traceTranslation(
  ///   "checkout.title", options: TranslateOptions(context: ["plan": "pro"]))
  /// if case .override(let key, _) = trace.source { print("override \(key)") }
  /// ```
  /// - Throws: after `missing_locale`, as `translate` does, when no locale is known.
  public final func traceTranslation(
    _ key: String, options: TranslateOptions = TranslateOptions()
  ) throws -> TranslationTrace {
    let recorder = TranslationTraceRecorder()
    let resolved = try locked {
      try resolveLocked(
        key, locale: options.locale, context: options.context,
        defaultTranslation: options.defaultTranslation, recorder: recorder)
    }
    return TranslationTrace(
      key: key, locale: resolved.locale, text: resolved.text, source: recorder.source,
      hasDatafile: recorder.hasDatafile, deprecated: recorder.deprecated,
      overrides: recorder.overrides)
  }

  /// Every override of `key`'s message in `store`, explained by ``ConditionExplainer`` with the
  /// evaluator the override program uses for trees (instance and per-call context, the store's
  /// segments, the shared resolvers and caches); `chosen` is the override the program selected
  /// (caller holds the lock).
  final func explainOverridesLocked(
    _ key: String, store: LocaleStore, callContext: MessagevisorContext?, chosen: Int?
  ) -> [OverrideTrace] {
    guard let overrides = store.content.messageTable[key]?.overrides, !overrides.isEmpty else {
      return []
    }
    return ConditionEvaluator.withRegexBudget { budget in
      let explainer = ConditionExplainer(
        evaluator: ConditionEvaluator(
          instanceContext: context, callContext: callContext, segments: store.segments,
          resolveFlag: core.flagResolver, resolveVariation: core.variationResolver,
          caches: core.caches, regexBudget: budget))
      return overrides.enumerated().map { index, override in
        let conditions = override.conditions.map { explainer.explain($0, depth: 0) }
        let segments = override.segments.map { explainer.explain($0, depth: 0) }
        return OverrideTrace(
          key: override.key, index: index, translation: override.translation,
          conditions: conditions, segments: segments,
          matched: (conditions?.matched ?? true) && (segments?.matched ?? true),
          chosen: index == chosen)
      }
    }
  }
}
