/// Reads and changes the translations of one message file (`messages/….yml`) by splicing: only the
/// bytes of the edited scalar change (or one inserted line for a locale the mapping lacks), so
/// comments, key order, indentation, line endings, quoting and every other locale stay as they
/// were.
///
/// The functions that take `in bytes` work on the file's bytes (as read, see ``FileSnapshot``) and
/// return new bytes that have been parsed again with ``YAMLParser`` and checked to hold exactly
/// the new value at the path and the old values everywhere else; they do not touch the disk.
/// ``save(_:at:over:)`` and ``markReviewed(at:sourceLocale:over:)`` also write the result with
/// ``AtomicFileWriter`` (conflict check, undo record).
///
/// One other byte may change: a line added after a block scalar that ends the file without a
/// line break gives that block strip chomping (`|-`), without which the added break would become
/// part of its text.
///
/// The written style follows the original: a plain, single-quoted, double-quoted, literal (`|`)
/// or folded (`>`) scalar stays so when the new text can be written that way, else the nearest
/// safe style is used (plain → double-quoted for text that needs quotes; multi-line text → a
/// literal block; anything → double-quoted with escapes). A new locale line copies its siblings'
/// indentation, quoting and line ending. Anchors, aliases, merge keys, tags and flow collections
/// on the path are refused with ``MessageEditError/unsupportedConstruct(file:line:column:construct:)``.
public struct MessageFileEditor: Sendable {
  /// The file name used in errors (`file:line:column`).
  public var file: String

  /// Creates an editor whose errors name `file`.
  public init(file: String = "<message file>") {
    self.file = file
  }

  /// The translation at `path`, or `nil` when the file has none there (or it is not a text).
  /// Reading goes through anchors, aliases and merge keys as the project loader does.
  /// - Throws: ``MessageEditError`` when the file does not parse or the owner does not exist
  ///   (for example an override index past the end).
  public func translation(at path: TranslationPath, in bytes: [UInt8]) throws(MessageEditError)
    -> String?
  {
    try translation(at: path, in: parse(bytes))
  }

  /// The translation at `path` in a parsed file.
  func translation(at path: TranslationPath, in root: YAMLNode) throws(MessageEditError)
    -> String?
  {
    try owner(path.owner, in: root)["translations"]?[path.locale]?.string
  }

  /// `bytes` as the project reads them.
  func parse(_ bytes: [UInt8]) throws(MessageEditError) -> YAMLNode {
    do {
      return try YAMLParser().parse(bytes, file: file)
    } catch {
      throw .invalidYAML(error)
    }
  }

  /// The message or override mapping `owner` names in a parsed file.
  func owner(_ owner: TranslationPath.Owner, in root: YAMLNode) throws(MessageEditError)
    -> YAMLNode
  {
    guard case .override(let index) = owner else { return root }
    guard let overrides = root["overrides"] else {
      throw .notFound(
        file: file, line: root.line, column: root.column, what: "overrides (the message has none)")
    }
    guard let items = overrides.items else {
      throw .unexpectedShape(
        file: file, line: overrides.line, column: overrides.column,
        what: "overrides should be a list")
    }
    guard items.indices.contains(index) else {
      throw .notFound(
        file: file, line: overrides.line, column: overrides.column,
        what: "override \(index) (the message has \(items.count))")
    }
    return items[index]
  }

  /// Saves `text` at `path` into the file `snapshot` was read from, as the editor does:
  /// ``savingTranslation(_:at:in:)`` on the snapshot's bytes, then
  /// ``AtomicFileWriter/write(_:replacing:)``. Returns the change, for undo.
  /// - Throws: the errors of both; on any of them the file is unchanged.
  @discardableResult
  public func save(_ text: String, at path: TranslationPath, over snapshot: FileSnapshot)
    throws(MessageEditError) -> SavedFileChange
  {
    try AtomicFileWriter.write(
      try savingTranslation(text, at: path, in: snapshot.bytes), replacing: snapshot)
  }

  /// The file's bytes with the translation at `path` set to `text`: the scalar's bytes replaced,
  /// or a line inserted after the mapping's last locale when the locale has none (and a
  /// `translations:` mapping added after the owner's last field when it has none).
  public func settingTranslation(_ text: String, at path: TranslationPath, in bytes: [UInt8])
    throws(MessageEditError) -> [UInt8]
  {
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    try setTranslation(text, at: path, in: &splicer)
    return try splicer.result()
  }

  /// Adds the edit of the translation at `path` to `splicer`.
  func setTranslation(_ text: String, at path: TranslationPath, in splicer: inout YAMLSplicer)
    throws(MessageEditError)
  {
    let found = try owner(path.owner, in: splicer)
    if let translations = found.translations {
      try splicer.setString(
        text, key: path.locale, in: translations, at: found.path + [.key("translations")])
    } else {
      try splicer.insert(
        [("translations", .mapping([(path.locale, .scalar(text, .plain))]))], into: found.node,
        at: found.path)
    }
  }

  /// The mapping of the message or override that owns `translations`, its path, and its
  /// `translations` mapping (when present).
  func owner(_ owner: TranslationPath.Owner, in splicer: YAMLSplicer) throws(MessageEditError) -> (
    node: YAMLSourceNode, path: [YAMLSplicer.Step], translations: YAMLSourceNode?
  ) {
    var node = splicer.root
    var path: [YAMLSplicer.Step] = []
    if case .override(let index) = owner {
      guard let overrides = try splicer.child(of: node, .key("overrides"), what: "the message")
      else {
        throw .notFound(
          file: file, line: node.start.line, column: node.start.column,
          what: "overrides (the message has none)")
      }
      guard let item = try splicer.child(of: overrides, .index(index), what: "overrides") else {
        throw .notFound(
          file: file, line: overrides.start.line, column: overrides.start.column,
          what: "override \(index) (the message has \(overrides.items?.count ?? 0))")
      }
      node = item
      path = [.key("overrides"), .index(index)]
    }
    let translations = try splicer.child(of: node, .key("translations"), what: "the message")
    if let translations { try splicer.checkEditable(translations) }
    return (node, path, translations)
  }
}
