import Foundation
@_spi(MessagevisorModules) import Messagevisor

@testable import MessagevisorICU

/// Evaluates messages through the engine-independent core with a real `NativeFormatters`.
final class ICUHarness: Sendable {
  let formatter = ICUMessageFormatter()
  let formatters = NativeFormatters()

  func payload(
    _ message: String, _ values: MessagevisorValues, _ locale: String, _ timeZone: String,
    _ currency: String?, _ formats: FormatPresets
  ) -> MessagevisorModulePayload {
    var payload = MessagevisorModulePayload(
      translation: message, values: values, locale: locale, source: .formatMessage,
      formats: formats, currency: currency, timeZone: timeZone)
    payload.formatters = formatters
    return payload
  }

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
    let input = payload(message, values, locale, timeZone, currency, formats)
    let text = try formatter.format(input, ignoreTags: ignoreTags, notes: &notes)
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
      let input = payload(message, values, locale, "UTC", nil, formats)
      _ = try formatter.format(input, ignoreTags: true, notes: &notes)
      return (nil, notes)
    } catch {
      return (error, notes)
    }
  }
}

/// `2026-05-12T15:30:00Z`.
let sampleDate = Date(timeIntervalSince1970: 1_778_599_800)
