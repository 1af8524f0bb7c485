/// Removing one entry of a block mapping: the lines from its key to the end of its value go,
/// every other byte stays.
extension YAMLSplicer {
  /// Removes `key` from the block mapping `container` (found at `path`). The mapping must keep
  /// at least one entry (an emptied mapping would read as null), and the entry must start its
  /// own line.
  mutating func remove(key: String, in container: YAMLSourceNode, at path: [Step])
    throws(MessageEditError)
  {
    try checkEditable(container)
    guard let entries = container.entries,
      let index = entries.firstIndex(where: { $0.key == key })
    else {
      throw .notFound(
        file: file, line: container.start.line, column: container.start.column, what: key)
    }
    let entry = entries[index]
    try checkEditable(entry.value)
    guard entries.count > 1 else {
      throw .unexpectedShape(
        file: file, line: entry.keyNode.start.line, column: entry.keyNode.start.column,
        what: "\(key) is the mapping's only entry; remove the mapping in a text editor instead")
    }
    let keyStart = entry.keyNode.start.offset
    let lineStart = (original[..<keyStart].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
    guard original[lineStart..<keyStart].allSatisfy({ $0 == 0x20 }) else {
      throw .unsupportedConstruct(
        file: file, line: entry.keyNode.start.line, column: entry.keyNode.start.column,
        construct: "an entry that does not start its line")
    }
    let (end, _, _) = lineAfter(entry.value, key: entry.keyNode)
    // The last entry of a file without a final line break: take the break before it instead.
    var range = lineStart..<min(end, original.count)
    if range.upperBound == original.count, original.last != 0x0A, lineStart > 0 {
      let before = lineStart >= 2 && original[lineStart - 2] == 0x0D ? 2 : 1
      range = (lineStart - before)..<original.count
    }
    patches.append(Patch(range: range, bytes: []))
    edits.append(
      ExpectedEdit(
        container: path, key: key, value: YAMLNode(kind: .scalar(.null)), insertAt: index,
        removes: true))
  }
}
