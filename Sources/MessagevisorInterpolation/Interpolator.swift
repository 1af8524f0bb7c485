import Foundation
import Messagevisor

/// Replaces placeholders in a message; `nil` means "unchanged".
struct Interpolator: Sendable {
  private let regex: RegexBox?

  final class RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression?
    init(_ regex: NSRegularExpression?) { self.regex = regex }
  }

  init(pattern: String?) {
    regex = pattern.map { RegexBox(try? NSRegularExpression(pattern: $0)) }
  }

  /// The text a value renders as, or `nil` when the value is not a primitive.
  static func text(of value: MessagevisorValue) -> String? {
    switch value {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .double(let number): return "\(number)"
    case .bool(let flag): return flag ? "true" : "false"
    default: return nil
    }
  }

  func interpolate(_ message: String, values: MessagevisorValues) -> String? {
    guard !values.isEmpty, message.utf8.contains(UInt8(ascii: "{")) || regex != nil else {
      return nil
    }
    if let regex { return interpolate(message, values: values, regex: regex.regex) }
    return interpolateDefault(message, values: values)
  }

  /// The default pattern `\{([A-Za-z_][A-Za-z0-9_]*)\}`, scanned by hand.
  private func interpolateDefault(_ message: String, values: MessagevisorValues) -> String? {
    let bytes = Array(message.utf8)
    var output: [UInt8] = []
    var changed = false
    var index = 0
    var copied = 0
    func isStart(_ byte: UInt8) -> Bool {
      (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }
    func isBody(_ byte: UInt8) -> Bool { isStart(byte) || (byte >= 48 && byte <= 57) }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count, isStart(bytes[index + 1])
      else {
        index += 1
        continue
      }
      var end = index + 2
      while end < bytes.count, isBody(bytes[end]) { end += 1 }
      guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
        index += 1
        continue
      }
      let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
      if let value = values[name], let text = Self.text(of: value) {
        output.append(contentsOf: bytes[copied..<index])
        output.append(contentsOf: Array(text.utf8))
        copied = end + 1
        changed = true
      }
      index = end + 1
    }
    guard changed else { return nil }
    output.append(contentsOf: bytes[copied...])
    return String(decoding: output, as: UTF8.self)
  }

  private func interpolate(
    _ message: String, values: MessagevisorValues, regex: NSRegularExpression?
  ) -> String? {
    guard let regex else { return nil }
    let source = message as NSString
    var result = ""
    var last = 0
    var changed = false
    for match in regex.matches(in: message, range: NSRange(location: 0, length: source.length)) {
      guard match.numberOfRanges > 1, match.range(at: 1).location != NSNotFound else { continue }
      let name = source.substring(with: match.range(at: 1))
      guard let value = values[name], let text = Self.text(of: value) else { continue }
      result += source.substring(with: NSRange(location: last, length: match.range.location - last))
      result += text
      last = match.range.location + match.range.length
      changed = true
    }
    guard changed else { return nil }
    result += source.substring(from: last)
    return result
  }
}
