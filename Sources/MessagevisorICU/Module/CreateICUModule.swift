@_spi(MessagevisorModules) import Messagevisor

/// Creates the ICU MessageFormat module named `"icu"` that ignores tags.
///
/// Equivalent to `createICUModule(name: "icu", ignoreTags: true)`.
public func createICUModule() -> MessagevisorModule {
  createICUModule(name: "icu", ignoreTags: true)
}

/// Creates an ICU MessageFormat module.
///
/// Its `format` hook compiles the current translation once into a bounded cache
/// (``ICUMessageCache``, 500 messages) and evaluates it for both `translate` and `formatMessage`:
/// simple arguments, `number`/`date`/`time` with built-in styles, named presets and skeletons,
/// `plural`/`selectordinal`/`select` with `=N`, `offset:` and `#`, nesting and ICU apostrophe
/// quoting. Numbers, dates and plural categories come from the root's shared native formatters, so
/// results (including time zones) agree with the direct formatter helpers.
///
/// Each thread that formats keeps its own small state per module (the 64 most recent compiled
/// messages, plural categories of small integers, prepared number and date formats), released when
/// the thread exits: a cached message is formatted without taking a lock.
///
/// Diagnostics: unsupported skeleton tokens and unsupported formatter options are reported as
/// `unsupported_formatter` (warn); formatter failures and invalid dates as `invalid_format`
/// (error), with the key of the message (`messageKey`) and the locale. Parse errors (``ICUParseError``), missing or invalid values and unsupported skeletons
/// (``ICUFormatError``) are thrown; the engine then reports `invalid_message` with the module name
/// and hook and rethrows the original error.
///
/// - Parameters:
///   - name: The module name; per-call options are read from `moduleOptions[name]`.
///   - ignoreTags: With `true` (default) tags such as `<b>` are literal text. With `false`, or when
///     a call passes `moduleOptions[name] = ["ignoreTags": false]`, a message with tags reports
///     `unsupported_formatter` ("Rich ICU tag callbacks are not supported by the Swift string
///     API") and its tags stay literal.
public func createICUModule(name: String = "icu", ignoreTags: Bool = true) -> MessagevisorModule {
  let formatter = ICUMessageFormatter()
  let format: MessagevisorModule.BorrowingHook = { text, values, environment, api in
    var tagsIgnored = ignoreTags
    if environment.hasModuleOptions,
      let flag = environment.moduleOptions(for: name)?.objectValue?["ignoreTags"]?.boolValue
    {
      tagsIgnored = flag
    }
    var notes: [ICUEvaluationNote] = []
    // Notes are reported after the evaluation, also when it throws (not in a `defer`, which
    // would run an outlined call on every message).
    do {
      let output = try formatter.format(
        text, values, environment, ignoreTags: tagsIgnored, notes: &notes)
      if !notes.isEmpty { report(notes, api, messageKey: environment.messageKey) }
      return output
    } catch {
      report(notes, api, messageKey: environment.messageKey)
      throw error
    }
  }
  var module = MessagevisorModule(
    name: name,
    format: { payload, api in
      try payload.withEnvironment { environment in
        try format(payload.translation, payload.values, environment, api)
      }
    })
  // The engine runs this one: the same hook without building a payload per call.
  module.borrowingFormat = format
  // A text without `{` or `'` (nor `<` when tags are reported) is its own output, with no note.
  module.literalTextSyntax = ignoreTags ? ICUMessageFormatter.syntax : ICUMessageFormatter.tagSyntax
  return module
}

/// Reports the notes of one evaluation through the module's API, naming the message they came
/// from (`messageKey`) when the engine passed one.
@inline(never)
private func report(
  _ notes: [ICUEvaluationNote], _ api: MessagevisorModuleApi, messageKey: String?
) {
  for note in notes {
    var details = note.details
    if let messageKey, details["messageKey"] == nil { details["messageKey"] = .string(messageKey) }
    api.reportDiagnostic(
      MessagevisorDiagnostic(
        level: note.isError ? .error : .warn, code: note.code, message: note.message,
        details: details))
  }
}
