import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Evaluates a compiled message (``ICUProgram``) against a module call's inputs: its values,
/// locale, time zone, currency, format presets and shared native formatters.
///
/// The inputs and the program are passed down as (borrowed) parameters rather than stored, and
/// the memos are held unmanaged, so evaluation retains nothing per call.
/// Only the evaluated path is visited: unselected branches and quoted text never look at values.
/// Diagnostics are collected in ``notes`` for the caller to report.
struct ICUEvaluator {
  /// The small-integer memo for plural arguments, and the prepared number and date formats per
  /// argument style, locale, currency, time zone and presets. Unmanaged, and used through
  /// ``memo`` and ``prepared`` without a retain: the thread state that owns both is borrowed for
  /// the whole evaluation.
  private let memoReference: Unmanaged<SmallNumberMemo>
  private let preparedReference: Unmanaged<PreparedFormatMemo>
  /// Where concatenated output goes while it fits (the thread state's, reused by every evaluation
  /// on the thread: evaluations never nest, they call no outside code).
  private let outputBuffer: UnsafeMutableBufferPointer<UInt8>
  /// Diagnostics to report, in order.
  var notes: [ICUEvaluationNote] = []

  private static let cardinalOptions: FormatOptions = ["type": "cardinal"]
  private static let ordinalOptions: FormatOptions = ["type": "ordinal"]
  private static let emptyOptions: FormatOptions = [:]

  init(
    memo: SmallNumberMemo, prepared: PreparedFormatMemo,
    outputBuffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    memoReference = Unmanaged.passUnretained(memo)
    preparedReference = Unmanaged.passUnretained(prepared)
    self.outputBuffer = outputBuffer
  }

  /// Calls `body` with the small-number memo, borrowed.
  @inline(__always)
  private func memo<Result>(_ body: (SmallNumberMemo) -> Result) -> Result {
    memoReference._withUnsafeGuaranteedRef(body)
  }

  /// Calls `body` with the prepared-format memo, borrowed.
  @inline(__always)
  private func prepared<Result>(_ body: (PreparedFormatMemo) -> Result) -> Result {
    preparedReference._withUnsafeGuaranteedRef(body)
  }

  /// Renders a compiled message.
  mutating func evaluate(
    _ program: ICUProgram, _ values: MessagevisorValues,
    _ p: borrowing MessagevisorModuleEnvironment
  )
    throws(ICUFormatError) -> String
  {
    if let text = program.literalText { return text }
    var output = ICUOutput(buffer: outputBuffer)
    try run(program, program.top, pound: nil, to: &output, values, p)
    return output.finish()
  }

  /// The bytes of output concatenated in the thread state's buffer; longer output continues in a
  /// heap string.
  static let outputBufferSize = 512

  /// The value `#` stands for inside the current plural branch, with its text when memoized.
  struct Pound {
    var value: Double
    var text: String?
  }

  /// Appends the output of `branch`'s operations. Operations are plain values and the program's
  /// tables are read in place, so nothing is copied per operation.
  private mutating func run(
    _ program: ICUProgram, _ branch: ICUProgram.Branch, pound: Pound?, to output: inout ICUOutput,
    _ values: MessagevisorValues, _ p: borrowing MessagevisorModuleEnvironment
  ) throws(ICUFormatError) {
    var index = Int(branch.start)
    let end = Int(branch.end)
    while index < end {
      let operation = program.operations[index]
      index += 1
      let name = Int(operation.name)
      let detail = Int(operation.detail)
      switch operation.code {
      case .literal:
        output.append(program.strings[name])
      case .argument:
        // The value is read in place and a string appended as it is: nothing is copied.
        let argument = program.strings[name]
        let found: Void? = values.withValue(forKey: argument) { value in
          ICUValueText.append(value, to: &output)
        }
        if found == nil { throw .missingValue(argument: argument) }
      case .pound:
        if let text = pound?.text {
          output.append(text)
        } else if let pound {
          output.append(try formatDecimal(pound.value, argument: "#", p))
        }
      case .number:
        output.append(
          try formatNumber(program.strings[name], program.numberReferences[detail], values, p))
      case .date, .time:
        output.append(
          try formatDateTime(
            program.strings[name], style: program.dateStyles[detail],
            time: operation.code == .time, values, p))
      case .plural:
        try runPlural(program, program.plurals[detail], name: name, to: &output, values, p)
      case .select:
        let selected = try value(program.strings[name], values)
        let select = program.selects[detail]
        let key = selected.stringValue ?? ICUValueText.render(selected)
        try run(
          program, select.branches[key] ?? select.other, pound: pound, to: &output, values, p)
      }
    }
  }

  /// Selects and runs a plural or selectordinal branch: `=N` first (on the raw value), then the
  /// CLDR category of the value minus the offset, memoized for small integers.
  private mutating func runPlural(
    _ program: ICUProgram, _ plural: ICUProgram.Plural, name: Int, to output: inout ICUOutput,
    _ values: MessagevisorValues, _ p: borrowing MessagevisorModuleEnvironment
  ) throws(ICUFormatError) {
    let argument = program.strings[name]
    let number = try numericValue(
      argument, for: plural.ordinal ? "selectordinal" : "plural", values)
    let adjusted = number - plural.offset
    var exact = Int(plural.exactStart)
    while exact < Int(plural.exactEnd) {
      if program.exact[exact].value == number {
        try run(
          program, program.exact[exact].branch, pound: Pound(value: adjusted), to: &output,
          values, p)
        return
      }
      exact += 1
    }
    var hit = SmallNumberMemo.PluralHit()
    let small = Self.smallInteger(adjusted)
    if let small {
      hit = memo { $0.plural(small, ordinal: plural.ordinal, locale: p.locale) }
    }
    let slot: ICUPlural.Slot
    if let memoized = hit.slot {
      slot = memoized
    } else {
      let noteCount = notes.count
      let category = try pluralCategory(
        adjusted, ordinal: plural.ordinal, argument: argument, p)
      slot = ICUPlural.Slot(category: category)
      if let small, notes.count == noteCount {
        memo { $0.storeCategory(slot, small, ordinal: plural.ordinal, locale: p.locale) }
      }
    }
    try run(
      program, plural.branch(at: slot), pound: Pound(value: adjusted, text: hit.text),
      to: &output, values, p)
  }

  // MARK: Values

  private func value(_ name: String, _ values: MessagevisorValues) throws(ICUFormatError)
    -> MessagevisorValue
  {
    guard let value = Self.lookup(name, in: values) else { throw .missingValue(argument: name) }
    return value
  }

  /// `values[name]` (a handful of values are compared key by key, without hashing).
  @inline(__always)
  static func lookup(_ name: String, in values: MessagevisorValues) -> MessagevisorValue? {
    values[name]
  }

  private func numericValue(
    _ name: String, for type: String, _ values: MessagevisorValues
  ) throws(ICUFormatError) -> Double {
    let value = try value(name, values)
    switch value {
    case .int(let number): return Double(number)
    case .double(let number): return number
    case .string(let text):
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty, let number = Double(trimmed) { return number }
    default: break
    }
    throw .invalidValue(
      argument: name, expected: "a number for \(type)", actual: Self.describe(value))
  }

  static func describe(_ value: MessagevisorValue) -> String {
    switch value {
    case .string(let text): return "the string \"\(text.prefix(40))\""
    case .int, .double: return "the number \(ICUValueText.render(value))"
    case .bool(let flag): return "the boolean \(flag)"
    case .date: return "a date"
    case .array: return "an array"
    case .object: return "an object"
    case .null: return "null"
    }
  }

  // MARK: Numbers and plurals

  private mutating func formatNumber(
    _ name: String, _ reference: Unmanaged<ICUProgram.NumberOperand>, _ values: MessagevisorValues,
    _ p: borrowing MessagevisorModuleEnvironment
  ) throws(ICUFormatError)
    -> String
  {
    let value = try numericValue(name, for: "number", values)
    // The memoised case reads the operand in place (the program owns it for the whole
    // evaluation); the rest copies what it needs.
    if let hit = reference._withUnsafeGuaranteedRef({ operand in
      operand.unsupportedTokens.isEmpty
        ? memoisedText(
          value * operand.scale, operand.memoKind, style: operand.style,
          presets: operand.kind == .named ? p.formats.number : nil,
          currency: operand.kind == .named ? p.currency : nil, p) : nil
    }) {
      if hit.unsupported { appendMemoisedUnsupported(hit.prepared, argument: name, p) }
      return hit.text
    }
    let operand = reference.takeUnretainedValue()
    switch operand.kind {
    case .none:
      return try formatPrepared(
        value, .numberDefault, style: "", argument: name, presets: nil, currency: nil, p
      ) { Self.emptyOptions }
    case .named:
      return try formatPrepared(
        value, .numberNamed, style: operand.style, argument: name, presets: p.formats.number,
        currency: p.currency, p
      ) { Self.numberOptions(named: operand.style, p) }
    case .skeleton:
      guard operand.unsupportedTokens.isEmpty else {
        for token in operand.unsupportedTokens {
          notes.append(
            ICUEvaluationNote(
              isError: false, code: "unsupported_formatter",
              message: "Unsupported ICU number skeleton token",
              details: [
                "formatter": "number", "locale": .string(p.locale), "option": .string(token),
                "argument": .string(name), "skeleton": .string(operand.style),
              ]))
        }
        throw .unsupportedSkeleton(argument: name, tokens: operand.unsupportedTokens)
      }
      return try formatPrepared(
        value * operand.scale, .numberSkeleton, style: operand.style, argument: name,
        presets: nil, currency: nil, p
      ) { operand.options }
    }
  }

  /// A memoised number format's output.
  struct MemoisedText {
    var text: String
    /// Whether the format carries `unsupported_formatter` notes (then see `prepared`).
    var unsupported: Bool
    var prepared: Unmanaged<PreparedFormatMemo.Prepared>
  }

  /// `number` formatted with the prepared format memoised for this key, or `nil` on a miss.
  /// Everything is borrowed: a hit copies nothing.
  @inline(__always)
  private func memoisedText(
    _ number: Double, _ kind: PreparedFormatMemo.Kind, style: String,
    presets: [String: FormatOptions]?, currency: String?,
    _ p: borrowing MessagevisorModuleEnvironment
  ) -> MemoisedText? {
    guard
      let hit = prepared({
        $0.lookup(
          kind, style: style, locale: p.locale, currency: currency, timeZone: "",
          presets: presets)
      })
    else { return nil }
    return hit._withUnsafeGuaranteedRef { prepared in
      // Optional chaining reads the format in place (binding it would copy the plan).
      guard let text = prepared.number?.text(number) else { return nil }
      return MemoisedText(
        text: text, unsupported: prepared.number?.hasUnsupported == true, prepared: hit)
    }
  }

  /// Reports the `unsupported_formatter` notes of a memoised number format.
  private mutating func appendMemoisedUnsupported(
    _ prepared: Unmanaged<PreparedFormatMemo.Prepared>, argument: String,
    _ p: borrowing MessagevisorModuleEnvironment
  ) {
    appendUnsupported(
      prepared.takeUnretainedValue().number?.unsupported ?? [], argument: argument, p)
  }

  /// Formats `number` with the prepared format memoised for this key, preparing (and memoising)
  /// it from `options()` on a miss. Invalid options go through the regular error path.
  private mutating func formatPrepared(
    _ number: Double, _ kind: PreparedFormatMemo.Kind, style: String, argument: String,
    presets: [String: FormatOptions]?, currency: String?,
    _ p: borrowing MessagevisorModuleEnvironment,
    options: () -> FormatOptions
  ) throws(ICUFormatError) -> String {
    if let hit = memoisedText(
      number, kind, style: style, presets: presets, currency: currency, p)
    {
      if hit.unsupported { appendMemoisedUnsupported(hit.prepared, argument: argument, p) }
      return hit.text
    }
    let format: PreparedNumberFormat
    let resolved = options()
    do {
      format = try p.formatters.preparedNumberFormat(locale: p.locale, options: resolved)
    } catch {
      return try finish(
        .failure(error), argument: argument, type: "number", options: resolved, p)
    }
    prepared {
      $0.store(
        PreparedFormatMemo.Prepared(number: format), kind, style: style, locale: p.locale,
        currency: currency, timeZone: "", presets: presets)
    }
    let unsupported = format.unsupported
    if !unsupported.isEmpty { appendUnsupported(unsupported, argument: argument, p) }
    return format.text(number)
  }

  /// `{…builtin[name], …preset[name]}`; builtins are `integer`, `percent` and `currency`.
  private static func numberOptions(
    named name: String, _ p: borrowing MessagevisorModuleEnvironment
  )
    -> FormatOptions
  {
    var builtin: FormatOptions?
    switch name {
    case "integer": builtin = ["maximumFractionDigits": 0]
    case "percent": builtin = ["style": "percent"]
    case "currency": builtin = ["style": "currency"]
    default: builtin = nil
    }
    var options = builtin ?? [:]
    if let preset = p.formats.number?[name] {
      options.merge(preset) { _, presetValue in presetValue }
    }
    if options["style"] == "currency", options["currency"] == nil {
      options["currency"] = .string(p.currency ?? "USD")
    }
    return options
  }

  private mutating func formatDecimal(
    _ number: Double, argument: String, _ p: borrowing MessagevisorModuleEnvironment
  ) throws(ICUFormatError)
    -> String
  {
    if let small = Self.smallInteger(number) {
      if let text = memo({ $0.decimal(small, locale: p.locale) }) { return text }
      let noteCount = notes.count
      let text = try formatPrepared(
        number, .numberDefault, style: "", argument: argument, presets: nil, currency: nil, p
      ) { Self.emptyOptions }
      if notes.count == noteCount {
        memo { $0.storeDecimal(small, locale: p.locale, text: text) }
      }
      return text
    }
    return try formatPrepared(
      number, .numberDefault, style: "", argument: argument, presets: nil, currency: nil, p
    ) { Self.emptyOptions }
  }

  private mutating func pluralCategory(
    _ number: Double, ordinal: Bool, argument: String, _ p: borrowing MessagevisorModuleEnvironment
  )
    throws(ICUFormatError) -> String
  {
    let options = ordinal ? Self.ordinalOptions : Self.cardinalOptions
    return try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        try p.formatters.pluralCategory(number, locale: p.locale, options: options)
      }, argument: argument, type: "plural", options: options, p)
  }

  private static func smallInteger(_ number: Double) -> Int? {
    guard number >= 0, number < Double(SmallNumberMemo.range.upperBound),
      number.rounded(.towardZero) == number, number.sign == .plus
    else { return nil }
    return Int(number)
  }

  // MARK: Dates and times

  private mutating func formatDateTime(
    _ name: String, style: ICUDateTimeStyle, time: Bool, _ values: MessagevisorValues,
    _ p: borrowing MessagevisorModuleEnvironment
  )
    throws(ICUFormatError) -> String
  {
    let type = time ? "time" : "date"
    let raw = try value(name, values)
    guard let date = raw.dateValue, date.timeIntervalSince1970.isFinite else {
      let failure = ICUFormatError.invalidValue(
        argument: name,
        expected: "a Date, epoch milliseconds or an ISO 8601 date-time with a zone",
        actual: Self.describe(raw))
      notes.append(invalidFormatNote(type: type, options: [:], reason: failure.description, p))
      throw failure
    }
    let presets = time ? p.formats.time : p.formats.date
    let kind: PreparedFormatMemo.Kind
    let styleKey: String
    let keyPresets: [String: FormatOptions]?
    switch style {
    case .none:
      kind = time ? .timeNamed : .dateNamed
      styleKey = ""
      keyPresets = presets
    case .named(let styleName):
      kind = time ? .timeNamed : .dateNamed
      styleKey = styleName
      keyPresets = presets
    case .skeleton(let skeleton):
      guard skeleton.unsupportedFields.isEmpty else {
        for field in skeleton.unsupportedFields {
          notes.append(
            ICUEvaluationNote(
              isError: false, code: "unsupported_formatter",
              message: "Unsupported ICU date skeleton field",
              details: [
                "formatter": .string(type), "locale": .string(p.locale), "option": .string(field),
                "argument": .string(name), "skeleton": .string(skeleton.source),
              ]))
        }
        throw .unsupportedSkeleton(argument: name, tokens: skeleton.unsupportedFields)
      }
      kind = time ? .timeSkeleton : .dateSkeleton
      styleKey = skeleton.source
      keyPresets = nil
    }
    if let hit = prepared({
      $0.lookup(
        kind, style: styleKey, locale: p.locale, currency: nil, timeZone: p.timeZone,
        presets: keyPresets)
    }), let format = hit.takeUnretainedValue().date {
      return try finish(
        Result { () throws(FormatFailure) -> FormatResult in try format.format(date) },
        argument: name, type: type, options: hit.takeUnretainedValue().dateOptions, p)
    }
    // A miss takes the regular path (same validation order and diagnostics), then memoises the
    // prepared format, which the formatter cache now holds.
    let resolved = Self.dateOptions(style: style, time: time, presets: presets, p)
    let text = try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        time
          ? try p.formatters.formatTime(date, locale: p.locale, options: resolved)
          : try p.formatters.formatDate(date, locale: p.locale, options: resolved)
      }, argument: name, type: type, options: resolved, p)
    if let format = try? p.formatters.preparedDateFormat(
      locale: p.locale, options: resolved, time: time)
    {
      prepared {
        $0.store(
          PreparedFormatMemo.Prepared(date: format, options: resolved), kind, style: styleKey,
          locale: p.locale, currency: nil,
          timeZone: p.timeZone, presets: keyPresets)
      }
    }
    return text
  }

  /// The date or time options of a (supported) style: a preset, a built-in style or a skeleton,
  /// with the payload's time zone unless the options name one.
  private static func dateOptions(
    style: ICUDateTimeStyle, time: Bool, presets: [String: FormatOptions]?,
    _ p: borrowing MessagevisorModuleEnvironment
  ) -> FormatOptions {
    var options: FormatOptions
    switch style {
    case .none:
      if time {
        options = presets?["medium"] ?? ["timeStyle": "medium"]
      } else {
        options = [:]
      }
    case .named(let styleName):
      if let preset = presets?[styleName] {
        options = preset
      } else if ["short", "medium", "long", "full"].contains(styleName) {
        options = [time ? "timeStyle" : "dateStyle": .string(styleName)]
      } else {
        options = time ? ["timeStyle": "medium"] : [:]
      }
    case .skeleton(let skeleton):
      options = skeleton.options
    }
    if options["timeZone"] == nil { options["timeZone"] = .string(p.timeZone) }
    return options
  }

  // MARK: Formatter calls

  /// `options` are read only for a failure's note: a prepared format's options are not copied
  /// (retained and released) on every successful call.
  private mutating func finish(
    _ outcome: Result<FormatResult, FormatFailure>, argument: String, type: String,
    options: @autoclosure () -> FormatOptions, _ p: borrowing MessagevisorModuleEnvironment
  ) throws(ICUFormatError) -> String {
    do {
      let result = try outcome.get()
      appendUnsupported(result.unsupported, argument: argument, p)
      return result.text
    } catch {
      let reason: String
      switch error {
      case .invalidOptions(let text), .invalidValue(let text): reason = text
      }
      notes.append(invalidFormatNote(type: type, options: options(), reason: reason, p))
      throw .formatFailed(argument: argument, reason: reason)
    }
  }

  private mutating func appendUnsupported(
    _ unsupported: [UnsupportedFormatterNote], argument: String,
    _ p: borrowing MessagevisorModuleEnvironment
  ) {
    for note in unsupported {
      notes.append(
        ICUEvaluationNote(
          isError: false, code: "unsupported_formatter", message: note.message,
          details: [
            "formatter": .string(note.formatter), "locale": .string(p.locale),
            "option": .string(note.option), "argument": .string(argument),
          ]))
    }
  }

  private func invalidFormatNote(
    type: String, options: FormatOptions, reason: String,
    _ p: borrowing MessagevisorModuleEnvironment
  )
    -> ICUEvaluationNote
  {
    ICUEvaluationNote(
      isError: true, code: "invalid_format", message: "Invalid format options",
      details: [
        "locale": .string(p.locale), "type": .string(type), "options": .object(options),
        "reason": .string(reason),
      ])
  }
}
