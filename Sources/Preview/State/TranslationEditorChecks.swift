import MessagevisorICU
import MessagevisorProject

/// What the translation editor checks while the text is typed, without the engine: whether it is
/// valid ICU MessageFormat (else where it breaks), and for every `plural`/`selectordinal`
/// argument which CLDR categories of the locale it covers and which it lacks.
public struct TranslationEditorChecks: Sendable, Equatable {
  /// An ICU syntax error at a place in the typed text.
  public struct SyntaxError: Sendable, Equatable {
    /// 1-based line of the text (a text typed with C-j has several).
    public var line: Int
    /// 1-based column (grapheme clusters) on that line.
    public var column: Int
    /// What the parser expected there (`ICUParseError/description` without the offset).
    public var message: String

    /// `line 1, column 7: expected '}'`.
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  /// One `plural` or `selectordinal` argument of the text.
  public struct PluralArgument: Sendable, Equatable {
    /// The argument's name (`count`).
    public var name: String
    /// Whether it is a `selectordinal`.
    public var ordinal: Bool
    /// The locale's categories in CLDR order, each with the number the editor renders it with.
    public var samples: [PluralSample]
    /// The locale's categories the argument has no branch for (neither the keyword nor `=N`
    /// values that cover every number selecting it); `other` is never missing in valid ICU.
    public var missing: [String]
  }

  /// A CLDR category and the sample number that selects it.
  public struct PluralSample: Sendable, Equatable {
    /// `zero`, `one`, `two`, `few`, `many` or `other`.
    public var category: String
    /// A number that selects the category (`1`, `0.5`, …).
    public var number: Double
  }

  /// The syntax error, when the text is not valid ICU MessageFormat.
  public var syntaxError: SyntaxError?
  /// The plural arguments, in the order they first appear.
  public var plurals: [PluralArgument]

  /// Checks `text` as a translation for `locale`.
  public init(text: String, locale: String) {
    syntaxError = nil
    plurals = []
    let message: ICUMessage
    do {
      message = try ICUParser.parse(text)
    } catch {
      syntaxError = Self.position(of: error, in: text)
      return
    }
    var seen: Set<String> = []
    Self.walk(message.nodes) { name, plural in
      guard seen.insert(name).inserted else { return }
      let coverage = PluralCoverage(locale: locale, ordinal: plural.ordinal)
      let exact = plural.exact.map(\.value)
      let samples = coverage.samples.map { PluralSample(category: $0.category, number: $0.number) }
      let missing = samples.map(\.category).filter { category in
        category != "other" && plural.categories[category] == nil
          && !coverage.exactValuesCover(category, exact)
      }
      plurals.append(
        PluralArgument(name: name, ordinal: plural.ordinal, samples: samples, missing: missing))
    }
  }

  /// Whether the text may be saved (it parses).
  public var isValid: Bool { syntaxError == nil }

  /// The parser's error placed on a line and column of `text` (its offset counts UTF-16 units).
  static func position(of error: ICUParseError, in text: String) -> SyntaxError {
    let utf16 = text.utf16
    let offset = min(max(error.offset, 0), utf16.count)
    let end = utf16.index(utf16.startIndex, offsetBy: offset)
    let before = String(text[..<(end.samePosition(in: text) ?? text.endIndex)])
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    let message =
      error.detail.isEmpty
      ? "expected \(error.expected)" : "expected \(error.expected): \(error.detail)"
    return SyntaxError(line: lines.count, column: (lines.last?.count ?? 0) + 1, message: message)
  }

  /// Calls `visit` for every plural argument, nested branches included.
  static func walk(_ nodes: [ICUNode], _ visit: (String, ICUPlural) -> Void) {
    for node in nodes {
      switch node {
      case .plural(let name, let plural):
        visit(name, plural)
        for exact in plural.exact { walk(exact.nodes, visit) }
        for key in plural.categories.keys.sorted() { walk(plural.categories[key] ?? [], visit) }
        walk(plural.other, visit)
      case .select(_, let select):
        for key in select.branches.keys.sorted() { walk(select.branches[key] ?? [], visit) }
        walk(select.other, visit)
      default: break
      }
    }
  }
}
