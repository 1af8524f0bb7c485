import Foundation

extension MessagevisorInstance {
  /// The formatter families and how their options are resolved.
  enum FormatterKind: String {
    case number, date, time, dateTimeRange, relative, plural, list, displayName

    var presets: KeyPath<FormatPresets, [String: FormatOptions]?>? {
      switch self {
      case .number: return \.number
      case .date: return \.date
      case .time: return \.time
      case .dateTimeRange: return \.dateTimeRange
      case .relative: return \.relative
      case .plural, .list, .displayName: return nil
      }
    }

    var takesTimeZone: Bool { self == .date || self == .time || self == .dateTimeRange }
  }

  /// Resolves options (named preset from the evaluation formats, then inline options, then the
  /// currency/time-zone precedence), runs `body` and reports `missing_format`, `invalid_format`
  /// and `unsupported_formatter` as spec §3.5 describes.
  final func runFormatter(
    _ kind: FormatterKind, preset: String?, formatOptions: FormatOptions,
    options: EvaluationOptions, parts: Bool = false,
    _ body: (NativeFormatters, String, FormatOptions) throws(FormatFailure) -> FormatResult?
  ) throws -> String? {
    let (locale, resolved) = try locked { () throws -> (String, FormatOptions) in
      let locale = try evaluationLocaleLocked(options.locale)
      var resolved: FormatOptions = [:]
      if let preset, let family = kind.presets {
        let formats = evaluationFormatsLocked(
          locale: locale, callFormats: options.formats, callCurrency: options.currency,
          callTimeZone: options.timeZone)
        if let found = formats[keyPath: family]?[preset] {
          resolved = found
        } else {
          reportLocked(
            level: .error, code: "missing_format", message: "Named format preset not found",
            details: [
              "locale": .string(locale), "type": .string(kind.rawValue), "preset": .string(preset),
            ])
        }
      }
      resolved.merge(formatOptions) { _, inline in inline }
      if kind == .number, resolved["style"] == .string("currency") {
        resolved["currency"] =
          formatOptions["currency"] ?? options.currency.map { .string($0) } ?? resolved["currency"]
          ?? currency.map { .string($0) } ?? .string("USD")
      }
      if kind.takesTimeZone {
        resolved["timeZone"] =
          formatOptions["timeZone"] ?? options.timeZone.map { .string($0) } ?? resolved["timeZone"]
          ?? .string(timeZone ?? core.hostTimeZone)
      }
      return (locale, resolved)
    }
    let result: FormatResult?
    do {
      result = try body(core.formatters, locale, resolved)
    } catch {
      locked {
        reportLocked(
          level: .error, code: "invalid_format", message: "Invalid format options",
          details: [
            "locale": .string(locale), "type": .string(kind.rawValue), "options": .object(resolved),
            "reason": .string(Self.describe(error)),
          ], originalError: error)
      }
      throw MessagevisorError("Invalid format options: \(Self.describe(error))")
    }
    let notes = result?.unsupported ?? []
    if !notes.isEmpty || parts {
      locked {
        for note in notes {
          reportLocked(
            level: .warn, code: "unsupported_formatter", message: note.message,
            details: [
              "formatter": .string(note.formatter), "locale": .string(locale),
              "option": .string(note.option),
            ])
        }
        if parts {
          reportLocked(
            level: .warn, code: "unsupported_formatter",
            message: "Tokenized formatter parts are not available; returning one literal part",
            details: [
              "formatter": .string(kind.rawValue), "locale": .string(locale),
              "option": "parts",
            ])
        }
      }
    }
    return result?.text
  }

  private static func describe(_ failure: FormatFailure) -> String {
    switch failure {
    case .invalidOptions(let text), .invalidValue(let text): return text
    }
  }

  private func literalParts(_ text: String?) -> [MessagevisorFormatPart] {
    [MessagevisorFormatPart(type: "literal", value: text ?? "")]
  }

  /// Formats a number with an optional named preset and inline options.
  /// - Throws: ``MessagevisorError`` after `invalid_format` for invalid options.
  public final func formatNumber(
    _ value: Double, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(.number, preset: preset, formatOptions: formatOptions, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatNumber(value, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatNumber(_:preset:formatOptions:options:)`` as one `literal` part
  /// (reports `unsupported_formatter`).
  public final func formatNumberToParts(
    _ value: Double, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .number, preset: preset, formatOptions: formatOptions, options: options, parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatNumber(value, locale: locale, options: resolved)
      })
  }

  /// Formats the date part of `date`.
  public final func formatDate(
    _ date: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(.date, preset: preset, formatOptions: formatOptions, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatDate(date, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatDate(_:preset:formatOptions:options:)`` as one `literal` part.
  public final func formatDateToParts(
    _ date: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .date, preset: preset, formatOptions: formatOptions, options: options, parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatDate(date, locale: locale, options: resolved)
      })
  }

  /// Formats the time part of `date`.
  public final func formatTime(
    _ date: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(.time, preset: preset, formatOptions: formatOptions, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatTime(date, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatTime(_:preset:formatOptions:options:)`` as one `literal` part.
  public final func formatTimeToParts(
    _ date: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .time, preset: preset, formatOptions: formatOptions, options: options, parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatTime(date, locale: locale, options: resolved)
      })
  }

  /// Formats a date-time range.
  public final func formatDateTimeRange(
    _ start: Date, _ end: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(
      .dateTimeRange, preset: preset, formatOptions: formatOptions, options: options
    ) { (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatDateTimeRange(start, end, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatDateTimeRange(_:_:preset:formatOptions:options:)`` as one `literal` part.
  public final func formatDateTimeRangeToParts(
    _ start: Date, _ end: Date, preset: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .dateTimeRange, preset: preset, formatOptions: formatOptions, options: options,
        parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatDateTimeRange(start, end, locale: locale, options: resolved)
      })
  }

  /// Formats a relative time such as "yesterday" or "in 3 hours".
  public final func formatRelativeTime(
    _ value: Double, unit: Calendar.Component, preset: String? = nil,
    formatOptions: FormatOptions = [:], options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(.relative, preset: preset, formatOptions: formatOptions, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatRelativeTime(value, unit: unit, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatRelativeTime(_:unit:preset:formatOptions:options:)`` as one `literal` part.
  public final func formatRelativeTimeToParts(
    _ value: Double, unit: Calendar.Component, preset: String? = nil,
    formatOptions: FormatOptions = [:], options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .relative, preset: preset, formatOptions: formatOptions, options: options, parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatRelativeTime(value, unit: unit, locale: locale, options: resolved)
      })
  }

  /// The CLDR plural category (`zero`, `one`, `two`, `few`, `many`, `other`) of `value`;
  /// `formatOptions["type"]` is `cardinal` (default) or `ordinal`.
  public final func formatPlural(
    _ value: Double, formatOptions: FormatOptions = [:], locale: String? = nil
  ) throws -> String {
    try runFormatter(
      .plural, preset: nil, formatOptions: formatOptions,
      options: EvaluationOptions(locale: locale)
    ) { (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.pluralCategory(value, locale: locale, options: resolved)
    } ?? "other"
  }

  /// Formats a list ("A, B, and C").
  public final func formatList(
    _ values: [String], formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String {
    try runFormatter(.list, preset: nil, formatOptions: formatOptions, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatList(values, locale: locale, options: resolved)
    } ?? ""
  }

  /// ``formatList(_:formatOptions:options:)`` as one `literal` part.
  public final func formatListToParts(
    _ values: [String], formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> [MessagevisorFormatPart] {
    literalParts(
      try runFormatter(
        .list, preset: nil, formatOptions: formatOptions, options: options, parts: true
      ) { (formatters, locale, resolved) throws(FormatFailure) in
        try formatters.formatList(values, locale: locale, options: resolved)
      })
  }

  /// The localized name of a `language`, `region`, `script` or `currency` code, or `nil`.
  ///
  /// The type is `type` when given, else `formatOptions["type"]`, else `"language"`.
  public final func formatDisplayName(
    _ code: String, type: String? = nil, formatOptions: FormatOptions = [:],
    options: EvaluationOptions = EvaluationOptions()
  ) throws -> String? {
    var bag = formatOptions
    if let type {
      bag["type"] = .string(type)
    } else if bag["type"] == nil {
      bag["type"] = "language"
    }
    return try runFormatter(.displayName, preset: nil, formatOptions: bag, options: options) {
      (formatters, locale, resolved) throws(FormatFailure) in
      try formatters.formatDisplayName(code, locale: locale, options: resolved)
    }
  }
}
