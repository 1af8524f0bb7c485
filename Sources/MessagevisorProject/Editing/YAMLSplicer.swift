/// Changes a YAML file by replacing the bytes of single scalars and inserting entries into block
/// mappings, leaving every other byte as it was; the result is parsed again and compared with
/// the original before it is handed out.
///
/// Constructs whose edit could change other values or that cannot be edited by replacing one
/// scalar (anchors, aliases, tags, merge keys, flow collections) are refused when they are on
/// the edited path.
struct YAMLSplicer {
  /// One step of a path: a mapping key or a sequence index.
  enum Step: Sendable, Equatable {
    /// The value of this key in a mapping.
    case key(String)
    /// The item at this index in a sequence.
    case index(Int)
  }

  /// A value to insert: a scalar (with the style its siblings use) or a block mapping.
  indirect enum NewValue {
    /// A string scalar, written in this style when it can be.
    case scalar(String, YAMLScalarStyle)
    /// A block mapping with these entries in order.
    case mapping([(String, NewValue)])
  }

  /// Bytes replacing a range of the original.
  struct Patch {
    var range: Range<Int>
    var bytes: [UInt8]
  }

  /// What an edit does to the parsed document: `key` of the mapping at `container` becomes
  /// `value`, inserted at `insertAt` when the key is new.
  struct ExpectedEdit {
    var container: [Step]
    var key: String
    var value: YAMLNode
    var insertAt: Int
    /// The key is removed instead (`value` and `insertAt` unused).
    var removes = false
  }

  /// The label used in errors.
  let file: String
  /// The bytes being edited.
  let original: [UInt8]
  /// The document read with positions.
  let root: YAMLSourceNode
  /// The document as the project reads it (what the result is compared with).
  let parsed: YAMLNode
  /// The byte changes so far (applied by ``result()``).
  var patches: [Patch] = []
  /// What the changes should do to the parsed document (checked by ``result()``).
  var edits: [ExpectedEdit] = []

  /// Reads `bytes`; a file that does not parse (for the project's parser too: duplicate keys,
  /// unknown aliases) or is not a mapping is refused.
  init(file: String, bytes: [UInt8]) throws(MessageEditError) {
    self.file = file
    self.original = bytes
    do {
      parsed = try YAMLParser().parse(bytes, file: file)
    } catch {
      throw .invalidYAML(error)
    }
    guard let root = try YAMLSourceReader(file: file).read(bytes), root.entries != nil else {
      throw .unexpectedShape(
        file: file, line: 1, column: 1, what: "expected a mapping (a message file's fields)")
    }
    self.root = root
  }

  // MARK: Navigation

  /// Refuses a node that cannot be edited through: an alias, anchor, tag, flow collection, or a
  /// mapping with a merge key.
  func checkEditable(_ node: YAMLSourceNode) throws(MessageEditError) {
    func refuse(_ construct: String, at mark: YAMLSourceMark) -> MessageEditError {
      .unsupportedConstruct(file: file, line: mark.line, column: mark.column, construct: construct)
    }
    if case .alias(let name) = node.kind { throw refuse("the alias *\(name)", at: node.start) }
    if let anchor = node.anchor { throw refuse("the anchor &\(anchor)", at: node.start) }
    if let tag = node.tag { throw refuse("the tag \(tag)", at: node.start) }
    switch node.kind {
    case .mapping(let entries, let flow):
      if flow { throw refuse("a flow mapping {…}", at: node.start) }
      if let merge = entries.first(where: { $0.key == "<<" }) {
        throw refuse("the merge key <<", at: merge.keyNode.start)
      }
      if let alias = entries.first(where: {
        if case .alias = $0.keyNode.kind { true } else { false }
      }) {
        throw refuse("an alias as a key", at: alias.keyNode.start)
      }
    case .sequence(_, let flow):
      if flow { throw refuse("a flow sequence […]", at: node.start) }
    default:
      break
    }
  }

  /// The child of `node` at `step` (checking `node`), or `nil` when the key or index is absent.
  func child(of node: YAMLSourceNode, _ step: Step, what: String) throws(MessageEditError)
    -> YAMLSourceNode?
  {
    try checkEditable(node)
    switch step {
    case .key(let key):
      guard let entries = node.entries else {
        throw .unexpectedShape(
          file: file, line: node.start.line, column: node.start.column,
          what: "\(what) should be a mapping")
      }
      return entries.first { $0.key == key }?.value
    case .index(let index):
      guard let items = node.items else {
        throw .unexpectedShape(
          file: file, line: node.start.line, column: node.start.column,
          what: "\(what) should be a list")
      }
      return items.indices.contains(index) ? items[index] : nil
    }
  }

  // MARK: Edits

  /// Sets `key` of the block mapping `container` (found at `path`) to the string `text`:
  /// replaces the scalar's bytes when the key exists, else inserts a line after the last entry
  /// (or after the entry `after`, when given and present) in the mapping's style.
  mutating func setString(
    _ text: String, key: String, in container: YAMLSourceNode, at path: [Step],
    newStyle: YAMLScalarStyle? = nil
  ) throws(MessageEditError) {
    try checkEditable(container)
    guard let entries = container.entries else {
      throw .unexpectedShape(
        file: file, line: container.start.line, column: container.start.column,
        what: "expected a mapping")
    }
    guard let index = entries.firstIndex(where: { $0.key == key }) else {
      // The last sibling's style; a block sibling gives single-line text a plain line.
      let siblingStyle = entries.last.flatMap { entry -> YAMLScalarStyle? in
        guard case .scalar(_, let style) = entry.value.kind else { return nil }
        if style == .literal || style == .folded, !text.contains("\n") { return .plain }
        return style
      }
      try insert(
        [(key, .scalar(text, newStyle ?? siblingStyle ?? .plain))], into: container, at: path)
      return
    }
    let entry = entries[index]
    try checkEditable(entry.value)
    guard case .scalar(let old, let style) = entry.value.kind else {
      throw .unexpectedShape(
        file: file, line: entry.value.start.line, column: entry.value.start.column,
        what: "\(key) should be a text, not a list or mapping")
    }
    edits.append(
      ExpectedEdit(
        container: path, key: key, value: YAMLNode(kind: .scalar(.string(text))), insertAt: index))
    // Unchanged text that already reads as this string needs no bytes changed.
    if old == text, style != .plain || YAMLScalarTyping.value(of: old, plain: true) == .string(old)
    {
      return
    }
    try replaceScalar(entry, style: style, with: text, path: path + [.key(key)])
  }

  /// Inserts entries (new keys) after the last entry of `container`, or after the entry whose key
  /// is `after` when it exists.
  mutating func insert(
    _ newEntries: [(String, NewValue)], into container: YAMLSourceNode, at path: [Step],
    after: String? = nil
  ) throws(MessageEditError) {
    try checkEditable(container)
    guard let entries = container.entries, let first = entries.first else {
      throw .unexpectedShape(
        file: file, line: container.start.line, column: container.start.column,
        what: "expected a mapping with entries")
    }
    let anchorIndex =
      after.flatMap { key in entries.firstIndex { $0.key == key } } ?? entries.count - 1
    let (lineStart, needsBreak, endingBlock) = lineAfter(
      entries[anchorIndex].value, key: entries[anchorIndex].keyNode)
    let offset = min(lineStart, original.count)
    let ending = lineEnding(near: offset - 1)
    let indent = first.keyNode.start.column - 1
    var keyStyle = YAMLScalarStyle.plain
    if case .scalar(_, let style) = entries[anchorIndex].keyNode.kind { keyStyle = style }
    // A block ending the file without a break must strip the break the insertion adds.
    let header = needsBreak ? endingBlock.flatMap(strippingChomping(of:)) : nil
    // The siblings' styles first; if the lines do not read back (a kept final break of a block
    // would take in the blank lines after it), every text double-quoted.
    var inserted: Patch? = nil
    for quoteAll in [false, true] {
      var text = ""
      var endsWithBlock = false
      for (key, value) in newEntries {
        text += try entryText(
          key: key, value: value, indent: indent, lineEnding: ending, keyStyle: keyStyle,
          quoteAll: quoteAll, endsWithBlock: &endsWithBlock)
      }
      if needsBreak {
        text = ending + text
        if !endsWithBlock, text.hasSuffix(ending) { text.removeLast(ending.count) }
      }
      let patch = Patch(range: offset..<offset, bytes: Array(text.utf8))
      inserted = patch
      if reads(newEntries, at: path, with: [patch] + (header.map { [$0] } ?? [])) { break }
    }
    if let inserted { patches.append(inserted) }
    if let header { patches.append(header) }
    for (number, (key, value)) in newEntries.enumerated() {
      edits.append(
        ExpectedEdit(
          container: path, key: key, value: Self.expected(value), insertAt: anchorIndex + 1 + number
        ))
    }
  }

  /// The text of one new entry (and its nested entries), each line ending with `lineEnding`.
  /// Keys are quoted as `keyStyle` (the siblings' keys) says when they can be, else only when
  /// they must be.
  func entryText(
    key: String, value: NewValue, indent: Int, lineEnding: String, keyStyle: YAMLScalarStyle,
    quoteAll: Bool, endsWithBlock: inout Bool
  ) throws(MessageEditError) -> String {
    let keyText: String
    switch keyStyle {
    case .singleQuoted:
      keyText = YAMLScalarWriter().singleQuoted(key) ?? YAMLScalarWriter.doubleQuoted(key)
    case .doubleQuoted:
      keyText = YAMLScalarWriter.doubleQuoted(key)
    default:
      keyText = YAMLScalarWriter.canBePlain(key) ? key : YAMLScalarWriter.doubleQuoted(key)
    }
    let prefix = String(repeating: " ", count: indent) + keyText + ":"
    switch value {
    case .scalar(let text, let style):
      let writer = YAMLScalarWriter(
        lineEnding: lineEnding, blockIndent: indent + indentStep, parentIndent: indent)
      for candidate in YAMLScalarWriter.candidates(
        for: text, preferring: quoteAll ? .doubleQuoted : style)
      {
        guard let rendered = writer.render(text, as: candidate) else { continue }
        let block = candidate == .literal || candidate == .folded
        endsWithBlock = block
        return prefix + " " + rendered + (block ? "" : lineEnding)
      }
      endsWithBlock = false
      return prefix + " " + YAMLScalarWriter.doubleQuoted(text) + lineEnding
    case .mapping(let children):
      var text = prefix + lineEnding
      for (childKey, childValue) in children {
        text += try entryText(
          key: childKey, value: childValue, indent: indent + indentStep, lineEnding: lineEnding,
          keyStyle: keyStyle, quoteAll: quoteAll, endsWithBlock: &endsWithBlock)
      }
      return text
    }
  }

  static func expected(_ value: NewValue) -> YAMLNode {
    switch value {
    case .scalar(let text, _): return YAMLNode(kind: .scalar(.string(text)))
    case .mapping(let children):
      return YAMLNode(
        kind: .mapping(children.map { YAMLEntry(key: $0.0, value: expected($0.1)) }))
    }
  }

  /// Replaces the scalar of `entry` with `text`, trying the styles nearest to `style` and keeping
  /// the first whose result reads back as `text` at `path`.
  mutating func replaceScalar(
    _ entry: YAMLSourceEntry, style: YAMLScalarStyle, with text: String, path: [Step]
  ) throws(MessageEditError) {
    let node = entry.value
    let keyIndent = entry.keyNode.start.column - 1
    var start = node.start.offset
    var writer = YAMLScalarWriter()
    // The bytes the scalar owns, what follows it on its line, and (for blocks) trailing blanks.
    var flowEnd = node.end.offset
    // An empty value (`nl:`) has no bytes (libyaml marks it just after the colon): the text goes
    // after the colon and a space.
    var emptyLead: [UInt8] = []
    if case .scalar("", .plain) = node.kind,
      let colon = original[entry.keyNode.end.offset...].firstIndex(of: UInt8(ascii: ":"))
    {
      start = colon + 1
      flowEnd = colon + 1
      emptyLead = [0x20]
    }
    var lineRest: [UInt8] = []
    var regionEnd = node.end.offset
    var trailingBlank: [UInt8] = []
    var keepChomping = false
    writer.lineEnding = lineEnding(near: start)
    writer.blockIndent = keyIndent + indentStep
    writer.parentIndent = keyIndent
    if style == .literal || style == .folded {
      let block = blockLayout(node, keyIndent: keyIndent)
      writer.headerSuffix = block.headerSuffix
      writer.blockIndent = block.indent
      writer.foldWidth = block.foldWidth
      regionEnd = block.regionEnd
      trailingBlank = Array(original[block.contentEnd..<block.regionEnd])
      flowEnd = block.regionEnd
      keepChomping = block.keep
    } else {
      let lineEnd = endOfLine(from: flowEnd)
      lineRest = Array(original[flowEnd..<lineEnd.content])
      regionEnd = lineEnd.next
    }
    let restIsComment =
      lineRest.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      || lineRest.drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "#")
    for candidate in YAMLScalarWriter.candidates(for: text, preferring: style) {
      let toBlock = candidate == .literal || candidate == .folded
      let fromBlock = style == .literal || style == .folded
      var candidateWriter = writer
      var range = start..<flowEnd
      var suffix: [UInt8] = []
      var lead = emptyLead
      if toBlock, !fromBlock {
        // A flow scalar becomes a block: what followed it on the line (a comment) moves onto the
        // header line, and the block takes the rest of the line, line break included.
        guard restIsComment, regionEnd > flowEnd || flowEnd == original.count else { continue }
        let comment = lineRest.drop { $0 == 0x20 || $0 == 0x09 }
        candidateWriter.headerSuffix =
          comment.isEmpty ? "" : " " + String(decoding: comment, as: UTF8.self)
        range = start..<regionEnd
        // A value on the line below its key: the block's header goes up beside the key.
        if emptyLead.isEmpty, node.start.line > entry.keyNode.start.line,
          let colon = original[entry.keyNode.end.offset..<start].firstIndex(of: UInt8(ascii: ":")),
          original[(colon + 1)..<start].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) })
        {
          range = (colon + 1)..<regionEnd
          lead = [0x20]
        }
      } else if fromBlock {
        range = start..<regionEnd
        if !toBlock {
          suffix = Array((writer.headerSuffix + writer.lineEnding).utf8)
        }
        // Blank lines after a block that were not its text stay, unless the new block keeps
        // its final breaks (they would become text).
        if !keepChomping, !text.hasSuffix("\n\n") || !toBlock { suffix += trailingBlank }
      }
      guard let rendered = candidateWriter.render(text, as: candidate) else { continue }
      let patch = Patch(range: range, bytes: lead + Array(rendered.utf8) + suffix)
      if reads(text, at: path, with: patch) {
        patches.append(patch)
        return
      }
    }
    throw .verificationFailed(
      file: file, detail: "no YAML style writes this text back unchanged at \(describe(path))")
  }

  // MARK: Layout

  /// The indentation step of the file: how far a nested mapping's keys stand right of their
  /// parent's key (2 when the file has no nested mapping to measure).
  var indentStep: Int {
    for entry in root.entries ?? [] {
      if let child = entry.value.entries?.first, child.keyNode.start.line > entry.keyNode.start.line
      {
        let step = child.keyNode.start.column - entry.keyNode.start.column
        if step > 0 { return step }
      }
    }
    return 2
  }

  /// The line ending used at `offset`: that of the next line break (else the previous, else LF).
  func lineEnding(near offset: Int) -> String {
    let from = max(0, min(offset, original.count))
    if let lf = original[from...].firstIndex(of: 0x0A) ?? original[..<from].lastIndex(of: 0x0A) {
      return lf > 0 && original[lf - 1] == 0x0D ? "\r\n" : "\n"
    }
    return "\n"
  }

  /// From `offset`, the end of the line's content (before CR LF or LF) and the start of the next
  /// line (the file's end when the line has no break).
  func endOfLine(from offset: Int) -> (content: Int, next: Int) {
    guard let lf = original[offset...].firstIndex(of: 0x0A) else {
      return (original.count, original.count)
    }
    let content = lf > offset && original[lf - 1] == 0x0D ? lf - 1 : lf
    return (content, lf + 1)
  }

  /// Where a block scalar's bytes are: its header's suffix, content indentation, the end of its
  /// last content line, and the end of the region (trailing blank lines included).
  func blockLayout(_ node: YAMLSourceNode, keyIndent: Int) -> (
    headerSuffix: String, indent: Int, foldWidth: Int?, keep: Bool, contentEnd: Int,
    regionEnd: Int
  ) {
    let start = node.start.offset
    var cursor = start + 1
    var explicitIndent: Int? = nil
    var keep = false
    while cursor < original.count {
      let byte = original[cursor]
      guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || (0x31...0x39).contains(byte)
      else { break }
      if (0x31...0x39).contains(byte) { explicitIndent = Int(byte - 0x30) }
      if byte == UInt8(ascii: "+") { keep = true }
      cursor += 1
    }
    let header = endOfLine(from: cursor)
    let headerSuffix = String(decoding: original[cursor..<header.content], as: UTF8.self)
    // The region ends at the start of the line holding libyaml's end mark (its indentation
    // belongs to the next node), or at the end of the file.
    var regionEnd = node.end.offset
    let lineStart = (original[..<regionEnd].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
    if original[lineStart..<regionEnd].allSatisfy({ $0 == 0x20 }) { regionEnd = lineStart }
    regionEnd = max(regionEnd, header.next)
    var contentEnd = header.next
    var indent: Int? = nil
    var widest = 0
    var lines = 0
    var lineStartOffset = header.next
    while lineStartOffset < regionEnd {
      let line = endOfLine(from: lineStartOffset)
      let bytes = original[lineStartOffset..<min(line.content, regionEnd)]
      if bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
        let leading = bytes.prefix { $0 == 0x20 }.count
        if indent == nil { indent = leading }
        widest = max(widest, String(decoding: bytes, as: UTF8.self).count - leading)
        lines += 1
        contentEnd = min(line.next, regionEnd)
      }
      lineStartOffset = line.next
    }
    let blockIndent = explicitIndent.map { keyIndent + $0 } ?? indent ?? keyIndent + indentStep
    // A block wrapped over several lines is rewrapped at its width (80 when it is narrower than
    // 40: a short text says nothing about the width); a one-line block stays unwrapped.
    let foldWidth = lines > 1 ? (widest >= 40 ? widest : 80) : nil
    return (headerSuffix, blockIndent, foldWidth, keep, contentEnd, regionEnd)
  }

  /// Where a line inserted after `value` (whose key is `key`) starts, and whether a line break
  /// must come first (the value ends the file without one).
  /// When a block scalar ends the file without a line break, it is returned too: the break an
  /// insertion adds would become part of its text unless its chomping strips it.
  func lineAfter(_ value: YAMLSourceNode, key: YAMLSourceNode) -> (
    Int, Bool, endingBlock: YAMLSourceNode?
  ) {
    switch value.kind {
    case .scalar(let text, let style):
      if style == .literal || style == .folded {
        let layout = blockLayout(value, keyIndent: key.start.column - 1)
        let end = layout.keep ? layout.regionEnd : layout.contentEnd
        let broken = end > 0 && original[end - 1] == 0x0A
        return (end, !broken, broken ? nil : value)
      }
      if text.isEmpty, style == .plain { return lineAfter(key, key: key) }
    case .mapping(let entries, flow: false):
      if let last = entries.last { return lineAfter(last.value, key: last.keyNode) }
    case .sequence(let items, flow: false):
      if let last = items.last { return lineAfter(last, key: last) }
    default:
      break
    }
    let line = endOfLine(from: value.end.offset)
    return line.next == line.content ? (original.count, true, nil) : (line.next, false, nil)
  }

  /// A patch giving the block scalar `block` strip chomping (`-`), which keeps its text when a
  /// line break is added after it at the end of the file; `nil` when it strips already.
  func strippingChomping(of block: YAMLSourceNode) -> Patch? {
    var cursor = block.start.offset + 1
    while cursor < original.count {
      let byte = original[cursor]
      if byte == UInt8(ascii: "-") { return nil }
      if byte == UInt8(ascii: "+") { return Patch(range: cursor..<cursor + 1, bytes: [0x2D]) }
      guard (0x31...0x39).contains(byte) else { break }
      cursor += 1
    }
    return Patch(range: cursor..<cursor, bytes: [0x2D])
  }

  // MARK: Checking

  /// Whether `patch` alone makes the file read `text` at `path`.
  func reads(_ text: String, at path: [Step], with patch: Patch) -> Bool {
    guard let parsed = try? YAMLParser().parse(applying([patch]), file: file) else { return false }
    return Self.node(at: path, in: parsed)?.scalar == .string(text)
  }

  /// Whether `patches` alone make the mapping at `path` hold `entries`.
  func reads(_ entries: [(String, NewValue)], at path: [Step], with patches: [Patch]) -> Bool {
    guard let parsed = try? YAMLParser().parse(applying(patches), file: file),
      let mapping = Self.node(at: path, in: parsed)
    else { return false }
    return entries.allSatisfy { key, value in
      mapping[key].map(Self.withoutPositions) == Self.expected(value)
    }
  }

  /// The original bytes with `patches` (which do not overlap) applied.
  func applying(_ patches: [Patch]) -> [UInt8] {
    var bytes = original
    for patch in patches.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(patch.range, with: patch.bytes)
    }
    return bytes
  }

  /// The patched bytes, after checking that they parse to the original document with exactly
  /// the expected edits.
  func result() throws(MessageEditError) -> [UInt8] {
    let bytes = applying(patches)
    let after: YAMLNode
    do {
      after = try YAMLParser().parse(bytes, file: file)
    } catch {
      throw .verificationFailed(file: file, detail: "the result does not parse: \(error)")
    }
    var expected = Self.withoutPositions(parsed)
    for edit in edits {
      Self.apply(edit, to: &expected, path: edit.container[...])
    }
    guard Self.withoutPositions(after) == expected else {
      throw .verificationFailed(file: file, detail: "other values would change")
    }
    return bytes
  }

  func describe(_ path: [Step]) -> String {
    path.map { step in
      switch step {
      case .key(let key): return key
      case .index(let index): return "[\(index)]"
      }
    }.joined(separator: ".")
  }

  static func node(at path: [Step], in node: YAMLNode) -> YAMLNode? {
    var current = node
    for step in path {
      switch step {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let items = current.items, items.indices.contains(index) else { return nil }
        current = items[index]
      }
    }
    return current
  }

  static func apply(_ edit: ExpectedEdit, to node: inout YAMLNode, path: ArraySlice<Step>) {
    guard let step = path.first else {
      guard var entries = node.entries else { return }
      if edit.removes {
        entries.removeAll { $0.key == edit.key }
      } else if let index = entries.firstIndex(where: { $0.key == edit.key }) {
        entries[index].value = edit.value
      } else {
        entries.insert(
          YAMLEntry(key: edit.key, value: edit.value), at: min(edit.insertAt, entries.count))
      }
      node.kind = .mapping(entries)
      return
    }
    switch (step, node.kind) {
    case (.key(let key), .mapping(var entries)):
      guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
      apply(edit, to: &entries[index].value, path: path.dropFirst())
      node.kind = .mapping(entries)
    case (.index(let index), .sequence(var items)) where items.indices.contains(index):
      apply(edit, to: &items[index], path: path.dropFirst())
      node.kind = .sequence(items)
    default:
      return
    }
  }

  /// `node` without line and column, for comparing documents (a NaN, unequal to itself, becomes
  /// a marker so that a file holding `.nan` compares equal to itself).
  static func withoutPositions(_ node: YAMLNode) -> YAMLNode {
    switch node.kind {
    case .scalar(.double(let number)) where number.isNaN:
      return YAMLNode(kind: .scalar(.string("\u{0}NaN")))
    case .scalar: return YAMLNode(kind: node.kind)
    case .sequence(let items): return YAMLNode(kind: .sequence(items.map(withoutPositions)))
    case .mapping(let entries):
      return YAMLNode(
        kind: .mapping(entries.map { YAMLEntry(key: $0.key, value: withoutPositions($0.value)) }))
    }
  }
}
