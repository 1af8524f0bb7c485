import Foundation

/// Serialises ``MessagevisorValue`` trees as JSON with sorted keys (deterministic output), numbers
/// as `JSON.stringify` prints them (``JavaScriptNumber``; non-finite numbers become `null`) and
/// dates as ISO 8601 strings. `pretty` indents by two spaces like `JSON.stringify(v, null, 2)`.
@_spi(MessagevisorModules) public enum JSONWriter {
  /// The JSON text of `value`.
  public static func write(_ value: MessagevisorValue, pretty: Bool) -> String {
    var output = ""
    write(value, pretty: pretty, indent: 0, into: &output)
    return output
  }

  private static func write(
    _ value: MessagevisorValue, pretty: Bool, indent: Int, into output: inout String
  ) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .int(let number): output += String(number)
    case .double(let number):
      output += number.isFinite ? JavaScriptNumber.string(number) : "null"
    case .string(let text): writeString(text, into: &output)
    case .date(let date): writeString(PortableDate.isoString(date), into: &output)
    case .array(let items):
      if items.isEmpty {
        output += "[]"
        return
      }
      output += "["
      for (offset, item) in items.enumerated() {
        if offset > 0 { output += "," }
        if pretty { newline(indent + 1, into: &output) }
        write(item, pretty: pretty, indent: indent + 1, into: &output)
      }
      if pretty { newline(indent, into: &output) }
      output += "]"
    case .object(let object):
      if object.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (offset, key) in object.keys.sorted().enumerated() {
        if offset > 0 { output += "," }
        if pretty { newline(indent + 1, into: &output) }
        writeString(key, into: &output)
        output += pretty ? ": " : ":"
        if let item = object[key] {
          write(item, pretty: pretty, indent: indent + 1, into: &output)
        }
      }
      if pretty { newline(indent, into: &output) }
      output += "}"
    }
  }

  private static func newline(_ indent: Int, into output: inout String) {
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }

  /// Appends `text` as a JSON string literal.
  public static func writeString(_ text: String, into output: inout String) {
    output += "\""
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
    output += "\""
  }
}
