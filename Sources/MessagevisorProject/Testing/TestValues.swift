import Foundation
import Messagevisor

/// Value handling for test assertions: date normalisation, space normalisation and the runtime
/// expectation policy.
public enum TestValues {
  /// Strings starting with `YYYY-MM-DDTHH:MM:SS` become dates (recursively), as the JS runner
  /// does; integral doubles become ints (JavaScript has one number type, and `{n}` must print `2`,
  /// not `2.0`).
  public static func normalize(_ value: MessagevisorValue, depth: Int = 0) -> MessagevisorValue {
    guard depth < 100 else { return value }
    switch value {
    case .string(let text):
      guard looksLikeDateTime(text) else { return value }
      if let date = PortableDate.parse(text, maxFractionDigits: 9) { return .date(date) }
      if let date = PortableDate.parse(text + "Z", maxFractionDigits: 9) { return .date(date) }
      return value
    case .double(let double):
      if double.isFinite, double.rounded() == double, abs(double) < 9.0e15 {
        return .int(Int(double))
      }
      return value
    case .array(let items): return .array(items.map { normalize($0, depth: depth + 1) })
    case .object(let object): return .object(object.mapValues { normalize($0, depth: depth + 1) })
    default: return value
    }
  }

  static func looksLikeDateTime(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(19))
    guard bytes.count == 19 else { return false }
    let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
    for (byte, expected) in zip(bytes, pattern) {
      if expected == UInt8(ascii: "d") {
        guard (48...57).contains(byte) else { return false }
      } else if byte != expected {
        return false
      }
    }
    return true
  }

  /// Treats U+0020, U+00A0 and U+202F as the same character (nothing else).
  public static func normalizeSpaces(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 }))
  }

  /// The expected string under a runtime policy: the first of `runtimeKeys` present in
  /// `expectedByRuntime`, else `expectedTranslation`.
  public static func expected(
    translation: String?, byRuntime: [String: MessagevisorValue]?, runtimeKeys: [String]
  ) -> (text: String?, source: String) {
    for key in runtimeKeys {
      if let text = byRuntime?[key]?.stringValue { return (text, "expectedByRuntime.\(key)") }
    }
    return (translation, "expectedTranslation")
  }

  /// Subset match for `expectedFormats`: objects match when every expected key matches; arrays
  /// by equal length and position; leaves strictly (same JSON type and value).
  public static func subsetMatches(
    expected: MessagevisorValue, actual: MessagevisorValue?, path: String = "",
    depth: Int = 0
  ) -> String? {
    guard depth < 100 else { return "\(path): too deep" }
    guard let actual else { return "\(path.isEmpty ? "value" : path) is missing" }
    switch (expected, actual) {
    case (.object(let e), .object(let a)):
      for key in e.keys.sorted() {
        if let problem = subsetMatches(
          expected: e[key] ?? .null, actual: a[key], path: path.isEmpty ? key : "\(path).\(key)",
          depth: depth + 1)
        {
          return problem
        }
      }
      return nil
    case (.array(let e), .array(let a)):
      guard e.count == a.count else { return "\(path): expected \(e.count) items, got \(a.count)" }
      for (index, pair) in zip(e, a).enumerated() {
        if let problem = subsetMatches(
          expected: pair.0, actual: pair.1, path: "\(path)[\(index)]", depth: depth + 1)
        {
          return problem
        }
      }
      return nil
    default:
      if strictEquals(expected, actual) { return nil }
      return "\(path): expected \(JSONText.encode(expected)), got \(JSONText.encode(actual))"
    }
  }

  static func strictEquals(_ a: MessagevisorValue, _ b: MessagevisorValue) -> Bool {
    switch (a, b) {
    case (.string, .string), (.bool, .bool), (.null, .null), (.int, .int), (.double, .double),
      (.int, .double), (.double, .int):
      return a == b
    default: return false
    }
  }
}
