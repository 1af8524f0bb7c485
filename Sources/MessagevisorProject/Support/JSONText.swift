import Foundation
import Messagevisor

/// Deterministic JSON text for values: sorted object keys, JavaScript-like number rendering
/// (`2` for integral doubles, `99.5`, `1e-7`), dates as ISO strings.
public enum JSONText {
  /// Encodes `value`; `pretty` uses two-space indentation like `JSON.stringify(v, null, 2)`.
  public static func encode(_ value: MessagevisorValue, pretty: Bool = false) -> String {
    var output = ""
    write(value, into: &output, pretty: pretty, indent: 0)
    return output
  }

  /// JavaScript `String(number)`-like rendering (non-finite numbers become `null` in JSON).
  public static func number(_ double: Double) -> String {
    guard double.isFinite else {
      return double.isNaN ? "NaN" : (double > 0 ? "Infinity" : "-Infinity")
    }
    if double == double.rounded(), abs(double) < 1e21 {
      if abs(double) < 9.0e15 { return String(Int(double)) }
      return String(format: "%.0f", double)
    }
    var text = "\(double)"
    // Swift prints 1e-07 / 1.5e+20; JavaScript prints 1e-7 / 150000000000000000000.
    if let e = text.firstIndex(of: "e") {
      let mantissa = text[..<e]
      var exponent = String(text[text.index(after: e)...])
      var sign = "+"
      if exponent.hasPrefix("-") || exponent.hasPrefix("+") {
        sign = String(exponent.removeFirst())
      }
      while exponent.hasPrefix("0"), exponent.count > 1 { exponent.removeFirst() }
      text = "\(mantissa)e\(sign)\(exponent)"
    }
    return text
  }

  /// A JSON string literal.
  public static func quote(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  static func write(
    _ value: MessagevisorValue, into output: inout String, pretty: Bool, indent: Int
  ) {
    switch value {
    case .string(let text): output += quote(text)
    case .int(let int): output += String(int)
    case .double(let double): output += double.isFinite ? number(double) : "null"
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    case .date(let date): output += quote(PortableDate.isoString(date))
    case .array(let items):
      if items.isEmpty {
        output += "[]"
        return
      }
      output += "["
      for (offset, item) in items.enumerated() {
        if offset > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: " ", count: indent + 2) }
        write(item, into: &output, pretty: pretty, indent: indent + 2)
      }
      if pretty { output += "\n" + String(repeating: " ", count: indent) }
      output += "]"
    case .object(let object):
      if object.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (offset, key) in object.keys.sorted().enumerated() {
        if offset > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: " ", count: indent + 2) }
        output += quote(key)
        output += pretty ? ": " : ":"
        write(object[key] ?? .null, into: &output, pretty: pretty, indent: indent + 2)
      }
      if pretty { output += "\n" + String(repeating: " ", count: indent) }
      output += "}"
    }
  }
}
