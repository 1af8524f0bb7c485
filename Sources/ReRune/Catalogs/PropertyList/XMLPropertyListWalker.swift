import CLibXML2
import Foundation
import TerminalSafety

/// Turns the element tree of an XML property list into ``PropertyListValue``s: `plist` (or a bare
/// value as the root), `dict` / `key`, `array`, `string`, `integer`, `real`, `true`, `false`, `date`
/// and `data`. Comments, processing instructions and white space between elements are ignored;
/// any other text, an entity reference or an unknown element is an error with its line.
struct XMLPropertyListWalker {
  private(set) var duplicates: [PropertyListDocument.DuplicateKey] = []
  private var budget = PropertyListValueBudget()
  private var path: [String] = []

  /// The value of the document's root element (`<plist>` with one value, or a value).
  mutating func document(_ root: xmlNodePtr) throws(PropertyListError) -> PropertyListValue {
    guard Self.name(of: root) == "plist" else { return try value(root, depth: 1) }
    let children = try elementChildren(of: root, in: "plist")
    guard let first = children.first else {
      throw error(
        at: root, "<plist> is empty; it must hold one value (a .stringsdict holds a <dict>)")
    }
    guard children.count == 1 else {
      throw error(at: children[1], "<plist> holds more than one value; only the first may be there")
    }
    return try value(first, depth: 1)
  }

  private mutating func value(_ node: xmlNodePtr, depth: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    try budget.take()
    let name = Self.name(of: node)
    switch name {
    case "dict", "array":
      guard depth <= PropertyListReader.maxDepth else {
        throw error(
          at: node,
          "arrays and dictionaries are nested more than \(PropertyListReader.maxDepth) levels deep; the reader's limit"
        )
      }
      return name == "dict" ? try dictionary(node, depth: depth) : try array(node, depth: depth)
    case "string":
      return .string(try text(of: node, in: name))
    case "integer":
      let text = try text(of: node, in: name).trimmingCharacters(in: .whitespacesAndNewlines)
      guard let number = Self.integer(text) else {
        throw error(
          at: node, "<integer> \(quoted(text)) is not a 64-bit signed integer (decimal or 0x hex)")
      }
      return .integer(number)
    case "real":
      let text = try text(of: node, in: name).trimmingCharacters(in: .whitespacesAndNewlines)
      guard let number = Double(text) else {
        throw error(at: node, "<real> \(quoted(text)) is not a number")
      }
      return .real(number)
    case "true", "false":
      guard try elementChildren(of: node, in: name).isEmpty,
        try text(of: node, in: name).allSatisfy(\.isWhitespace)
      else {
        throw error(at: node, "<\(name)/> must be empty")
      }
      return .bool(name == "true")
    case "date":
      let text = try text(of: node, in: name).trimmingCharacters(in: .whitespacesAndNewlines)
      guard let seconds = PropertyListDate.seconds(iso8601: text) else {
        throw error(at: node, "<date> \(quoted(text)) is not a date like 2024-01-31T12:00:00Z")
      }
      return .date(seconds)
    case "data":
      let text = try text(of: node, in: name).filter { !$0.isWhitespace }
      guard let bytes = Data(base64Encoded: text) else {
        throw error(at: node, "<data> is not valid base64")
      }
      return .data([UInt8](bytes))
    case "key":
      throw error(at: node, "<key> outside a <dict> (or two keys in a row)")
    case "plist":
      throw error(at: node, "<plist> inside a property list")
    default:
      throw error(
        at: node,
        "unsupported element <\(name)>; a property list holds dict, key, array, string, integer, real, true, false, date and data"
      )
    }
  }

  private mutating func dictionary(_ node: xmlNodePtr, depth: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    let children = try elementChildren(of: node, in: "dict")
    var result: [String: PropertyListValue] = [:]
    var index = 0
    while index < children.count {
      let keyNode = children[index]
      guard Self.name(of: keyNode) == "key" else {
        throw error(
          at: keyNode, "<\(Self.name(of: keyNode))> in a <dict> where a <key> was expected")
      }
      let key = try text(of: keyNode, in: "key")
      guard index + 1 < children.count else {
        throw error(at: keyNode, "key \(quoted(key)) has no value")
      }
      path.append(key)
      let value = try value(children[index + 1], depth: depth + 1)
      path.removeLast()
      if result.updateValue(value, forKey: key) != nil {
        duplicates.append(.init(path: path + [key], line: Self.line(of: keyNode)))
      }
      index += 2
    }
    return .dictionary(result)
  }

  private mutating func array(_ node: xmlNodePtr, depth: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    var result: [PropertyListValue] = []
    for (index, child) in try elementChildren(of: node, in: "array").enumerated() {
      path.append("[\(index)]")
      result.append(try value(child, depth: depth + 1))
      path.removeLast()
    }
    return .array(result)
  }

  /// The element children of `node`; white-space text, comments and processing instructions
  /// between them are skipped, anything else is an error.
  private func elementChildren(of node: xmlNodePtr, in element: String) throws(PropertyListError)
    -> [xmlNodePtr]
  {
    var result: [xmlNodePtr] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        result.append(current)
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        let content = current.pointee.content.map { String(cString: $0) } ?? ""
        if element != "true", element != "false", !content.allSatisfy(\.isWhitespace) {
          throw error(
            at: node, "text \(quoted(content)) directly inside <\(element)>; put it in a <string>")
        }
      case XML_ENTITY_REF_NODE:
        throw entityError(current, parent: node)
      default:
        break  // comments, processing instructions
      }
      child = current.pointee.next
    }
    return result
  }

  /// The text of a `key`, `string`, … element: its text and CDATA children (character references and
  /// the predefined entities are already resolved by libxml2).
  private func text(of node: xmlNodePtr, in element: String) throws(PropertyListError) -> String {
    var bytes: [UInt8] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content {
          bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
        }
      case XML_ELEMENT_NODE:
        throw error(
          at: current,
          "element <\(Self.name(of: current))> inside <\(element)>; it may only hold text")
      case XML_ENTITY_REF_NODE:
        throw entityError(current, parent: node)
      default:
        break
      }
      child = current.pointee.next
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func entityError(_ node: xmlNodePtr, parent: xmlNodePtr) -> PropertyListError {
    let name = Self.name(of: node)
    return error(
      at: parent, "entity reference &\(name);: \(XMLErrorCollector.entityAdvice)")
  }

  private func error(at node: xmlNodePtr, _ message: String) -> PropertyListError {
    var message = message
    if !path.isEmpty { message += " (at \(path.map(quoted).joined(separator: ".")))" }
    return PropertyListError(line: Self.line(of: node), message: message)
  }

  /// `text` for an error message: shortened, and neutralized like every string a command prints
  /// (a file's control and bidi characters must not reach a terminal through an error).
  private func quoted(_ text: String) -> String {
    let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "'\(SafeText.neutralized(short))'"
  }

  private static func name(of node: xmlNodePtr) -> String {
    guard let name = node.pointee.name else { return "" }
    let local = String(cString: name)
    guard let prefix = node.pointee.ns?.pointee.prefix else { return local }
    return String(cString: prefix) + ":" + local
  }

  private static func line(of node: xmlNodePtr) -> Int? {
    let line = xmlGetLineNo(node)
    return line > 0 ? Int(line) : nil
  }

  /// Decimal or `0x` hexadecimal, with an optional sign, in the range of `Int64`.
  static func integer(_ text: String) -> Int64? {
    var digits = Substring(text)
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && $0.isASCII }),
      let magnitude = UInt64(digits, radix: radix)
    else { return nil }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }
}
