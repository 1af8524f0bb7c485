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
    writeValue(value, pretty: pretty, indent: 0, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func writeValue(
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
        writeValue(item, pretty: pretty, indent: indent + 1, into: &output)
      }
      if pretty { newline(indent, into: &output) }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      writeObject(
        members: object.sorted(by: { $0.key < $1.key }), pretty: pretty, indent: indent,
        into: &output
      ) { _, value, output in
        writeValue(value, pretty: pretty, indent: indent + 1, into: &output)
      }
    }
  }

  /// Appends an object of `members` in the order given (the caller sorts them as the writer
  /// does: by `String` `<` on the keys), each value written by `value` (given the member's key
  /// and value) at depth `indent + 1`.
  ///
  /// What a builder of a large object already holds in key order (a datafile's translations,
  /// thousands of them) is written without making a dictionary and sorting it again.
  ///
  /// Inlinable, so that a caller in another module gets it specialized for its sequence:
  /// through the generic iterator, the metadata lookups and copies of a datafile's translations
  /// took about 3 % of the CPU of a cold build of a big project.
  @inlinable
  public static func writeObject<Members: Sequence, Value>(
    members: Members, pretty: Bool, indent: Int, into output: inout [UInt8],
    value: (String, Value, inout [UInt8]) -> Void
  ) where Members.Element == (key: String, value: Value) {
    var iterator = members.makeIterator()
    guard var member = iterator.next() else {
      output.append(contentsOf: "{}".utf8)
      return
    }
    output.append(UInt8(ascii: "{"))
    var first = true
    while true {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      if pretty { newline(indent + 1, into: &output) }
      writeString(member.key, into: &output)
      output.append(UInt8(ascii: ":"))
      if pretty { output.append(UInt8(ascii: " ")) }
      value(member.key, member.value, &output)
      guard let next = iterator.next() else { break }
      member = next
    }
    if pretty { newline(indent, into: &output) }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends the JSON text of `value` at depth `indent` (what ``write(_:pretty:)`` writes for a
  /// value nested that deep).
  public static func write(
    _ value: MessagevisorValue, pretty: Bool, indent: Int, into output: inout [UInt8]
  ) {
    writeValue(value, pretty: pretty, indent: indent, into: &output)
  }

  @usableFromInline
  static func newline(_ indent: Int, into output: inout [UInt8]) {
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
  public static func writeString(_ text: String, into output: inout [UInt8]) {
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
