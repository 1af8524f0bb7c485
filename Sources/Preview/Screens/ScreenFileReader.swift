import Foundation
import Messagevisor
import MessagevisorProject

/// Reads preview screen files (`previews/<name>.yml`) with the project's YAML reader.
///
/// The schema is documented in `docs/preview-screens.md`. Every mistake is reported with
/// `file:line:column`; a bad file never stops the other screens from loading.
public struct ScreenFileReader: Sendable {
  /// The largest screen file accepted, in bytes.
  public static let maxFileSize = 256 * 1024
  /// The most blocks a screen may have.
  public static let maxBlocks = 200
  /// The most screens read from one project.
  public static let maxScreens = 100

  /// Creates a reader.
  public init() {}

  /// The block keys a screen file may use, with what they hold.
  public static let blockKinds: [String] = [
    "chip", "badge", "heading", "paragraph", "button", "list", "card", "art", "status", "spacer",
    "back",
  ]

  /// Reads every `*.yml` in `directory` (sorted by name). `relativeTo` is the prefix used in
  /// error positions (e.g. `previews`).
  public func readDirectory(_ directory: String, relativeTo label: String = "previews") -> (
    screens: [ScreenDefinition], errors: [ScreenFileError]
  ) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return ([], []) }
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
    var screens: [ScreenDefinition] = []
    var errors: [ScreenFileError] = []
    for name in names.prefix(Self.maxScreens) {
      let label = label + "/" + name
      do {
        screens.append(try readFile(directory + "/" + name, label: label))
      } catch {
        errors.append(error)
      }
    }
    if names.count > Self.maxScreens {
      errors.append(
        ScreenFileError(
          file: label, line: 0, column: 0,
          message: "more than \(Self.maxScreens) screen files; the rest are ignored"))
    }
    return (screens, errors)
  }

  /// Reads one file; its screen name is the file name without the extension.
  public func readFile(_ path: String, label: String) throws(ScreenFileError) -> ScreenDefinition {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ScreenFileError(file: label, line: 0, column: 0, message: "cannot read the file")
    }
    guard data.count <= Self.maxFileSize else {
      throw ScreenFileError(
        file: label, line: 0, column: 0,
        message: "the file is \(data.count) bytes; screen files are limited to \(Self.maxFileSize)")
    }
    let base = (label as NSString).lastPathComponent
    let name = (base as NSString).deletingPathExtension
    return try parse(Array(data), name: name, file: label)
  }

  /// Parses a screen file's bytes.
  public func parse(_ bytes: [UInt8], name: String, file: String) throws(ScreenFileError)
    -> ScreenDefinition
  {
    let root: YAMLNode
    do {
      root = try YAMLParser().parse(bytes, file: file)
    } catch {
      throw ScreenFileError(
        file: file, line: error.line, column: error.column, message: error.message)
    }
    var context = Context(file: file)
    return try context.screen(root, name: name)
  }

  /// The parsing state for one file.
  struct Context {
    var file: String

    func fail(_ node: YAMLNode, _ message: String) -> ScreenFileError {
      ScreenFileError(file: file, line: node.line, column: node.column, message: message)
    }

    func fail(_ entry: YAMLEntry, _ message: String) -> ScreenFileError {
      ScreenFileError(file: file, line: entry.line, column: entry.column, message: message)
    }

    func mapping(_ node: YAMLNode, _ what: String, allowed: Set<String>) throws(ScreenFileError)
      -> [YAMLEntry]
    {
      guard let entries = node.entries else { throw fail(node, "\(what) must be a mapping") }
      for entry in entries where !allowed.contains(entry.key) {
        throw fail(
          entry,
          "unknown field \"\(entry.key)\" in \(what) (expected one of: \(allowed.sorted().joined(separator: ", ")))"
        )
      }
      return entries
    }

    func string(_ node: YAMLNode, _ what: String) throws(ScreenFileError) -> String {
      guard let text = node.string, !text.isEmpty else {
        throw fail(node, "\(what) must be a non-empty string")
      }
      return text
    }

    func integer(_ node: YAMLNode, _ what: String, range: ClosedRange<Int>) throws(ScreenFileError)
      -> Int
    {
      guard case .int(let value)? = node.scalar, range.contains(value) else {
        throw fail(
          node, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }

    func bool(_ node: YAMLNode, _ what: String) throws(ScreenFileError) -> Bool {
      guard case .bool(let value)? = node.scalar else {
        throw fail(node, "\(what) must be true or false")
      }
      return value
    }

    mutating func screen(_ root: YAMLNode, name: String) throws(ScreenFileError) -> ScreenDefinition
    {
      let entries = try mapping(
        root, "a screen file", allowed: ["title", "description", "order", "blocks"])
      guard let titleNode = root["title"] else {
        throw fail(root, "a screen file needs a title (e.g. title: Home)")
      }
      let title = try string(titleNode, "title")
      if let description = root["description"] { _ = try string(description, "description") }
      var order: Int?
      if let node = root["order"] { order = try integer(node, "order", range: 0...10_000) }
      guard let blocksNode = root["blocks"] else {
        throw fail(root, "a screen file needs blocks: a list of blocks such as - heading: KEY")
      }
      guard let items = blocksNode.items else {
        throw fail(blocksNode, "blocks must be a list (each item starts with -)")
      }
      guard items.count <= ScreenFileReader.maxBlocks else {
        throw fail(blocksNode, "a screen has at most \(ScreenFileReader.maxBlocks) blocks")
      }
      _ = entries
      var blocks: [ScreenBlockSpec] = []
      for item in items { blocks.append(try block(item)) }
      return ScreenDefinition(
        name: name, title: title, file: file, blocks: blocks, order: order)
    }

    /// The fields every block may have besides its kind key.
    static let commonFields: Set<String> = ["optional", "width", "tab", "values"]

    mutating func block(_ node: YAMLNode) throws(ScreenFileError) -> ScreenBlockSpec {
      guard let entries = node.entries, !entries.isEmpty else {
        throw fail(node, "a block must be a mapping such as - heading: home.title")
      }
      let kinds = entries.filter { ScreenFileReader.blockKinds.contains($0.key) }
      guard let kindEntry = kinds.first else {
        throw fail(
          entries[0],
          "unknown block \"\(entries[0].key)\" (expected one of: \(ScreenFileReader.blockKinds.joined(separator: ", ")))"
        )
      }
      if kinds.count > 1 {
        throw fail(kinds[1], "a block has one kind; \"\(kindEntry.key)\" already set it")
      }
      var allowed = Self.commonFields.union([kindEntry.key])
      switch kindEntry.key {
      case "paragraph": allowed.insert("style")
      case "button": allowed.formUnion(["opens", "action"])
      default: break
      }
      for entry in entries where !allowed.contains(entry.key) {
        throw fail(
          entry,
          "unknown field \"\(entry.key)\" in a \(kindEntry.key) block (allowed: \(allowed.sorted().joined(separator: ", ")))"
        )
      }
      let values =
        try node["values"].map { node throws(ScreenFileError) in try self.values(node) } ?? [:]
      var spec = ScreenBlockSpec(kind: .back, line: kindEntry.line, column: kindEntry.column)
      if let optional = node["optional"] { spec.optional = try bool(optional, "optional") }
      if let width = node["width"] { spec.width = try integer(width, "width", range: 1...500) }
      if let tab = node["tab"] { spec.tab = try integer(tab, "tab", range: 0...1000) }
      let value = kindEntry.value
      switch kindEntry.key {
      case "chip", "badge":
        spec.kind = .chip(try binding(value, values: values))
      case "heading":
        spec.kind = .heading(try binding(value, values: values))
      case "paragraph":
        var style = ScreenTextStyle.secondary
        if let node = node["style"] {
          let name = try string(node, "style")
          guard let parsed = ScreenTextStyle(rawValue: name) else {
            throw fail(
              node,
              "unknown style \"\(name)\" (expected one of: \(ScreenTextStyle.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
          }
          style = parsed
        }
        spec.kind = .paragraph(try binding(value, values: values), style: style)
      case "button":
        var action = ScreenAction.inert
        if let opens = node["opens"] {
          if node["action"] != nil {
            throw fail(opens, "a button has either opens: or action:, not both")
          }
          action = .open(try string(opens, "opens"))
        } else if let node = node["action"] {
          switch try string(node, "action") {
          case "refresh": action = .refresh
          case "back": action = .back
          case "none": action = .inert
          case let other:
            throw fail(
              node,
              "unknown action \"\(other)\" (expected refresh, back or none; use opens: NAME to open a screen)"
            )
          }
        }
        spec.kind = .button(try binding(value, values: values), action: action)
      case "list":
        guard let items = value.items, !items.isEmpty else {
          throw fail(value, "list must be a non-empty list of message keys")
        }
        var bindings: [TextBinding] = []
        for item in items { bindings.append(try binding(item, values: values)) }
        spec.kind = .list(bindings)
      case "card":
        guard let rows = value.items, !rows.isEmpty else {
          throw fail(value, "card must be a non-empty list of rows (- label: KEY, value: KEY)")
        }
        var cardRows: [ScreenBlockSpec.CardRow] = []
        for row in rows {
          _ = try mapping(row, "a card row", allowed: ["label", "value", "values"])
          guard let label = row["label"], let rowValue = row["value"] else {
            throw fail(row, "a card row needs label: KEY and value: KEY")
          }
          let rowValues =
            try row["values"].map { node throws(ScreenFileError) in try self.values(node) }
            ?? values
          cardRows.append(
            .init(
              label: try binding(label, values: rowValues),
              value: try binding(rowValue, values: rowValues)))
        }
        spec.kind = .card(cardRows)
      case "art":
        guard let lines = value.items, !lines.isEmpty, lines.count <= 40 else {
          throw fail(value, "art must be a list of 1 to 40 quoted lines")
        }
        var art: [String] = []
        for line in lines {
          guard let text = line.string else { throw fail(line, "each art line must be a string") }
          guard text.count <= 200 else { throw fail(line, "an art line is at most 200 characters") }
          art.append(text)
        }
        spec.kind = .art(art)
      case "status":
        let phases = try mapping(
          value, "status", allowed: Set(RefreshPhase.allCases.map(\.rawValue)))
        var bindings: [RefreshPhase: TextBinding] = [:]
        for entry in phases {
          if let phase = RefreshPhase(rawValue: entry.key) {
            bindings[phase] = try binding(entry.value, values: values)
          }
        }
        guard bindings[.idle] != nil else {
          throw fail(
            value,
            "status needs at least idle: KEY (and may name checking, downloading, applying, success)"
          )
        }
        spec.kind = .status(StatusBinding(phases: bindings))
      case "spacer":
        spec.kind = .spacer(try integer(value, "spacer", range: 1...20))
      default:  // back
        if case .bool(false)? = value.scalar {
          throw fail(value, "back: true shows the back link; remove the block to hide it")
        }
        spec.kind = .back
      }
      if spec.width != nil, !(spec.kind.isChipOrButton) {
        throw fail(node["width"] ?? node, "width is a budget for chips and buttons only")
      }
      return spec
    }

    func binding(_ node: YAMLNode, values: [String: ScreenValue]) throws(ScreenFileError)
      -> TextBinding
    {
      guard let key = node.string, !key.isEmpty else {
        throw fail(node, "expected a message key (a string such as home.title)")
      }
      return TextBinding(key: key, values: values, line: node.line, column: node.column)
    }

    func values(_ node: YAMLNode) throws(ScreenFileError) -> [String: ScreenValue] {
      guard let entries = node.entries else {
        throw fail(node, "values must be a mapping of placeholder name to example value")
      }
      var result: [String: ScreenValue] = [:]
      for entry in entries { result[entry.key] = try value(entry.value) }
      return result
    }

    /// The dynamic `$name` values.
    static let dollarValues: [String: ScreenValue] = [
      "$now": .now(offset: 0), "$lastSync": .lastSync, "$currency": .currency,
      "$locale": .locale, "$timeZone": .timeZone,
    ]

    func value(_ node: YAMLNode) throws(ScreenFileError) -> ScreenValue {
      switch node.kind {
      case .scalar(let scalar):
        guard case .string(let text) = scalar, text.hasPrefix("$") else {
          return .literal(scalar)
        }
        if text.hasPrefix("$$") { return .literal(.string(String(text.dropFirst()))) }
        if let known = Self.dollarValues[text] { return known }
        if text.hasPrefix("$context."), text.count > 9 {
          return .context(String(text.dropFirst(9)))
        }
        throw fail(
          node,
          "unknown value \(text) (expected $now, $lastSync, $currency, $locale, $timeZone or $context.NAME; write $$ for a literal $)"
        )
      case .sequence:
        throw fail(node, "a value is a scalar, a $name or a mapping such as {now: -5m}")
      case .mapping(let entries):
        guard entries.count >= 1 else { throw fail(node, "an empty mapping is not a value") }
        let head = entries[0]
        switch head.key {
        case "now":
          _ = try mapping(node, "a now value", allowed: ["now"])
          let text = head.value.string ?? head.value.scalar.map(PreviewContent.display) ?? ""
          guard let offset = ScreenValue.offset(text) else {
            throw fail(head.value, "now: takes an offset such as -5m, +2d, 30s or 0")
          }
          return .now(offset: offset)
        case "date":
          _ = try mapping(node, "a date value", allowed: ["date"])
          guard let text = head.value.string, let date = PortableDate.parse(text) else {
            throw fail(head.value, "date: takes an ISO 8601 date such as 2027-01-01T12:00:00Z")
          }
          return .date(date)
        case "message":
          _ = try mapping(node, "a message value", allowed: ["message"])
          return .message(try string(head.value, "message"))
        case "list":
          _ = try mapping(node, "a list value", allowed: ["list"])
          guard let items = head.value.items, !items.isEmpty else {
            throw fail(head.value, "list: takes a non-empty list of message keys")
          }
          var keys: [String] = []
          for item in items { keys.append(try string(item, "a list item")) }
          return .list(keys)
        case "relativeTime":
          _ = try mapping(
            node, "a relativeTime value", allowed: ["relativeTime", "unit", "preset"])
          let inner = try value(head.value)
          let unit =
            try node["unit"].map { n throws(ScreenFileError) in try string(n, "unit") } ?? "minute"
          guard ScreenValue.relativeTimeUnits.contains(unit) else {
            throw fail(
              node["unit"] ?? node,
              "unknown unit \(unit) (expected one of: \(ScreenValue.relativeTimeUnits.joined(separator: ", ")))"
            )
          }
          let preset = try node["preset"].map { n throws(ScreenFileError) in try string(n, "preset")
          }
          return .relativeTime(inner, unit: unit, preset: preset)
        default:
          throw fail(
            head,
            "unknown value \"\(head.key)\" (expected now, date, message, list or relativeTime)")
        }
      }
    }
  }
}

extension ScreenBlockSpec.Kind {
  /// Whether a width budget applies.
  var isChipOrButton: Bool {
    switch self {
    case .chip, .button: return true
    default: return false
    }
  }
}
