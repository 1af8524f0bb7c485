import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorLocking

/// Compiles (through a bounded cache) and evaluates ICU messages; the engine-independent core of
/// the ICU module.
final class ICUMessageFormatter: Sendable {
  /// The compiled-message cache (shared by every thread).
  let cache: ICUMessageCache
  /// This formatter's key in the per-thread states (``ICUThreadStates``): unique per process, so
  /// a new formatter never finds the memo state of an earlier one.
  let serial: Int

  /// The last serial handed out.
  private static let lastSerial = Locked(0)

  init(cacheCapacity: Int = ICUMessageCache.defaultCapacity) {
    cache = ICUMessageCache(capacity: cacheCapacity)
    serial = Self.lastSerial.withLock { last in
      last += 1
      return last
    }
  }

  /// The bytes of ICU syntax: without `{` or `'` a message is its own output.
  static let syntax = ModuleSyntax([UInt8(ascii: "{"), UInt8(ascii: "'")])
  /// ``syntax`` and `<`, the start of a tag (which a module that reports tags must see).
  static let tagSyntax = ModuleSyntax([UInt8(ascii: "{"), UInt8(ascii: "'"), UInt8(ascii: "<")])

  /// Whether `text` can contain ICU syntax at all: without `{` or `'` a message is its own output.
  static func needsParsing(_ text: String) -> Bool {
    syntax.occurs(in: text)
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
  ///   - notes: receives the `unsupported_formatter` / `invalid_format` notes, in order, also when
  ///     the call throws; the caller reports them.
  /// - Throws: ``ICUParseError`` or ``ICUFormatError``.
  func format(
    _ payload: MessagevisorModulePayload, ignoreTags: Bool, notes: inout [ICUEvaluationNote]
  ) throws -> String {
    try payload.withEnvironment { environment in
      try format(
        payload.translation, payload.values, environment, ignoreTags: ignoreTags, notes: &notes)
    }
  }

  /// Formats `text` with the call's values and its environment's locale, time zone, currency,
  /// presets and formatters (``format(_:ignoreTags:notes:)`` without a payload: the module's
  /// borrowing hook).
  func format(
    _ text: String, _ values: MessagevisorValues,
    _ environment: borrowing MessagevisorModuleEnvironment, ignoreTags: Bool,
    notes: inout [ICUEvaluationNote]
  ) throws -> String {
    if !ignoreTags, Self.containsTagLikeText(text) {
      notes.append(
        ICUEvaluationNote(
          isError: false, code: "unsupported_formatter",
          message: "Rich ICU tag callbacks are not supported by the Swift string API",
          details: [
            "formatter": "icu", "locale": .string(environment.locale), "option": "ignoreTags",
          ]))
    }
    // Evaluation runs on this thread's state and calls no outside code; the caller reports the
    // notes after it, when nothing is borrowed any more.
    let output = try ICUThreadStates.withState(serial: serial) { state in
      try state.withEntry(text, cache: cache, needsParsing: Self.needsParsing) { entry in
        if let error = entry.error { throw error }
        if let literal = entry.program.literalText { return literal }
        var evaluator = ICUEvaluator(
          memo: state.memo, prepared: state.prepared, outputBuffer: state.outputBuffer)
        defer { if !evaluator.notes.isEmpty { notes += evaluator.notes } }
        return try evaluator.evaluate(entry.program, values, environment)
      }
    }
    if let output { return output }
    // Without `{` or `'` a message is its own output.
    return text
  }
}
