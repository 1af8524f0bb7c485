/// Removing a translation (what `import --emptyValues=delete` and `--prune` do).
extension MessageFileEditor {
  /// The file's bytes without the translation at `path`: its line (or block) removed, every
  /// other byte kept. A `translationStates` entry of the locale stays as it is.
  /// - Throws: ``MessageEditError/notFound(file:line:column:what:)`` when there is no such
  ///   translation; ``MessageEditError/unexpectedShape(file:line:column:what:)`` when it is the
  ///   owner's only translation (the mapping would become empty).
  public func removingTranslation(at path: TranslationPath, in bytes: [UInt8])
    throws(MessageEditError) -> [UInt8]
  {
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    let found = try owner(path.owner, in: splicer)
    guard let translations = found.translations else {
      throw .notFound(
        file: file, line: found.node.start.line, column: found.node.start.column,
        what: "a translation at \(path)")
    }
    try splicer.remove(
      key: path.locale, in: translations, at: found.path + [.key("translations")])
    return try splicer.result()
  }
}
