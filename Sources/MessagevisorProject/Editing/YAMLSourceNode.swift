/// A YAML node together with where it stands in the file's bytes: what a splice needs to replace
/// one scalar (or add one entry) without re-emitting the document.
///
/// Unlike ``YAMLNode`` it keeps what the parser resolves away: the scalar's written style, anchors,
/// tags, aliases, merge keys (as ordinary entries) and flow collections, so an edit can refuse the
/// constructs it cannot change safely.
struct YAMLSourceNode: Sendable {
  /// The shape of a node.
  enum Kind: Sendable {
    /// A scalar: its text (as libyaml reads it, untyped) and its written style.
    case scalar(String, YAMLScalarStyle)
    /// A mapping with its entries in document order; `flow` for `{…}`.
    case mapping([YAMLSourceEntry], flow: Bool)
    /// A sequence; `flow` for `[…]`.
    case sequence([YAMLSourceNode], flow: Bool)
    /// An alias (`*name`).
    case alias(String)
  }

  /// The node's shape.
  var kind: Kind
  /// Where the node starts (for a block scalar: its `|` or `>` indicator).
  var start: YAMLSourceMark
  /// Where the node ends (libyaml's end mark: after the last character it consumed).
  var end: YAMLSourceMark
  /// The node's anchor (`&name`), if any.
  var anchor: String?
  /// The node's explicit tag, if any.
  var tag: String?

  /// The mapping's entries, when this is a mapping.
  var entries: [YAMLSourceEntry]? {
    if case .mapping(let entries, _) = kind { return entries }
    return nil
  }

  /// The sequence's items, when this is a sequence.
  var items: [YAMLSourceNode]? {
    if case .sequence(let items, _) = kind { return items }
    return nil
  }

  /// The entry whose key text is `key`, when this is a mapping that has it.
  func entry(_ key: String) -> YAMLSourceEntry? {
    entries?.first { $0.key == key }
  }
}

/// One key/value pair of a ``YAMLSourceNode`` mapping.
struct YAMLSourceEntry: Sendable {
  /// The key's text (the scalar's content; `<<` for a merge key).
  var key: String
  /// The key node.
  var keyNode: YAMLSourceNode
  /// The value node.
  var value: YAMLSourceNode
}

/// A position in a file: byte offset plus the 1-based line and column people read.
struct YAMLSourceMark: Sendable, Equatable {
  /// Offset of the position in the file's bytes.
  var offset: Int
  /// 1-based line.
  var line: Int
  /// 1-based column, counted in characters (what libyaml counts).
  var column: Int
}
