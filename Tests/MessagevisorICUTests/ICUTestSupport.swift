import Foundation
@_spi(MessagevisorModules) import Messagevisor

@testable import MessagevisorICU

/// Evaluates messages through the engine-independent core with a real `NativeFormatters`.
final class ICUHarness: Sendable {
  let formatter = ICUMessageFormatter()
  let formatters = NativeFormatters()

  struct Output {
    var text: String
    var notes: [ICUEvaluationNote]
  }

  func run(
    _ message: String, _ values: MessagevisorValues = [:], locale: String = "en-US",
    timeZone: String = "UTC", currency: String? = nil, formats: FormatPresets = FormatPresets(),
    ignoreTags: Bool = true
  ) throws -> Output {
    var notes: [ICUEvaluationNote] = []
    let text = try formatter.format(
      message, values: values, locale: locale, timeZone: timeZone, currency: currency,
      formats: formats, formatters: formatters, ignoreTags: ignoreTags
    ) { notes.append($0) }
    return Output(text: text, notes: notes)
  }

  func text(
    _ message: String, _ values: MessagevisorValues = [:], locale: String = "en-US",
    timeZone: String = "UTC", currency: String? = nil, formats: FormatPresets = FormatPresets()
  ) throws -> String {
    try run(
      message, values, locale: locale, timeZone: timeZone, currency: currency, formats: formats
    ).text
  }

  /// The notes recorded while `message` failed, plus the error.
  func failure(
    _ message: String, _ values: MessagevisorValues = [:], locale: String = "en-US",
    formats: FormatPresets = FormatPresets()
  ) -> (error: (any Error)?, notes: [ICUEvaluationNote]) {
    var notes: [ICUEvaluationNote] = []
    do {
      _ = try formatter.format(
        message, values: values, locale: locale, timeZone: "UTC", currency: nil,
        formats: formats, formatters: formatters, ignoreTags: true
      ) { notes.append($0) }
      return (nil, notes)
    } catch {
      return (error, notes)
    }
  }
}

/// `2026-05-12T15:30:00Z`.
let sampleDate = Date(timeIntervalSince1970: 1_778_599_800)
