import Foundation

/// Serialises ``MessagevisorValue`` trees as JSON with sorted keys (deterministic output), numbers
/// as `JSON.stringify` prints them (``JavaScriptNumber``; non-finite numbers become `null`) and
/// dates as ISO 8601 strings. `pretty` indents by two spaces like `JSON.stringify(v, null, 2)`.
///
/// The text is built as UTF-8 bytes: strings are copied in runs between the characters that need
/// an escape, so writing a datafile of tens of thousands of translations costs about a copy of
/// its text.
@_spi(MessagevisorModules) public enum JSONWriter {
  /// The JSON text of `value`.
  public static func write(_ value: MessagevisorValue, pretty: Bool) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(value, pretty: pretty, indent: 0, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func write(
    _ value: MessagevisorValue, pretty: Bool, indent: Int, into output: inout [UInt8]
  ) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .double(let number):
      output.append(contentsOf: (number.isFinite ? JavaScriptNumber.string(number) : "null").utf8)
    case .string(let text): writeString(text, into: &output)
    case .date(let date): writeString(PortableDate.isoString(date), into: &output)
    case .array(let items):
      if items.isEmpty {
        output.append(contentsOf: "[]".utf8)
        return
      }
      output.append(UInt8(ascii: "["))
      for (offset, item) in items.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newline(indent + 1, into: &output) }
        write(item, pretty: pretty, indent: indent + 1, into: &output)
      }
      if pretty { newline(indent, into: &output) }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      if object.isEmpty {
        output.append(contentsOf: "{}".utf8)
        return
      }
      output.append(UInt8(ascii: "{"))
      for (offset, member) in object.sorted(by: { $0.key < $1.key }).enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newline(indent + 1, into: &output) }
        writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
        write(member.value, pretty: pretty, indent: indent + 1, into: &output)
      }
      if pretty { newline(indent, into: &output) }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ indent: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  /// Appends `text` as a JSON string literal.
  public static func writeString(_ text: String, into output: inout String) {
    var bytes: [UInt8] = []
    writeString(text, into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a JSON string literal, as UTF-8.
  static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        runStart = index + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
          // `\u00XX` with lowercase hex digits; `byte` is below 0x20.
          let low = byte & 0x0F
          output.append(contentsOf: "u00".utf8)
          output.append(UInt8(ascii: "0") + (byte >> 4))
          output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }
}
