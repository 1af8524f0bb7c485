import CYAML

/// Reads the first document of a YAML file into ``YAMLSourceNode``s with byte positions.
///
/// libyaml's marks count characters (a CR LF counts two); the reader turns them into byte
/// offsets so text can be replaced in the original bytes.
/// Syntax errors become a ``MessageEditError/invalidYAML(_:)`` with the file's line and column.
struct YAMLSourceReader {
  /// The label used in errors.
  let file: String
  /// Maximum nesting of collections (as ``YAMLParser/maxDepth``).
  var maxDepth = 200

  /// Creates a reader whose errors name `file`.
  init(file: String) {
    self.file = file
  }

  /// Parses `bytes`; an empty document gives `nil`.
  func read(_ bytes: [UInt8]) throws(MessageEditError) -> YAMLSourceNode? {
    var session = Session(file: file, maxDepth: maxDepth, bytes: bytes)
    return try session.run()
  }

  /// One parse: the libyaml parser and the character → byte table.
  private struct Session {
    let file: String
    let maxDepth: Int
    let bytes: [UInt8]
    /// Byte offset of each character libyaml counts (plus one past the end).
    var offsets: [Int] = []
    var parser = yaml_parser_t()

    init(file: String, maxDepth: Int, bytes: [UInt8]) {
      self.file = file
      self.maxDepth = maxDepth
      self.bytes = bytes
      // With the encoding set explicitly (as here), libyaml counts a leading byte order mark as
      // a character like any other.
      offsets.reserveCapacity(bytes.count + 1)
      for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
        offsets.append(index)
      }
      offsets.append(bytes.count)
    }

    mutating func run() throws(MessageEditError) -> YAMLSourceNode? {
      guard yaml_parser_initialize(&parser) == 1 else {
        throw .invalidYAML(
          YAMLError(file: file, line: 0, column: 0, message: "cannot start libyaml"))
      }
      defer { yaml_parser_delete(&parser) }
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
      defer { buffer.deallocate() }
      _ = buffer.initialize(from: bytes)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, bytes.count)
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      while true {
        let event = try next()
        switch event.type {
        case YAML_STREAM_END_EVENT:
          return nil
        case YAML_DOCUMENT_START_EVENT:
          return try node(try next(), depth: 0)
        default:
          continue
        }
      }
    }

    /// A copied libyaml event.
    struct Event {
      var type: yaml_event_type_t
      var start: YAMLSourceMark
      var end: YAMLSourceMark
      var anchor: String?
      var tag: String?
      var value = ""
      var style = YAMLScalarStyle.plain
      var flow = false
    }

    func mark(_ mark: yaml_mark_t) -> YAMLSourceMark {
      let index = min(Int(mark.index), offsets.count - 1)
      return YAMLSourceMark(
        offset: offsets[index], line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    mutating func next() throws(MessageEditError) -> Event {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else {
        let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
        let context = parser.context.map { String(cString: $0) + " " } ?? ""
        let mark = parser.problem_mark
        throw .invalidYAML(
          YAMLError(
            file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1,
            message: "invalid YAML: \(context)\(problem)"))
      }
      defer { yaml_event_delete(&event) }
      func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
      }
      var copy = Event(
        type: event.type, start: mark(event.start_mark), end: mark(event.end_mark))
      switch event.type {
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        copy.anchor = text(scalar.anchor)
        copy.tag = text(scalar.tag)
        if let pointer = scalar.value {
          copy.value = String(
            decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
        }
        switch scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: copy.style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: copy.style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: copy.style = .literal
        case YAML_FOLDED_SCALAR_STYLE: copy.style = .folded
        default: copy.style = .plain
        }
      case YAML_ALIAS_EVENT:
        copy.anchor = text(event.data.alias.anchor)
      case YAML_SEQUENCE_START_EVENT:
        copy.anchor = text(event.data.sequence_start.anchor)
        copy.tag = text(event.data.sequence_start.tag)
        copy.flow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
      case YAML_MAPPING_START_EVENT:
        copy.anchor = text(event.data.mapping_start.anchor)
        copy.tag = text(event.data.mapping_start.tag)
        copy.flow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
      default:
        break
      }
      return copy
    }

    mutating func node(_ event: Event, depth: Int) throws(MessageEditError) -> YAMLSourceNode {
      guard depth <= maxDepth else {
        throw .invalidYAML(
          YAMLError(
            file: file, line: event.start.line, column: event.start.column,
            message: "nesting deeper than \(maxDepth) levels"))
      }
      switch event.type {
      case YAML_ALIAS_EVENT:
        return YAMLSourceNode(
          kind: .alias(event.anchor ?? ""), start: event.start, end: event.end, anchor: nil,
          tag: nil)
      case YAML_SCALAR_EVENT:
        return YAMLSourceNode(
          kind: .scalar(event.value, event.style), start: event.start, end: event.end,
          anchor: event.anchor, tag: event.tag)
      case YAML_SEQUENCE_START_EVENT:
        var items: [YAMLSourceNode] = []
        while true {
          let child = try next()
          if child.type == YAML_SEQUENCE_END_EVENT {
            return YAMLSourceNode(
              kind: .sequence(items, flow: event.flow), start: event.start, end: child.end,
              anchor: event.anchor, tag: event.tag)
          }
          items.append(try node(child, depth: depth + 1))
        }
      case YAML_MAPPING_START_EVENT:
        var entries: [YAMLSourceEntry] = []
        while true {
          let keyEvent = try next()
          if keyEvent.type == YAML_MAPPING_END_EVENT {
            return YAMLSourceNode(
              kind: .mapping(entries, flow: event.flow), start: event.start, end: keyEvent.end,
              anchor: event.anchor, tag: event.tag)
          }
          let key = try node(keyEvent, depth: depth + 1)
          let value = try node(try next(), depth: depth + 1)
          let keyText: String
          switch key.kind {
          case .scalar(let text, _): keyText = text
          case .alias(let name): keyText = "*" + name
          default: keyText = ""
          }
          entries.append(YAMLSourceEntry(key: keyText, keyNode: key, value: value))
        }
      default:
        throw .invalidYAML(
          YAMLError(
            file: file, line: event.start.line, column: event.start.column,
            message: "unexpected YAML event"))
      }
    }
  }
}
