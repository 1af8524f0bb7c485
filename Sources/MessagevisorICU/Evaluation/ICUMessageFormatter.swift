import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Compiles (through a bounded cache) and evaluates ICU messages; the engine-independent core of
/// the ICU module.
final class ICUMessageFormatter: Sendable {
  /// The compiled-message cache.
  let cache: ICUMessageCache
  /// The small-integer memo for plural arguments.
  let memo = SmallNumberMemo()
  /// Prepared number and date formats of message arguments.
  let prepared = PreparedFormatMemo()

  init(cacheCapacity: Int = ICUMessageCache.defaultCapacity) {
    cache = ICUMessageCache(capacity: cacheCapacity)
  }

  /// Whether `text` can contain ICU syntax at all: without `{` or `'` a message is its own output.
  static func needsParsing(_ text: String) -> Bool {
    return text.withContiguousUTF8 { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
      return memchr(base, 123, buffer.count) != nil || memchr(base, 39, buffer.count) != nil
    }
  }

  /// Whether `text` contains a tag-like `<x` or `</`.
  static func containsTagLikeText(_ text: String) -> Bool {
    text.withContiguousUTF8 { buffer in
      guard buffer.count > 1 else { return false }
      for index in 0..<(buffer.count - 1) where buffer[index] == 60 {
        let next = buffer[index + 1]
        if next == 47 || (next >= 65 && next <= 90) || (next >= 97 && next <= 122) {
          return true
        }
      }
      return false
    }
  }

  /// Formats `payload.translation` with the payload's values, locale, time zone, currency,
  /// presets and formatters.
  ///
  /// - Parameters:
  ///   - ignoreTags: `false` requests rich tag processing, which the string API cannot provide:
  ///     a message with tags then reports `unsupported_formatter` and keeps its tags literal.
  ///   - report: receives `unsupported_formatter` / `invalid_format` notes, in order, before the
  ///     result is returned or the error thrown.
  /// - Throws: ``ICUParseError`` or ``ICUFormatError``.
  func format(
    _ payload: MessagevisorModulePayload, ignoreTags: Bool, report: (ICUEvaluationNote) -> Void
  ) throws -> String {
    let text = payload.translation
    if !ignoreTags, Self.containsTagLikeText(text) {
      report(
        ICUEvaluationNote(
          isError: false, code: "unsupported_formatter",
          message: "Rich ICU tag callbacks are not supported by the Swift string API",
          details: ["formatter": "icu", "locale": .string(payload.locale), "option": "ignoreTags"]))
    }
    guard Self.needsParsing(text) else { return text }
    let entry = cache.entry(for: text)
    guard let message = entry.message else {
      throw entry.error ?? ICUParseError(offset: 0, expected: "a message")
    }
    if let literal = message.literalText { return literal }
    var evaluator = ICUEvaluator(memo: memo, prepared: prepared)
    do {
      let output = try evaluator.evaluate(message, payload)
      for note in evaluator.notes { report(note) }
      return output
    } catch {
      for note in evaluator.notes { report(note) }
      throw error
    }
  }
}
