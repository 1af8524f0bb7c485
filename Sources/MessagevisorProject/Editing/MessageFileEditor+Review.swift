/// Review state (`translationStates.<locale>`): reading it, marking a translation reviewed and
/// resetting a reviewed translation to `translated` when its copy is saved.
extension MessageFileEditor {
  /// The recorded review state of the translation at `path`, or `nil` when there is none.
  /// - Throws: ``MessageEditError`` when the file does not parse, or the state is malformed (an
  ///   unknown status, a hash that is not text), with its line and column.
  public func reviewState(at path: TranslationPath, in bytes: [UInt8]) throws(MessageEditError)
    -> TranslationReviewState?
  {
    try reviewState(at: path, in: parse(bytes))
  }

  /// The review state of the translation at `path` compared with the current texts: stale when
  /// reviewed and the `sourceLocale` text changed since (or a reviewed state lacks its hash).
  public func review(at path: TranslationPath, sourceLocale: String, in bytes: [UInt8])
    throws(MessageEditError) -> TranslationReview
  {
    try review(at: path, sourceLocale: sourceLocale, in: parse(bytes))
  }

  /// The review of every translation in the file (the message's and each override's), keyed by
  /// path: each locale that has a translation or a recorded state. For a browser that shows
  /// states and flags stale ones.
  public func reviews(sourceLocale: String, in bytes: [UInt8]) throws(MessageEditError)
    -> [TranslationPath: TranslationReview]
  {
    let root = try parse(bytes)
    var owners: [TranslationPath.Owner] = [.message]
    owners += (root["overrides"]?.items ?? []).indices.map { .override($0) }
    var result: [TranslationPath: TranslationReview] = [:]
    for owner in owners {
      let node = try self.owner(owner, in: root)
      let locales =
        (node["translations"]?.entries ?? []) + (node["translationStates"]?.entries ?? [])
      for locale in locales.map(\.key) {
        let path = TranslationPath(owner: owner, locale: locale)
        if result[path] == nil {
          result[path] = try review(at: path, sourceLocale: sourceLocale, in: root)
        }
      }
    }
    return result
  }

  /// The file's bytes with the translation at `path` marked reviewed: `status: reviewed` and the
  /// SHA-256 of the `sourceLocale` text and of the translation (upstream's field names and hash
  /// inputs). Existing fields are spliced in place; a missing `translationStates` mapping (added
  /// after `translations`), locale entry or field is inserted in the file's style.
  /// - Throws: ``MessageEditError/notFound(file:line:column:what:)`` when there is no translation
  ///   at `path`, ``MessageEditError/missingSourceText(file:locale:)`` without source text.
  public func markingReviewed(at path: TranslationPath, sourceLocale: String, in bytes: [UInt8])
    throws(MessageEditError) -> [UInt8]
  {
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    let found = try owner(path.owner, in: splicer)
    guard let target = try translation(at: path, in: splicer.parsed) else {
      throw .notFound(
        file: file, line: found.node.start.line, column: found.node.start.column,
        what: "a translation at \(path) to review")
    }
    guard let source = try translation(at: path.with(locale: sourceLocale), in: splicer.parsed)
    else {
      throw .missingSourceText(file: file, locale: sourceLocale)
    }
    let fields: [(String, String, YAMLScalarStyle)] = [
      ("status", TranslationReviewState.Status.reviewed.rawValue, .plain),
      ("sourceHash", TranslationReviewState.hash(source), .doubleQuoted),
      ("targetHash", TranslationReviewState.hash(target), .doubleQuoted),
    ]
    let newState = YAMLSplicer.NewValue.mapping(
      fields.map { ($0.0, YAMLSplicer.NewValue.scalar($0.1, $0.2)) })
    let statesPath = found.path + [.key("translationStates")]
    guard
      let states = try splicer.child(of: found.node, .key("translationStates"), what: "the message")
    else {
      try splicer.insert(
        [("translationStates", .mapping([(path.locale, newState)]))], into: found.node,
        at: found.path, after: "translations")
      return try splicer.result()
    }
    guard let state = try splicer.child(of: states, .key(path.locale), what: "translationStates")
    else {
      try splicer.insert([(path.locale, newState)], into: states, at: statesPath)
      return try splicer.result()
    }
    let statePath = statesPath + [.key(path.locale)]
    var missing: [(String, YAMLSplicer.NewValue)] = []
    for (key, value, style) in fields {
      if try splicer.child(of: state, .key(key), what: "translationStates.\(path.locale)") != nil {
        try splicer.setString(value, key: key, in: state, at: statePath)
      } else {
        missing.append((key, .scalar(value, style)))
      }
    }
    if !missing.isEmpty { try splicer.insert(missing, into: state, at: statePath) }
    return try splicer.result()
  }

  /// The file's bytes with the review status of the translation at `path` set to `status`: for
  /// ``TranslationReviewState/Status/reviewed``, as ``markingReviewed(at:sourceLocale:in:)``
  /// (new hashes); for `draft` or `translated`, only the `status` scalar (the hashes of the last
  /// review stay), inserted in the file's style when the state or `translationStates` is absent.
  /// - Throws: ``MessageEditError/notFound(file:line:column:what:)`` when there is no translation
  ///   at `path`, ``MessageEditError/missingSourceText(file:locale:)`` to review without source
  ///   text.
  public func settingReviewStatus(
    _ status: TranslationReviewState.Status, at path: TranslationPath, sourceLocale: String,
    in bytes: [UInt8]
  ) throws(MessageEditError) -> [UInt8] {
    if status == .reviewed {
      return try markingReviewed(at: path, sourceLocale: sourceLocale, in: bytes)
    }
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    let found = try owner(path.owner, in: splicer)
    guard try translation(at: path, in: splicer.parsed) != nil else {
      throw .notFound(
        file: file, line: found.node.start.line, column: found.node.start.column,
        what: "a translation at \(path) to set the review status of")
    }
    let value = YAMLSplicer.NewValue.scalar(status.rawValue, .plain)
    let statesPath = found.path + [.key("translationStates")]
    guard
      let states = try splicer.child(of: found.node, .key("translationStates"), what: "the message")
    else {
      try splicer.insert(
        [("translationStates", .mapping([(path.locale, .mapping([("status", value)]))]))],
        into: found.node, at: found.path, after: "translations")
      return try splicer.result()
    }
    guard let state = try splicer.child(of: states, .key(path.locale), what: "translationStates")
    else {
      try splicer.insert(
        [(path.locale, .mapping([("status", value)]))], into: states, at: statesPath)
      return try splicer.result()
    }
    let statePath = statesPath + [.key(path.locale)]
    if try splicer.child(of: state, .key("status"), what: "translationStates.\(path.locale)") != nil
    {
      try splicer.setString(status.rawValue, key: "status", in: state, at: statePath)
    } else {
      try splicer.insert([("status", value)], into: state, at: statePath)
    }
    return try splicer.result()
  }

  /// Marks the translation at `path` reviewed in the file `snapshot` was read from
  /// (``markingReviewed(at:sourceLocale:in:)`` then ``AtomicFileWriter/write(_:replacing:)``).
  @discardableResult
  public func markReviewed(
    at path: TranslationPath, sourceLocale: String, over snapshot: FileSnapshot
  ) throws(MessageEditError) -> SavedFileChange {
    try AtomicFileWriter.write(
      try markingReviewed(at: path, sourceLocale: sourceLocale, in: snapshot.bytes),
      replacing: snapshot)
  }

  /// The file's bytes with the translation at `path` set to `text` (as
  /// ``settingTranslation(_:at:in:)``) and, when the text changes a reviewed translation, its
  /// status set to `translated` (the hashes of the last review stay). What the editor calls to save.
  public func savingTranslation(_ text: String, at path: TranslationPath, in bytes: [UInt8])
    throws(MessageEditError) -> [UInt8]
  {
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    let old = try translation(at: path, in: splicer.parsed)
    try setTranslation(text, at: path, in: &splicer)
    if old != text, try reviewState(at: path, in: splicer.parsed)?.status == .reviewed {
      let found = try owner(path.owner, in: splicer)
      if let states = try splicer.child(
        of: found.node, .key("translationStates"), what: "the message"),
        let state = try splicer.child(of: states, .key(path.locale), what: "translationStates")
      {
        try splicer.setString(
          TranslationReviewState.Status.translated.rawValue, key: "status", in: state,
          at: found.path + [.key("translationStates"), .key(path.locale)])
      }
    }
    return try splicer.result()
  }

  /// The recorded state at `path` in a parsed file, or `nil` when none is recorded.
  func reviewState(at path: TranslationPath, in root: YAMLNode) throws(MessageEditError)
    -> TranslationReviewState?
  {
    guard let node = try owner(path.owner, in: root)["translationStates"]?[path.locale] else {
      return nil
    }
    let what = "translationStates.\(path.locale)"
    guard node.entries != nil else {
      throw .unexpectedShape(
        file: file, line: node.line, column: node.column, what: "\(what) should be a mapping")
    }
    func text(_ key: String) throws(MessageEditError) -> String? {
      guard let value = node[key] else { return nil }
      guard let text = value.string else {
        throw .unexpectedShape(
          file: file, line: value.line, column: value.column,
          what: "\(what).\(key) should be a text")
      }
      return text
    }
    let statusText = try text("status")
    guard let statusText, let status = TranslationReviewState.Status(rawValue: statusText) else {
      throw .unexpectedShape(
        file: file, line: node.line, column: node.column,
        what:
          "\(what).status should be draft, translated or reviewed (found \(statusText ?? "none"))")
    }
    return TranslationReviewState(
      status: status, sourceHash: try text("sourceHash"), targetHash: try text("targetHash"))
  }

  /// The review of the translation at `path` in a parsed file.
  func review(at path: TranslationPath, sourceLocale: String, in root: YAMLNode)
    throws(MessageEditError) -> TranslationReview
  {
    let state = try reviewState(at: path, in: root)
    guard let state, state.status == .reviewed else {
      return TranslationReview(state: state, isStale: false, targetChanged: false)
    }
    let source = try translation(at: path.with(locale: sourceLocale), in: root)
    let target = try translation(at: path, in: root)
    return TranslationReview(
      state: state,
      isStale: source.map(TranslationReviewState.hash) != state.sourceHash,
      targetChanged: target.map(TranslationReviewState.hash) != state.targetHash)
  }
}
