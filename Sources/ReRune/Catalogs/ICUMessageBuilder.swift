/// Converts Apple format strings, plural variations and substitutions into ICU MessageFormat text.
///
/// Argument naming: the n-th printf argument becomes the ICU argument `arg<n>` (1-based, by position:
/// `%@ %d` → `{arg1} {arg2}`; `%2$@` → `{arg2}`). Conversions:
/// - `%@`, `%s`, `%S`, `%c` and integers (`%d %i %u %ld %lld %lu %o %x`) → `{argN}` (the ICU module
///   renders a simple argument as plain text, e.g. `1234`, like `String(format:)`; ICU has no radix, so
///   `%x`/`%o` render in decimal); inside plurals the selector's `#` uses the locale's number format
///   (`1,000`), as `String.localizedStringWithFormat` does;
/// - `%f` → `{argN, number, ::.000000}` (printf's six digits), `%.Nf` → `{argN, number, ::.<N zeros>}`,
///   `%.0f` → `{argN, number, ::precision-integer}`, `%e %g %a` → `{argN}`; widths and the `-`/`0`
///   flags are accepted and do not pad (ICU has no padding);
/// - plural variations → `{argS, plural, … other {…}}` and the selector's own specifier becomes `#`.
///   The `zero` form follows Foundation: in a language whose CLDR rules have a `zero` category
///   (Arabic, Latvian, Welsh, …) it is that category (`zero {…}`); in every other language it is
///   used for the value 0 only (`=0 {…}`). See ``Options/zeroIsCategory``;
/// - substitutions `%#@name@` → a nested plural on the substitution's `argNum` (or the next sequential
///   argument), with `%arg` and the variable's specifier rendered as `#`; the branches may print other
///   arguments only (`%2$@ Follower` selected by argument 1) and may nest further substitutions
///   (`.stringsdict` style), up to ``Options/maxNesting`` levels and without cycles.
///
/// An argument position that no specifier prints is allowed (Foundation skips it); it is reported as
/// ``FormatArgumentKind/unused``.
/// Literal `{`, `}` (and `#` inside plural branches) are quoted with apostrophes; an apostrophe is doubled
/// only where ICU would otherwise read it as a quote, so plain text stays readable.
public enum ICUMessageBuilder {
  /// Why a message could not be converted.
  public struct Failure: Error, Sendable, Equatable {
    /// Human-readable explanation, naming the offending specifier or category.
    public var reason: String
    /// The text that contains the problem (a format string or plural form).
    public var text: String
    /// True when the conversion stopped at ``Options/maxOutputBytes`` (a catalog's conversion
    /// budget lowers that limit for its last entries; see ``XCStringsReader/Options``).
    public var exceededOutputLimit = false
  }

  /// A plural variable: a substitution or a direct plural variation.
  public struct PluralVariable: Sendable, Equatable {
    /// Explicit 1-based argument number (String Catalog `argNum`), if any.
    public var argumentNumber: Int?
    /// Plural category (`zero one two few many other`) → Apple format text of that form.
    public var forms: [String: String]
    /// The selector's specifier without `%` (String Catalog `formatSpecifier`, `.stringsdict`
    /// `NSStringFormatValueTypeKey`: `lld`, `d`, `f`, `.1f` …): the type of the selector argument and
    /// the format of `%arg`. Nil means an integer printed with the locale's number format.
    public var formatSpecifier: String?

    /// Creates a plural variable.
    public init(argumentNumber: Int?, forms: [String: String], formatSpecifier: String? = nil) {
      self.argumentNumber = argumentNumber
      self.forms = forms
      self.formatSpecifier = formatSpecifier
    }
  }

  /// Conversion options.
  public struct Options: Sendable, Equatable {
    /// True when the language has a CLDR `zero` plural category (then the `zero` form is that
    /// category); false makes `zero` the form for exactly 0 (`=0`). ``init(locale:)`` decides it from
    /// the CLDR rules.
    public var zeroIsCategory: Bool
    /// Deepest nesting of substitutions inside substitutions.
    public var maxNesting: Int
    /// Most substitutions one string may reference (a larger count is rejected).
    public var maxSubstitutions: Int
    /// Longest ICU text one string may produce, in UTF-8 bytes (nested plurals multiply).
    public var maxOutputBytes: Int

    /// Creates options.
    public init(
      zeroIsCategory: Bool = false, maxNesting: Int = 4, maxSubstitutions: Int = 64,
      maxOutputBytes: Int = 256 * 1024
    ) {
      self.zeroIsCategory = zeroIsCategory
      self.maxNesting = maxNesting
      self.maxSubstitutions = maxSubstitutions
      self.maxOutputBytes = maxOutputBytes
    }

    /// Options for `locale`: ``zeroIsCategory`` from its CLDR cardinal rules.
    public init(locale: String) {
      self.init(zeroIsCategory: CatalogPlurals.hasZeroCategory(locale))
    }
  }

  /// The result of a conversion.
  public struct Message: Sendable, Equatable {
    /// ICU MessageFormat text.
    public var icu: String
    /// Argument kinds by 1-based position (index 0 is `arg1`).
    public var arguments: [FormatArgumentKind]
    /// True when the message contains a plural.
    public var isPlural: Bool
  }

  static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

  /// Converts a format string whose `%#@name@` references are resolved through `substitutions`.
  public static func convert(
    format: String, substitutions: [String: PluralVariable] = [:], options: Options = Options()
  ) throws(Failure) -> Message {
    if !format.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B || $0 == 0x7D || $0 == 0x27 }) {
      return Message(icu: format, arguments: [], isPlural: false)  // fast path: nothing to convert
    }
    if substitutions.count > options.maxSubstitutions {
      throw Failure(
        reason:
          "\(substitutions.count) substitutions (at most \(options.maxSubstitutions) are accepted)",
        text: format)
    }
    var state = State(options: options, substitutions: substitutions)
    let out = try state.convertFormat(format)
    return try state.finish(icu: out, text: format)
  }

  /// Converts a direct plural variation (category → full format string).
  ///
  /// The selector is the first numeric specifier of the forms (by resolved position); when no form has
  /// one, `arg1` selects.
  public static func convertPlural(forms: [String: String], options: Options = Options())
    throws(Failure) -> Message
  {
    var selector: Int?
    for category in categoryOrder {
      guard let form = forms[category] else { continue }
      var next = 1
      for token in try tokenize(form, allowArg: false) {
        if case .specifier(let spec) = token {
          let position = spec.position ?? next
          if spec.position == nil { next += 1 }
          if spec.kind == .integer || spec.kind == .double, selector == nil { selector = position }
        }
      }
      if selector != nil { break }
    }
    var state = State(options: options, substitutions: [:])
    let icu = try state.plural(
      forms, selector: selector ?? 1, selectorSpec: nil, sequential: true, depth: 0, visiting: [])
    return try state.finish(icu: icu, text: forms["other"] ?? "")
  }

  // MARK: - Internals

  struct State {
    var options: Options
    var substitutions: [String: PluralVariable]
    var kinds: [Int: (FormatArgumentKind, String)] = [:]
    var isPlural = false
    /// The next sequential argument position of the top-level string.
    var next = 1
    /// The argument each substitution selects on, fixed at its first reference (a nested variable
    /// referenced from every form of its parent selects on one argument).
    var positions: [String: Int] = [:]
    /// Each substitution's ICU text once built, with the nesting depth it was built at: a variable
    /// referenced from every form of its parent (`.stringsdict` style, twelve references a level)
    /// is converted once, not once per reference, so the work is that of copying the output.
    /// Reusing it is exact: its position and selector are fixed at the first reference, a text
    /// built without a cycle has none in any context, and one that fit the nesting limit at a depth
    /// fits at every shallower one.
    var expansions: [String: (depth: Int, icu: String)] = [:]

    init(options: Options, substitutions: [String: PluralVariable]) {
      self.options = options
      self.substitutions = substitutions
    }

    mutating func record(
      _ position: Int, _ kind: FormatArgumentKind, _ raw: String, in text: String
    )
      throws(Failure)
    {
      if let (existing, firstRaw) = kinds[position], existing != kind {
        throw Failure(
          reason:
            "argument \(position) is used with conflicting types: \(firstRaw) (\(existing.rawValue)) and \(raw) (\(kind.rawValue))",
          text: text)
      }
      if kinds[position] == nil { kinds[position] = (kind, raw) }
    }

    func finish(icu: String, text: String) throws(Failure) -> Message {
      if icu.utf8.count > options.maxOutputBytes {
        throw Failure(
          reason:
            "the message expands to \(icu.utf8.count) bytes of ICU text (at most \(options.maxOutputBytes))",
          text: text, exceededOutputLimit: true)
      }
      let maxPosition = kinds.keys.max() ?? 0
      var arguments: [FormatArgumentKind] = []
      arguments.reserveCapacity(maxPosition)
      for position in stride(from: 1, through: maxPosition, by: 1) {
        arguments.append(kinds[position]?.0 ?? .unused)
      }
      return Message(icu: icu, arguments: arguments, isPlural: isPlural)
    }

    /// The top-level format string.
    mutating func convertFormat(_ format: String) throws(Failure) -> String {
      var out = ""
      for token in try tokenize(format, allowArg: false) {
        switch token {
        case .literal(let text):
          out += escape(text, inPlural: false)
        case .substitutionArgument:
          throw Failure(
            reason: "'%arg' is only valid inside a substitution variation", text: format)
        case .specifier(let spec):
          let position = spec.position ?? next
          if spec.position == nil { next += 1 }
          try record(position, spec.kind, spec.raw, in: format)
          out += argument(position, spec)
        case .substitution(let name, let tokenPosition):
          out += try substitution(
            name, tokenPosition: tokenPosition, in: format, depth: 0, visiting: [])
        }
        if out.utf8.count > options.maxOutputBytes { break }
      }
      return out
    }

    mutating func substitution(
      _ name: String, tokenPosition: Int?, in text: String, depth: Int, visiting: Set<String>
    ) throws(Failure) -> String {
      guard let variable = substitutions[name] else {
        throw Failure(
          reason: "substitution '%#@\(name)@' has no definition (add it to substitutions)",
          text: text)
      }
      guard !visiting.contains(name) else {
        throw Failure(
          reason:
            "substitution '%#@\(name)@' refers to itself (cycle: \((visiting.sorted() + [name]).joined(separator: " → ")))",
          text: text)
      }
      guard depth < options.maxNesting else {
        throw Failure(
          reason: "substitutions are nested more than \(options.maxNesting) levels deep",
          text: text)
      }
      let position: Int
      if let known = positions[name] {
        position = known
      } else {
        position = variable.argumentNumber ?? tokenPosition ?? next
        // `%#@name@` takes a sequential slot, as in Foundation.
        if tokenPosition == nil { next += 1 }
        positions[name] = position
      }
      var selectorSpec: FormatSpecifier?
      if let specifier = variable.formatSpecifier {
        let tokens = try ICUMessageBuilder.tokenize("%" + specifier, allowArg: false)
        guard tokens.count == 1, case .specifier(let spec) = tokens[0], spec.position == nil,
          spec.kind == .integer || spec.kind == .double
        else {
          throw Failure(
            reason:
              "substitution '\(name)' has formatSpecifier '\(specifier)', which is not a number specifier (use lld, d, u, f, .1f …)",
            text: text)
        }
        selectorSpec = spec
        try record(position, spec.kind, "%" + specifier, in: text)
      }
      if let built = expansions[name], depth <= built.depth { return built.icu }
      var inner = visiting
      inner.insert(name)
      let icu = try plural(
        variable.forms, selector: position, selectorSpec: selectorSpec, sequential: false,
        depth: depth + 1, visiting: inner)
      expansions[name] = (depth, icu)
      return icu
    }

    /// Builds `{argS, plural, …}`. In a substitution (`sequential == false`) non-positional specifiers
    /// refer to the variable itself; in a direct plural variation they are numbered sequentially.
    mutating func plural(
      _ forms: [String: String], selector: Int, selectorSpec: FormatSpecifier?, sequential: Bool,
      depth: Int, visiting: Set<String>
    ) throws(Failure) -> String {
      for category in forms.keys where !categoryOrder.contains(category) {
        throw Failure(
          reason:
            "unknown plural category '\(category)' (expected zero, one, two, few, many or other)",
          text: forms[category] ?? "")
      }
      guard forms["other"] != nil else {
        throw Failure(
          reason:
            "plural variation has no 'other' form (categories: \(forms.keys.sorted().joined(separator: ", ")))",
          text: forms.values.sorted().first ?? "")
      }
      isPlural = true
      var selectorKind: FormatArgumentKind? = selectorSpec?.kind
      var branches: [String] = []
      for category in categoryOrder {
        guard let form = forms[category] else { continue }
        var formNext = 1
        var body = ""
        for token in try ICUMessageBuilder.tokenize(form, allowArg: !sequential) {
          switch token {
          case .literal(let text):
            body += escape(text, inPlural: true)
          case .substitutionArgument:
            body += selectorText(selector, selectorSpec)
          case .substitution(let name, let tokenPosition):
            body += try substitution(
              name, tokenPosition: tokenPosition, in: form, depth: depth, visiting: visiting)
          case .specifier(let spec):
            let position: Int
            if let explicit = spec.position {
              position = explicit
            } else if sequential {
              position = formNext
              formNext += 1
            } else {
              position = selector
            }
            try record(position, spec.kind, spec.raw, in: form)
            if position == selector, spec.kind == .integer || spec.kind == .double {
              selectorKind = spec.kind
              body += selectorText(selector, spec)
            } else {
              body += argument(position, spec)
            }
          }
          if body.utf8.count > options.maxOutputBytes {
            throw Failure(
              reason:
                "the message expands to more than \(options.maxOutputBytes) bytes of ICU text",
              text: form, exceededOutputLimit: true)
          }
        }
        let label = category == "zero" && !options.zeroIsCategory ? "=0" : category
        branches.append("\(label) {\(body)}")
      }
      if kinds[selector] == nil {
        try record(selector, selectorKind ?? .integer, "plural selector", in: forms["other"] ?? "")
      }
      return "{arg\(selector), plural, \(branches.joined(separator: " "))}"
    }

    /// The selector printed inside its own plural: `#` (the locale's number format), or the number
    /// with the specifier's precision for `%.Nf`.
    func selectorText(_ selector: Int, _ spec: FormatSpecifier?) -> String {
      guard let spec, spec.kind == .double, spec.precision != nil || spec.conversion == "f"
      else { return "#" }
      return argument(selector, spec)
    }
  }

  static func tokenize(_ text: String, allowArg: Bool) throws(Failure) -> [FormatToken] {
    do {
      return try FormatStringParser.tokenize(text, allowSubstitutionArgument: allowArg)
    } catch {
      throw Failure(reason: "\(error.reason) at '\(error.specifier)'", text: text)
    }
  }

  static func argument(_ position: Int, _ spec: FormatSpecifier) -> String {
    switch spec.kind {
    case .object, .integer, .character, .unused:
      return "{arg\(position)}"
    case .double:
      guard spec.conversion == "f" || spec.conversion == "F" else { return "{arg\(position)}" }
      let digits = min(spec.precision ?? 6, 20)
      if digits == 0 { return "{arg\(position), number, ::precision-integer}" }
      return "{arg\(position), number, ::.\(String(repeating: "0", count: digits))}"
    }
  }

  /// Quotes ICU syntax characters in literal text.
  public static func escape(_ text: String, inPlural: Bool) -> String {
    guard text.contains(where: { $0 == "'" || $0 == "{" || $0 == "}" || (inPlural && $0 == "#") })
    else { return text }
    let chars = Array(text)
    var out = ""
    for (index, c) in chars.enumerated() {
      switch c {
      case "{", "}":
        out += "'\(c)'"
      case "#" where inPlural:
        out += "'#'"
      case "'":
        let nextChar: Character? = index + 1 < chars.count ? chars[index + 1] : nil
        if let n = nextChar, !"'{}#|".contains(n) {
          out += "'"
        } else {
          out += "''"
        }
      default:
        out.append(c)
      }
    }
    return out
  }
}
