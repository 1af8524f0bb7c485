import Foundation

/// Converts the localizations of an ``XCStringsDocument`` one entry and one locale at a time,
/// collecting the entries it skips (with file:line) or withholds.
struct LocalizationConverter {
  let document: XCStringsDocument
  let options: XCStringsReader.Options
  var diagnostics: [CatalogDiagnostic] = []
  private var lineIndex: CatalogLineIndex?
  private var icuOptions: [String: ICUMessageBuilder.Options] = [:]
  /// When conversion must stop (an OTA check's deadline), if any.
  let deadline: ContinuousClock.Instant?
  /// How long a locale's conversion may run past an OTA check's deadline (see
  /// ``XCStringsDocument/entries(forLocale:options:deadline:grace:)``).
  static let deadlineGrace: Duration = .seconds(1)
  /// The document's total conversion budget in bytes of ICU text.
  let budgetBytes: Int

  init(
    document: XCStringsDocument, options: XCStringsReader.Options,
    deadline: ContinuousClock.Instant? = nil
  ) {
    self.document = document
    self.options = options
    self.deadline = deadline
    budgetBytes = options.conversionBudget.totalBytes(forCatalogOf: document.data.count)
  }

  /// The entry for `tag`, or nil when the entry has no usable localization for it (absent, skipped
  /// or withheld; the last two add a diagnostic, or throw under the `reject` policy).
  mutating func convert(key: String, entry: JSONNode, tag: String) throws(CatalogError)
    -> CatalogEntry?
  {
    guard entry.members != nil else {
      try problem(
        key: key, tag: tag, kind: .structure, node: entry,
        path: "strings[\(XCStringsReader.quoted(key))]", message: "an entry must be an object")
      return nil
    }
    guard let localizationsNode = entry["localizations"] else {
      return nil  // Declared but untranslated: lookups fall back to the bundled value.
    }
    guard let localizations = localizationsNode.members else {
      try problem(
        key: key, tag: tag, kind: .structure, node: localizationsNode,
        path: "strings[\(XCStringsReader.quoted(key))].localizations",
        message: "\"localizations\" must be an object keyed by language")
      return nil
    }
    var sourceTag = tag
    if case .bool(false)? = entry["shouldTranslate"]?.value {
      // Not translatable: every locale shows the source language's text.
      guard let source = document.sourceLanguage else { return nil }
      sourceTag = source
    }
    guard let localization = localizations.last(where: { $0.key == sourceTag })?.value else {
      return nil
    }
    if document.replacedInvalidUTF8, key.unicodeScalars.contains("\u{FFFD}") {
      try problem(
        key: key, tag: tag, kind: .encoding, node: entry,
        path: "strings[\(XCStringsReader.quoted(key))]",
        message: "the key contains invalid UTF-8")
      return nil
    }
    let path = XCStringsReader.EntryPath(key: key, locale: sourceTag)
    if document.replacedInvalidUTF8, let damaged = Self.replacementNode(in: localization) {
      try problem(
        key: key, tag: tag, kind: .encoding, node: damaged, path: path.text,
        message: "the localization contains invalid UTF-8")
      return nil
    }
    if let deadline, ContinuousClock().now >= deadline {
      throw CatalogError(
        kind: .limit, file: document.file,
        message:
          "conversion of '\(tag)' stopped at entry \(XCStringsReader.quoted(key)): the check's deadline passed (ReRuneConfiguration.checkTimeout)"
      )
    }
    var context = XCStringsReader.Context(options: options, icu: icu(for: tag))
    // The entry may build at most what is left of the catalog's budget and spends what it built
    // (kept or refused); an entry refused for another reason than its size gets its grant back.
    let converted: CatalogEntry
    var capped = false
    do throws(XCStringsReader.EntryProblem) {
      converted = try document.ledger.convert(
        wanting: context.icu.maxOutputBytes, of: budgetBytes,
        refundsFailure: { !$0.exceededOutputLimit },
        { granted, isCapped throws(XCStringsReader.EntryProblem) in
          context.icu.maxOutputBytes = granted
          capped = isCapped
          return try XCStringsReader.convertLocalization(
            localization, path: path, context: &context, depth: 0)
        })
    } catch {
      if error.exceededOutputLimit, capped {
        throw overBudget(tag: tag, key: key)
      }
      try problem(
        key: key, tag: tag, kind: error.kind, node: error.node, path: error.path,
        message: error.message)
      return nil
    }
    if !options.statePolicy.servesEverything,
      let state = context.states.first(where: { !options.statePolicy.serves($0) })
    {
      let position = location(of: localization.offset)
      diagnostics.append(
        CatalogDiagnostic(
          key: key, locale: tag,
          message:
            "\(document.file):\(position.line): withheld: state '\(state ?? "(none)")' is not served by the serving policy",
          reason: .withheld, file: document.file, line: position.line, column: position.column))
      return nil
    }
    return converted
  }

  /// The locale's failure once the document's conversion budget is spent.
  func overBudget(tag: String, key: String) -> CatalogError {
    let budget = options.conversionBudget
    return CatalogError(
      kind: .limit, file: document.file,
      message:
        "conversion of '\(tag)' stopped at entry \(XCStringsReader.quoted(key)): the catalog's entries expand to more than \(budgetBytes) bytes of ICU text in total (\(budget.baseBytes) + \(budget.bytesPerCatalogByte) × its \(document.data.count) bytes; XCStringsReader.Options.conversionBudget); nested substitutions multiply"
    )
  }

  mutating func problem(
    key: String, tag: String, kind: CatalogError.Kind, node: JSONNode, path: String,
    message: String
  ) throws(CatalogError) {
    let position = location(of: node.offset)
    let error = CatalogError(
      kind: kind, file: document.file, line: position.line, column: position.column,
      keyPath: path, message: message)
    if options.invalidEntries == .reject { throw error }
    diagnostics.append(
      CatalogDiagnostic(
        key: key, locale: tag, message: error.description, reason: .invalid,
        file: document.file, line: position.line, column: position.column))
  }

  mutating func location(of offset: Int) -> (line: Int, column: Int) {
    if lineIndex == nil { lineIndex = CatalogLineIndex(document.data) }
    return lineIndex?.lineColumn(of: offset, in: document.data) ?? (1, 1)
  }

  mutating func icu(for tag: String) -> ICUMessageBuilder.Options {
    if let cached = icuOptions[tag] { return cached }
    let made = ICUMessageBuilder.Options(locale: tag)
    icuOptions[tag] = made
    return made
  }

  /// The first string node under `node` that holds U+FFFD (a replaced invalid UTF-8 sequence).
  static func replacementNode(in node: JSONNode) -> JSONNode? {
    switch node.value {
    case .string(let text):
      return text.unicodeScalars.contains("\u{FFFD}") ? node : nil
    case .object(let members):
      for member in members {
        if member.key.unicodeScalars.contains("\u{FFFD}") { return member.value }
        if let hit = replacementNode(in: member.value) { return hit }
      }
      return nil
    case .array(let items):
      for item in items { if let hit = replacementNode(in: item) { return hit } }
      return nil
    default:
      return nil
    }
  }
}
