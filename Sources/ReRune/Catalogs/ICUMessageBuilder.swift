/// Converts Apple format strings, plural variations and substitutions into ICU MessageFormat text.
///
/// Argument naming: the n-th printf argument becomes the ICU argument `arg<n>` (1-based, by position:
/// `%@ %d` → `{arg1} {arg2}`; `%2$@` → `{arg2}`). Conversions:
/// - `%@`, `%s`, and integers (`%d %i %u %lld %o %x`) → `{argN}` (the ICU module renders a simple
///   argument as plain text, e.g. `1234`, like `String(format:)`; ICU has no radix, so `%x`/`%o` render in
///   decimal); inside plurals the selector's `#` uses the locale's number format (`1,000`);
/// - `%f` → `{argN, number, ::.000000}` (printf's six digits), `%.Nf` → `{argN, number, ::.<N zeros>}`,
///   `%.0f` → `{argN, number, ::precision-integer}`, `%e %g %a` → `{argN}`;
/// - plural variations → `{argS, plural, =0 {…} one {…} … other {…}}` where `zero` becomes `=0` (Apple applies
///   the zero form to the value 0 in every language) and the selector's own specifier becomes `#`;
/// - substitutions `%#@name@` → a nested plural on the substitution's `argNum` (or the next sequential
///   argument), with `%arg` and the variable's specifier rendered as `#`.
/// Literal `{`, `}` (and `#` inside plural branches) are quoted with apostrophes; an apostrophe is doubled
/// only where ICU would otherwise read it as a quote, so plain text stays readable.
public enum ICUMessageBuilder {
  /// Why a message could not be converted.
  public struct Failure: Error, Sendable, Equatable {
    /// Human-readable explanation, naming the offending specifier or category.
    public var reason: String
    /// The text that contains the problem (a format string or plural form).
    public var text: String
  }

  /// A plural variable: a substitution or a direct plural variation.
  public struct PluralVariable: Sendable, Equatable {
    /// Explicit 1-based argument number (String Catalog `argNum`), if any.
    public var argumentNumber: Int?
    /// Plural category (`zero one two few many other`) → Apple format text of that form.
    public var forms: [String: String]

    /// Creates a plural variable.
    public init(argumentNumber: Int?, forms: [String: String]) {
      self.argumentNumber = argumentNumber
      self.forms = forms
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
  public static func convert(format: String, substitutions: [String: PluralVariable] = [:])
    throws(Failure) -> Message
  {
    if !format.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B || $0 == 0x7D || $0 == 0x27 }) {
      return Message(icu: format, arguments: [], isPlural: false)  // fast path: nothing to convert
    }
    var state = State()
    let tokens = try tokenize(format, allowArg: false)
    var next = 1
    var out = ""
    for token in tokens {
      switch token {
      case .literal(let text):
        out += escape(text, inPlural: false)
      case .substitutionArgument:
        throw Failure(reason: "'%arg' is only valid inside a substitution variation", text: format)
      case .specifier(let spec):
        let position = spec.position ?? next
        if spec.position == nil { next += 1 }
        try state.record(position, spec.kind, spec.raw, in: format)
        out += argument(position, spec)
      case .substitution(let name, let tokenPosition):
        guard let variable = substitutions[name] else {
          throw Failure(
            reason: "substitution '%#@\(name)@' has no definition (add it to substitutions)",
            text: format)
        }
        let position = variable.argumentNumber ?? tokenPosition ?? next
        if tokenPosition == nil { next += 1 }
        out += try plural(variable.forms, selector: position, state: &state)
      }
    }
    return try state.finish(icu: out, text: format)
  }

  /// Converts a direct plural variation (category → full format string).
  ///
  /// The selector is the first numeric specifier of the forms (by resolved position); when no form has
  /// one, `arg1` selects.
  public static func convertPlural(forms: [String: String]) throws(Failure) -> Message {
    var selector: Int?
    for category in categoryOrder {
      guard let form = forms[category] else { continue }
      var next = 1
      for token in try tokenize(form, allowArg: false) {
        if case .specifier(let spec) = token {
          let position = spec.position ?? next
          if spec.position == nil { next += 1 }
          if spec.kind != .object, selector == nil { selector = position }
        }
      }
      if selector != nil { break }
    }
    var state = State()
    let icu = try plural(forms, selector: selector ?? 1, state: &state, sequential: true)
    return try state.finish(icu: icu, text: forms["other"] ?? "")
  }

  // MARK: - Internals

  struct State {
    var kinds: [Int: (FormatArgumentKind, String)] = [:]
    var isPlural = false

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
      let maxPosition = kinds.keys.max() ?? 0
      var arguments: [FormatArgumentKind] = []
      for position in stride(from: 1, through: maxPosition, by: 1) {
        guard let (kind, _) = kinds[position] else {
          let used = kinds.keys.sorted().map(String.init).joined(separator: ", ")
          throw Failure(
            reason:
              "argument \(position) is never used, but later arguments are (positions used: \(used))",
            text: text)
        }
        arguments.append(kind)
      }
      return Message(icu: icu, arguments: arguments, isPlural: isPlural)
    }
  }

  static func tokenize(_ text: String, allowArg: Bool) throws(Failure) -> [FormatToken] {
    do {
      return try FormatStringParser.tokenize(text, allowSubstitutionArgument: allowArg)
    } catch {
      throw Failure(reason: "\(error.reason) at '\(error.specifier)'", text: text)
    }
  }

  /// Builds `{argS, plural, …}`. In a substitution (`sequential == false`) non-positional specifiers
  /// refer to the variable itself; in a direct plural variation they are numbered sequentially.
  static func plural(
    _ forms: [String: String], selector: Int, state: inout State, sequential: Bool = false
  ) throws(Failure) -> String {
    for category in forms.keys where !categoryOrder.contains(category) {
      throw Failure(
        reason:
          "unknown plural category '\(category)' (expected zero, one, two, few, many or other)",
        text: forms[category] ?? "")
    }
    guard forms["other"] != nil else {
      throw Failure(
        reason: "plural variation has no 'other' form (categories: \(forms.keys.sorted()))",
        text: forms.values.first ?? "")
    }
    state.isPlural = true
    var selectorKind: FormatArgumentKind?
    var branches: [String] = []
    for category in categoryOrder {
      guard let form = forms[category] else { continue }
      var next = 1
      var body = ""
      for token in try tokenize(form, allowArg: !sequential) {
        switch token {
        case .literal(let text):
          body += escape(text, inPlural: true)
        case .substitutionArgument:
          body += "#"
        case .substitution(let name, _):
          throw Failure(
            reason: "nested substitution '%#@\(name)@' inside a plural form is not supported",
            text: form)
        case .specifier(let spec):
          let position: Int
          if let explicit = spec.position {
            position = explicit
          } else if sequential {
            position = next
            next += 1
          } else {
            position = selector
          }
          try state.record(position, spec.kind, spec.raw, in: form)
          if position == selector, spec.kind != .object {
            selectorKind = spec.kind
            body += "#"
          } else {
            body += argument(position, spec)
          }
        }
      }
      let label = category == "zero" ? "=0" : category
      branches.append("\(label) {\(body)}")
    }
    if state.kinds[selector] == nil {
      try state.record(
        selector, selectorKind ?? .integer, "plural selector", in: forms["other"] ?? "")
    }
    return "{arg\(selector), plural, \(branches.joined(separator: " "))}"
  }

  static func argument(_ position: Int, _ spec: FormatSpecifier) -> String {
    switch spec.kind {
    case .object, .integer:
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
