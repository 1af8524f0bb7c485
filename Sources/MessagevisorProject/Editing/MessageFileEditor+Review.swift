/// Review state (`translationStates.<locale>`): reading it, marking a translation reviewed and
/// resetting a reviewed translation to `translated` when its copy is saved.
extension MessageFileEditor {
  /// The recorded review state of the translation at `path`, or `nil` when there is none.
  /// - Throws: ``MessageEditError`` when the file does not parse, or the state is malformed (an
  ///   unknown status, a hash that is not text), with its line and column.
  public func reviewState(at path: TranslationPath, in bytes: [UInt8]) throws(MessageEditError)
    -> TranslationReviewState?
  {
    let splicer = try YAMLSplicer(file: file, bytes: bytes)
    return try reviewState(at: path, in: splicer)?.state
  }

  /// The review state of the translation at `path` compared with the current texts: stale when
  /// reviewed and the `sourceLocale` text changed since.
  public func review(at path: TranslationPath, sourceLocale: String, in bytes: [UInt8])
    throws(MessageEditError) -> TranslationReview
  {
    guard let state = try reviewState(at: path, in: bytes), state.status == .reviewed else {
      return TranslationReview(
        state: try reviewState(at: path, in: bytes), isStale: false, targetChanged: false)
    }
    let source = try translation(at: path.with(locale: sourceLocale), in: bytes)
    let target = try translation(at: path, in: bytes)
    return TranslationReview(
      state: state,
      isStale: source.map(TranslationReviewState.hash) != state.sourceHash,
      targetChanged: target.map(TranslationReviewState.hash) != state.targetHash)
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
    guard let target = try translation(at: path, in: bytes) else {
      throw .notFound(
        file: file, line: found.node.start.line, column: found.node.start.column,
        what: "a translation at \(path) to review")
    }
    guard let source = try translation(at: path.with(locale: sourceLocale), in: bytes) else {
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

  /// The file's bytes with the translation at `path` set to `text` (as
  /// ``settingTranslation(_:at:in:)``) and, when the text changes a reviewed translation, its
  /// status set to `translated` (the hashes of the last review stay). What the editor calls to save.
  public func savingTranslation(_ text: String, at path: TranslationPath, in bytes: [UInt8])
    throws(MessageEditError) -> [UInt8]
  {
    var splicer = try YAMLSplicer(file: file, bytes: bytes)
    let old = try translation(at: path, in: bytes)
    try setTranslation(text, at: path, in: &splicer)
    if old != text, let found = try reviewState(at: path, in: splicer),
      found.state.status == .reviewed
    {
      try splicer.setString(
        TranslationReviewState.Status.translated.rawValue, key: "status", in: found.node,
        at: found.path)
    }
    return try splicer.result()
  }

  /// The state at `path` with its mapping node and path, or `nil` when none is recorded.
  func reviewState(at path: TranslationPath, in splicer: YAMLSplicer) throws(MessageEditError)
    -> (state: TranslationReviewState, node: YAMLSourceNode, path: [YAMLSplicer.Step])?
  {
    let found = try owner(path.owner, in: splicer)
    guard
      let states = try splicer.child(
        of: found.node, .key("translationStates"), what: "the message"),
      let node = try splicer.child(of: states, .key(path.locale), what: "translationStates")
    else { return nil }
    let what = "translationStates.\(path.locale)"
    func text(_ key: String) throws(MessageEditError) -> String? {
      guard let value = try splicer.child(of: node, .key(key), what: what) else { return nil }
      guard case .scalar(let text, _) = value.kind else {
        throw .unexpectedShape(
          file: file, line: value.start.line, column: value.start.column,
          what: "\(what).\(key) should be a text")
      }
      return text
    }
    let statusText = try text("status")
    guard let statusText, let status = TranslationReviewState.Status(rawValue: statusText) else {
      throw .unexpectedShape(
        file: file, line: node.start.line, column: node.start.column,
        what:
          "\(what).status should be draft, translated or reviewed (found \(statusText ?? "none"))")
    }
    return (
      TranslationReviewState(
        status: status, sourceHash: try text("sourceHash"), targetHash: try text("targetHash")),
      node, found.path + [.key("translationStates"), .key(path.locale)]
    )
  }
}
