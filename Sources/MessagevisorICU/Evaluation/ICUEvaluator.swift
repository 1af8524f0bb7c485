import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Evaluates a parsed message against values, locale data and format presets.
///
/// Only the evaluated path is visited: unselected branches and quoted text never look at values.
/// Diagnostics are collected in ``notes`` for the caller to report.
struct ICUEvaluator {
  /// The message values.
  let values: MessagevisorValues
  /// The effective locale.
  let locale: String
  /// The resolved time zone (call ?? instance ?? host default).
  let timeZone: String
  /// The resolved currency (call ?? instance), used by the built-in `currency` style.
  let currency: String?
  /// The evaluation formats (presets already carry resolved currency and time zone).
  let formats: FormatPresets
  /// The shared native formatter cache.
  let formatters: NativeFormatters
  /// The small-integer memo for plural arguments.
  let memo: SmallNumberMemo
  /// Diagnostics to report, in order.
  var notes: [ICUEvaluationNote] = []

  private static let cardinalOptions: FormatOptions = ["type": "cardinal"]
  private static let ordinalOptions: FormatOptions = ["type": "ordinal"]
  private static let emptyOptions: FormatOptions = [:]

  init(
    values: MessagevisorValues, locale: String, timeZone: String, currency: String?,
    formats: FormatPresets, formatters: NativeFormatters, memo: SmallNumberMemo
  ) {
    self.values = values
    self.locale = locale
    self.timeZone = timeZone
    self.currency = currency
    self.formats = formats
    self.formatters = formatters
    self.memo = memo
  }

  /// Renders `message`.
  mutating func evaluate(_ message: ICUMessage) throws(ICUFormatError) -> String {
    if let text = message.literalText { return text }
    var output = ""
    try append(message.nodes, pound: nil, to: &output)
    return output
  }

  /// The value `#` stands for inside the current plural branch, with its text when memoized.
  struct Pound {
    var value: Double
    var text: String?
  }

  private mutating func append(_ nodes: [ICUNode], pound: Pound?, to output: inout String)
    throws(ICUFormatError)
  {
    for node in nodes {
      switch node {
      case .literal(let text):
        output += text
      case .argument(let name):
        output += ICUValueText.render(try value(name))
      case .pound:
        if let text = pound?.text {
          output += text
        } else if let pound {
          output += try formatDecimal(pound.value, argument: "#")
        }
      case .number(let name, let style):
        output += try formatNumber(name, style: style)
      case .date(let name, let style):
        output += try formatDateTime(name, style: style, time: false)
      case .time(let name, let style):
        output += try formatDateTime(name, style: style, time: true)
      case .plural(let name, let plural):
        let number = try numericValue(name, for: plural.ordinal ? "selectordinal" : "plural")
        let adjusted = number - plural.offset
        if let exact = plural.exact.first(where: { $0.value == number }) {
          try append(exact.nodes, pound: Pound(value: adjusted), to: &output)
          continue
        }
        var category: String?
        var text: String?
        if let small = Self.smallInteger(adjusted) {
          (category, text) = memo.lookupPlural(small, ordinal: plural.ordinal, locale: locale)
        }
        let selected: String
        if let category {
          selected = category
        } else {
          selected = try pluralCategory(adjusted, ordinal: plural.ordinal, argument: name)
        }
        try append(
          plural.categories[selected] ?? plural.other, pound: Pound(value: adjusted, text: text),
          to: &output)
      case .select(let name, let select):
        let selected = try value(name)
        let key = selected.stringValue ?? ICUValueText.render(selected)
        try append(select.branches[key] ?? select.other, pound: pound, to: &output)
      }
    }
  }

  // MARK: Values

  private func value(_ name: String) throws(ICUFormatError) -> MessagevisorValue {
    guard let value = values[name] else { throw .missingValue(argument: name) }
    return value
  }

  private func numericValue(_ name: String, for type: String) throws(ICUFormatError) -> Double {
    let value = try value(name)
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

  private mutating func formatNumber(_ name: String, style: ICUNumberStyle) throws(ICUFormatError)
    -> String
  {
    var number = try numericValue(name, for: "number")
    let options: FormatOptions
    switch style {
    case .none:
      options = Self.emptyOptions
    case .named(let styleName):
      options = numberOptions(named: styleName)
    case .skeleton(let skeleton):
      guard skeleton.unsupportedTokens.isEmpty else {
        for token in skeleton.unsupportedTokens {
          notes.append(
            ICUEvaluationNote(
              isError: false, code: "unsupported_formatter",
              message: "Unsupported ICU number skeleton token",
              details: [
                "formatter": "number", "locale": .string(locale), "option": .string(token),
                "argument": .string(name), "skeleton": .string(skeleton.source),
              ]))
        }
        throw .unsupportedSkeleton(argument: name, tokens: skeleton.unsupportedTokens)
      }
      options = skeleton.options
      number *= skeleton.scale
    }
    return try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        try formatters.formatNumber(number, locale: locale, options: options)
      }, argument: name, type: "number", options: options)
  }

  /// `{…builtin[name], …preset[name]}`; builtins are `integer`, `percent` and `currency`.
  private func numberOptions(named name: String) -> FormatOptions {
    var builtin: FormatOptions?
    switch name {
    case "integer": builtin = ["maximumFractionDigits": 0]
    case "percent": builtin = ["style": "percent"]
    case "currency": builtin = ["style": "currency"]
    default: builtin = nil
    }
    var options = builtin ?? [:]
    if let preset = formats.number?[name] {
      options.merge(preset) { _, presetValue in presetValue }
    }
    if options["style"] == "currency", options["currency"] == nil {
      options["currency"] = .string(currency ?? "USD")
    }
    return options
  }

  private mutating func formatDecimal(_ number: Double, argument: String) throws(ICUFormatError)
    -> String
  {
    if let small = Self.smallInteger(number) {
      if let text = memo.lookup(.decimal, small, locale: locale) { return text }
      let text = try finish(
        Result { () throws(FormatFailure) -> FormatResult in
          try formatters.formatNumber(number, locale: locale, options: Self.emptyOptions)
        }, argument: argument, type: "number", options: Self.emptyOptions)
      if notes.isEmpty { memo.store(.decimal, small, locale: locale, text: text) }
      return text
    }
    return try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        try formatters.formatNumber(number, locale: locale, options: Self.emptyOptions)
      }, argument: argument, type: "number", options: Self.emptyOptions)
  }

  private mutating func pluralCategory(_ number: Double, ordinal: Bool, argument: String)
    throws(ICUFormatError) -> String
  {
    let kind: SmallNumberMemo.Kind = ordinal ? .ordinal : .cardinal
    let options = ordinal ? Self.ordinalOptions : Self.cardinalOptions
    let small = Self.smallInteger(number)
    let noteCount = notes.count
    let category = try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        try formatters.pluralCategory(number, locale: locale, options: options)
      }, argument: argument, type: "plural", options: options)
    if let small, notes.count == noteCount {
      memo.store(kind, small, locale: locale, text: category)
    }
    return category
  }

  private static func smallInteger(_ number: Double) -> Int? {
    guard number >= 0, number < Double(SmallNumberMemo.range.upperBound),
      number.rounded(.towardZero) == number, number.sign == .plus
    else { return nil }
    return Int(number)
  }

  // MARK: Dates and times

  private mutating func formatDateTime(_ name: String, style: ICUDateTimeStyle, time: Bool)
    throws(ICUFormatError) -> String
  {
    let type = time ? "time" : "date"
    let raw = try value(name)
    guard let date = raw.dateValue, date.timeIntervalSince1970.isFinite else {
      let failure = ICUFormatError.invalidValue(
        argument: name,
        expected: "a Date, epoch milliseconds or an ISO 8601 date-time with a zone",
        actual: Self.describe(raw))
      notes.append(invalidFormatNote(type: type, options: [:], reason: failure.description))
      throw failure
    }
    var options: FormatOptions
    let presets = time ? formats.time : formats.date
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
      guard skeleton.unsupportedFields.isEmpty else {
        for field in skeleton.unsupportedFields {
          notes.append(
            ICUEvaluationNote(
              isError: false, code: "unsupported_formatter",
              message: "Unsupported ICU date skeleton field",
              details: [
                "formatter": .string(type), "locale": .string(locale), "option": .string(field),
                "argument": .string(name), "skeleton": .string(skeleton.source),
              ]))
        }
        throw .unsupportedSkeleton(argument: name, tokens: skeleton.unsupportedFields)
      }
      options = skeleton.options
    }
    if options["timeZone"] == nil { options["timeZone"] = .string(timeZone) }
    let resolved = options
    return try finish(
      Result { () throws(FormatFailure) -> FormatResult in
        time
          ? try formatters.formatTime(date, locale: locale, options: resolved)
          : try formatters.formatDate(date, locale: locale, options: resolved)
      }, argument: name, type: type, options: resolved)
  }

  // MARK: Formatter calls

  private mutating func finish(
    _ outcome: Result<FormatResult, FormatFailure>, argument: String, type: String,
    options: FormatOptions
  ) throws(ICUFormatError) -> String {
    do {
      let result = try outcome.get()
      for note in result.unsupported {
        notes.append(
          ICUEvaluationNote(
            isError: false, code: "unsupported_formatter", message: note.message,
            details: [
              "formatter": .string(note.formatter), "locale": .string(locale),
              "option": .string(note.option), "argument": .string(argument),
            ]))
      }
      return result.text
    } catch {
      let reason: String
      switch error {
      case .invalidOptions(let text), .invalidValue(let text): reason = text
      }
      notes.append(invalidFormatNote(type: type, options: options, reason: reason))
      throw .formatFailed(argument: argument, reason: reason)
    }
  }

  private func invalidFormatNote(type: String, options: FormatOptions, reason: String)
    -> ICUEvaluationNote
  {
    ICUEvaluationNote(
      isError: true, code: "invalid_format", message: "Invalid format options",
      details: [
        "locale": .string(locale), "type": .string(type), "options": .object(options),
        "reason": .string(reason),
      ])
  }
}
