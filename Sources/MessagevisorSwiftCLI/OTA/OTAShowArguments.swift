import Foundation
import Messagevisor
import ReRune

/// Turns `--args '[3, "Ana"]'` into the engine values `arg1`, `arg2`, … of a catalog entry, checked
/// against the entry's argument kinds.
enum OTAShowArguments {
  /// Why the arguments cannot be used.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func values(_ json: String, kinds: [FormatArgumentKind]) throws(Failure)
    -> MessagevisorValues
  {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(
        with: Data(json.utf8), options: [.fragmentsAllowed])
    } catch {
      throw Failure(
        description:
          "--args must be a JSON array such as '[3, \"Ana\"]': \(error.localizedDescription)")
    }
    guard let items = parsed as? [Any] else {
      throw Failure(description: "--args must be a JSON array such as '[3, \"Ana\"]'")
    }
    let needed = kinds.count
    guard items.count >= needed else {
      let list = kinds.enumerated().map { "\($0.offset + 1): \($0.element.rawValue)" }
        .joined(separator: ", ")
      throw Failure(
        description:
          "the string takes \(needed) argument(s) (\(list)) and --args has \(items.count)")
    }
    var values: MessagevisorValues = [:]
    for (offset, item) in items.enumerated() {
      let kind = offset < kinds.count ? kinds[offset] : .object
      values["arg\(offset + 1)"] = try value(item, kind: kind, position: offset + 1)
    }
    return values
  }

  static func value(_ item: Any, kind: FormatArgumentKind, position: Int) throws(Failure)
    -> MessagevisorValue
  {
    let number = item as? NSNumber
    // JSON booleans arrive as NSNumbers whose type is `c` (char) or `B` (C99 bool).
    let isBool = number.map { ["c", "B"].contains(String(cString: $0.objCType)) } ?? false
    switch kind {
    case .integer, .double:
      guard let number, !isBool else {
        throw Failure(
          description:
            "argument \(position) must be a number (the string formats it with a \(kind.rawValue) specifier)"
        )
      }
      if kind == .integer, let exact = Int(exactly: number.doubleValue) { return .int(exact) }
      return .double(number.doubleValue)
    case .character:
      if let text = item as? String, text.count == 1 { return .string(text) }
      if let number, !isBool, let code = Int(exactly: number.doubleValue),
        let scalar = code >= 0 && code <= 0x10FFFF ? Unicode.Scalar(UInt32(code)) : nil
      {
        return .string(String(Character(scalar)))
      }
      throw Failure(
        description: "argument \(position) is a %c: give a code point (65) or one character (\"A\")"
      )
    case .object, .unused:
      if let text = item as? String { return .string(text) }
      if let number, isBool { return .bool(number.boolValue) }
      if let number {
        if let exact = Int(exactly: number.doubleValue) { return .int(exact) }
        return .double(number.doubleValue)
      }
      if item is NSNull { return .null }
      throw Failure(description: "argument \(position) must be a string, number or boolean")
    }
  }
}
