import CYAML
import Foundation
import Messagevisor

/// Parses YAML 1.2-core-style documents (as js-yaml's default schema reads them) through libyaml.
///
/// Typing of plain scalars: `null`/`~`/empty → null; `true`/`false` (any of the three js-yaml
/// casings) → bool; decimal, `0x`, `0o` integers → int; floats, `.inf`, `.nan` → double;
/// timestamps (`2026-01-01`, `2026-01-01T10:00:00+02:00`) → ISO strings in UTC with milliseconds
/// (`2026-01-01T00:00:00.000Z`). Quoted, literal and folded scalars are always strings. Anchors,
/// aliases and merge keys (`<<`) are supported. JSON is parsed as YAML (it is a subset for the
/// documents projects contain).
///
/// Limits (each throws a ``YAMLError`` with the `file:line:column` of the node that crossed it):
/// - ``maxDepth``: nesting of sequences and mappings (default 200);
/// - ``maxAliasExpansion``: nodes that aliases add to a document, counting every alias as a copy
///   of the node it names, nested aliases included (default 200,000);
/// - ``maxAliasExpansionBytes``: UTF-8 bytes of scalars (values and keys) that aliases add, counted
///   the same way (default 16 MiB), so one large anchored string repeated by aliases ("billion
///   laughs" with long strings) fails at the alias that crosses the budget, before anything is
///   built or written.
///
/// Duplicate keys in a mapping are an error, found in linear time (a hash set per mapping).
public struct YAMLParser: Sendable {
  /// Maximum nesting depth of sequences and mappings.
  public var maxDepth: Int = 200
  /// Maximum number of nodes produced by alias expansion in one document.
  public var maxAliasExpansion: Int = 200_000
  /// Maximum number of scalar bytes (UTF-8) produced by alias expansion in one document.
  public var maxAliasExpansionBytes: Int = 16 * 1024 * 1024

  /// Creates a parser with the default bounds.
  public init() {}

  /// Parses the first document in `text`; an empty document gives a null scalar.
  public func parse(_ text: String, file: String = "<string>") throws(YAMLError) -> YAMLNode {
    try parse(Array(text.utf8), file: file)
  }

  /// Parses the file at `path`.
  public func parseFile(at path: String) throws(YAMLError) -> YAMLNode {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw YAMLError(file: path, line: 0, column: 0, message: "cannot read file")
    }
    return try parse(Array(data), file: path)
  }

  /// Parses UTF-8 bytes.
  public func parse(_ bytes: [UInt8], file: String) throws(YAMLError) -> YAMLNode {
    var session = YAMLParseSession(
      file: file, maxDepth: maxDepth, maxExpansion: maxAliasExpansion,
      maxExpansionBytes: maxAliasExpansionBytes)
    return try session.run(bytes)
  }
}

/// One parse: owns the libyaml parser state, the anchor table and the expansion budget.
struct YAMLParseSession {
  let file: String
  let maxDepth: Int
  let maxExpansion: Int
  let maxExpansionBytes: Int
  var anchors: [String: Parsed] = [:]
  var expanded = 0
  var expandedBytes = 0
  var parser = yaml_parser_t()
  /// Bytes in the input (an error found there is at the end of the file).
  var inputCount = 0

  /// A parsed node with its expanded size: nodes, and UTF-8 bytes of its scalars.
  struct Parsed {
    var node: YAMLNode
    var size: Int
    var bytes: Int
  }

  init(file: String, maxDepth: Int, maxExpansion: Int, maxExpansionBytes: Int) {
    self.file = file
    self.maxDepth = maxDepth
    self.maxExpansion = maxExpansion
    self.maxExpansionBytes = maxExpansionBytes
  }

  mutating func run(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
    guard yaml_parser_initialize(&parser) == 1 else {
      throw YAMLError(file: file, line: 0, column: 0, message: "cannot initialise libyaml")
    }
    defer { yaml_parser_delete(&parser) }
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    defer { buffer.deallocate() }
    _ = buffer.initialize(from: bytes)
    inputCount = bytes.count
    yaml_parser_set_input_string(&parser, buffer.baseAddress, bytes.count)
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

    var result: YAMLNode? = nil
    while true {
      let event = try next()
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return result ?? YAMLNode(kind: .scalar(.null), line: 1, column: 1)
      case YAML_DOCUMENT_START_EVENT:
        let node = try parseNode(try next(), depth: 0).node
        let end = try next()
        guard end.type == YAML_DOCUMENT_END_EVENT else {
          throw YAMLError(
            file: file, line: end.line, column: end.column, message: "expected end of document")
        }
        if result == nil { result = node }
      default:
        continue
      }
    }
  }

  /// A copied libyaml event (the C event is freed right away).
  struct Event {
    var type: yaml_event_type_t
    var line: Int
    var column: Int
    var anchor: String?
    var tag: String?
    var value: String
    var plain: Bool
  }

  mutating func next() throws(YAMLError) -> Event {
    var event = yaml_event_t()
    guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError() }
    defer { yaml_event_delete(&event) }
    var copy = Event(
      type: event.type, line: Int(event.start_mark.line) + 1,
      column: Int(event.start_mark.column) + 1, anchor: nil, tag: nil, value: "", plain: false)
    func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      copy.anchor = text(scalar.anchor)
      copy.tag = text(scalar.tag)
      if let pointer = scalar.value {
        copy.value =
          String(
            decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
      }
      copy.plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
    case YAML_ALIAS_EVENT:
      copy.anchor = text(event.data.alias.anchor)
    case YAML_SEQUENCE_START_EVENT:
      copy.anchor = text(event.data.sequence_start.anchor)
      copy.tag = text(event.data.sequence_start.tag)
    case YAML_MAPPING_START_EVENT:
      copy.anchor = text(event.data.mapping_start.anchor)
      copy.tag = text(event.data.mapping_start.tag)
    default:
      break
    }
    return copy
  }

  /// The error libyaml reported, at the place to fix: where the problem was found, except when
  /// that is the end of the input and libyaml names what it was scanning (an unclosed quote,
  /// bracket or block): then at the start of that construct (the context mark), with the end of
  /// the input named in the message.
  func syntaxError() -> YAMLError {
    let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
    let context = parser.context.map { String(cString: $0) + " " } ?? ""
    let mark = parser.problem_mark
    let atEnd = Int(mark.index) >= inputCount
    if parser.context != nil, atEnd, parser.context_mark.index < mark.index {
      let start = parser.context_mark
      return YAMLError(
        file: file, line: Int(start.line) + 1, column: Int(start.column) + 1,
        message:
          "invalid YAML: \(context)\(problem) (this starts here and is not closed before the end of the file at \(mark.line + 1):\(mark.column + 1))"
      )
    }
    return YAMLError(
      file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1,
      message: "invalid YAML: \(context)\(problem)")
  }

  /// Parses the node that starts with `event`; returns it with its node count and scalar bytes.
  mutating func parseNode(_ event: Event, depth: Int) throws(YAMLError) -> Parsed {
    guard depth <= maxDepth else {
      throw YAMLError(
        file: file, line: event.line, column: event.column,
        message: "nesting deeper than \(maxDepth) levels")
    }
    var result: Parsed
    switch event.type {
    case YAML_ALIAS_EVENT:
      let name = event.anchor ?? ""
      guard let target = anchors[name] else {
        throw YAMLError(
          file: file, line: event.line, column: event.column, message: "unknown alias *\(name)")
      }
      expanded += target.size
      expandedBytes += target.bytes
      guard expanded <= maxExpansion else {
        throw YAMLError(
          file: file, line: event.line, column: event.column,
          message:
            "alias *\(name) makes alias expansion exceed \(maxExpansion) nodes (each alias counts as a copy of what it names)"
        )
      }
      guard expandedBytes <= maxExpansionBytes else {
        throw YAMLError(
          file: file, line: event.line, column: event.column,
          message:
            "alias *\(name) makes alias expansion exceed \(maxExpansionBytes) bytes (each alias counts as a copy of what it names)"
        )
      }
      return target
    case YAML_SCALAR_EVENT:
      let value = YAMLScalarTyping.value(
        of: event.value, plain: event.plain, tag: event.tag)
      result = Parsed(
        node: YAMLNode(kind: .scalar(value), line: event.line, column: event.column), size: 1,
        bytes: event.value.utf8.count)
    case YAML_SEQUENCE_START_EVENT:
      var items: [YAMLNode] = []
      var size = 1
      var bytes = 0
      while true {
        let child = try next()
        if child.type == YAML_SEQUENCE_END_EVENT { break }
        let parsed = try parseNode(child, depth: depth + 1)
        items.append(parsed.node)
        size += parsed.size
        bytes += parsed.bytes
      }
      result = Parsed(
        node: YAMLNode(kind: .sequence(items), line: event.line, column: event.column), size: size,
        bytes: bytes)
    case YAML_MAPPING_START_EVENT:
      var entries: [YAMLEntry] = []
      var merged: [YAMLEntry] = []
      // Keys seen so far (entries and merged entries): the duplicate check is linear.
      var entryKeys: Set<String> = []
      var mergedKeys: Set<String> = []
      var size = 1
      var bytes = 0
      while true {
        let keyEvent = try next()
        if keyEvent.type == YAML_MAPPING_END_EVENT { break }
        let key = try parseNode(keyEvent, depth: depth + 1)
        let value = try parseNode(try next(), depth: depth + 1)
        size += key.size + value.size
        bytes += key.bytes + value.bytes
        let keyText = YAMLScalarTyping.keyText(key.node)
        if keyText == "<<", keyEvent.plain || keyEvent.type == YAML_ALIAS_EVENT {
          let sources = value.node.items ?? [value.node]
          for source in sources {
            guard let sourceEntries = source.entries else {
              throw YAMLError(
                file: file, line: value.node.line, column: value.node.column,
                message: "merge key << needs a mapping or a list of mappings")
            }
            for entry in sourceEntries where mergedKeys.insert(entry.key).inserted {
              merged.append(entry)
            }
          }
          continue
        }
        guard entryKeys.insert(keyText).inserted else {
          throw YAMLError(
            file: file, line: key.node.line, column: key.node.column,
            message: "duplicated mapping key \"\(keyText)\"")
        }
        entries.append(
          YAMLEntry(key: keyText, line: key.node.line, column: key.node.column, value: value.node))
      }
      for entry in merged where !entryKeys.contains(entry.key) {
        entries.append(entry)
      }
      result = Parsed(
        node: YAMLNode(kind: .mapping(entries), line: event.line, column: event.column), size: size,
        bytes: bytes)
    default:
      throw YAMLError(
        file: file, line: event.line, column: event.column, message: "unexpected YAML event")
    }
    if let anchor = event.anchor { anchors[anchor] = result }
    return result
  }
}
