import Foundation
import Messagevisor
import MessagevisorICU

/// Turns an ICU MessageFormat message into the String Catalog localization that says the same
/// thing, so that `publish --value` can take ICU and the client (which reads catalogs) renders it.
///
/// Mapping (the reverse of ``ICUMessageBuilder``):
/// - text → a string unit (`%` written as `%%`);
/// - `{x}` → `%@`, or `%lld` when `x` also selects a plural; `{x, number}` → `%lld`;
///   `{x, number, ::.00}` → `%.2f`; `{x, number, ::precision-integer}` → `%.0f`;
/// - a message that is one `{n, plural, …}` → `variations.plural` (`#` → `%lld`); a plural inside
///   text → a substitution `%#@n@` with `argNum`, `formatSpecifier: lld` and `%arg` for `#`
///   (plurals inside plural branches nest substitutions);
/// - a message that is one `{device, select, iphone {…} mac {…} other {…}}` → `variations.device`
///   (each branch converted by these rules);
/// - `=0` → the `zero` form in languages without a CLDR `zero` category; `zero` → `zero` in those
///   that have one (Arabic, Latvian, Welsh, …).
///
/// Arguments are positional: `argN` keeps position N; other names get the free positions in order
/// of first appearance (``Result/positions`` says which). Positional specifiers (`%2$@`) are written
/// whenever the message has more than one argument.
///
/// Not expressible, hence rejected with a reason: `date`/`time`, `selectordinal`, `offset:`, `=N`
/// other than `=0`, `select` on anything but `device` or inside text, number styles other than the
/// ones above.
public enum ICUCatalogConverter {
  /// Why a message cannot become a catalog construct.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What to change.
    public var reason: String
    /// The reason.
    public var description: String { reason }
  }

  /// A converted message.
  public struct Result: Sendable, Equatable {
    /// The localization object (`stringUnit`, `variations` and/or `substitutions`).
    public var localization: MessagevisorValue
    /// ICU argument name → 1-based position in the catalog's format strings.
    public var positions: [String: Int]
  }

  /// The devices a `device` select may name (Xcode's device variations).
  public static let devices: Set<String> = [
    "iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other",
  ]

  /// Parses `message` with the ICU parser and converts it for `locale`. `argumentOrder` (the
  /// argument names of the project message, in order of first appearance, see
  /// ``CatalogArgumentNames/names(in:)``) fixes the positions of named arguments, so a translation
  /// that reorders them still maps each name to its position.
  public static func convert(
    _ message: String, locale: String, state: String = "translated",
    argumentOrder: [String] = []
  ) throws(Failure) -> Result {
    let parsed: ICUMessage
    do {
      parsed = try ICUParser.parse(message)
    } catch {
      throw Failure(reason: "not valid ICU MessageFormat: \(error.description)")
    }
    return try convert(parsed.nodes, locale: locale, state: state, argumentOrder: argumentOrder)
  }

  /// Converts parsed ICU nodes for `locale` (see ``convert(_:locale:state:argumentOrder:)``).
  public static func convert(
    _ nodes: [ICUNode], locale: String, state: String = "translated",
    argumentOrder: [String] = []
  ) throws(Failure) -> Result {
    var context = Context(
      zeroIsCategory: CatalogPlurals.hasZeroCategory(locale), state: state)
    try context.assignPositions(nodes, order: argumentOrder)
    try context.inferKinds(nodes, selector: nil)
    let localization = try context.localization(nodes)
    return Result(localization: localization, positions: context.positions)
  }

  struct Context {
    var zeroIsCategory: Bool
    var state: String
    var positions: [String: Int] = [:]
    var kinds: [String: String] = [:]  // name → specifier without % (`@`, `lld`, `.2f`)
    var substitutionNames: Set<String> = []

    init(zeroIsCategory: Bool, state: String) {
      self.zeroIsCategory = zeroIsCategory
      self.state = state
    }

    var positional: Bool { positions.count > 1 || positions.values.contains { $0 != 1 } }

    // MARK: Arguments

    mutating func assignPositions(_ nodes: [ICUNode], order known: [String]) throws(Failure) {
      for (index, name) in known.enumerated() where index < 99 {
        positions[name] = index + 1
      }
      let order = CatalogArgumentNames.names(in: nodes)
      var used = Set(positions.values)
      for name in order where positions[name] == nil {
        if name.hasPrefix("arg"), let n = Int(name.dropFirst(3)), n >= 1, n <= 99 {
          positions[name] = n
          used.insert(n)
        }
      }
      var next = 1
      for name in order where positions[name] == nil {
        while used.contains(next) { next += 1 }
        guard next <= 99 else { throw Failure(reason: "more than 99 arguments") }
        positions[name] = next
        used.insert(next)
      }
    }

    mutating func setKind(_ name: String, _ kind: String) throws(Failure) {
      if let existing = kinds[name], existing != kind {
        if existing == "@" {
          kinds[name] = kind
          return
        }
        if kind == "@" { return }
        throw Failure(
          reason:
            "argument '\(name)' is used as %\(existing) and as %\(kind); a catalog gives each argument one type"
        )
      }
      kinds[name] = kind
    }

    mutating func inferKinds(_ nodes: [ICUNode], selector: String?) throws(Failure) {
      for node in nodes {
        switch node {
        case .argument(let name): try setKind(name, "@")
        case .number(let name, let style): try setKind(name, try Self.specifier(name, style))
        case .date(let name, _), .time(let name, _):
          throw Failure(
            reason:
              "{\(name), date/time} has no String Catalog equivalent; format the date in the app and pass it as text ({\(name)})"
          )
        case .plural(let name, let plural):
          try setKind(name, "lld")
          for branch in plural.exact { try inferKinds(branch.nodes, selector: name) }
          for key in plural.categories.keys.sorted() {
            try inferKinds(plural.categories[key] ?? [], selector: name)
          }
          try inferKinds(plural.other, selector: name)
        case .select(_, let select):
          for key in select.branches.keys.sorted() {
            try inferKinds(select.branches[key] ?? [], selector: selector)
          }
          try inferKinds(select.other, selector: selector)
        case .literal, .pound: break
        }
      }
    }

    static func specifier(_ name: String, _ style: ICUNumberStyle) throws(Failure) -> String {
      switch style {
      case .none: return "lld"
      case .named(let named):
        if named == "integer" { return "lld" }
        throw Failure(
          reason:
            "{\(name), number, \(named)} has no format specifier; use {\(name), number}, ::.00 or ::precision-integer"
        )
      case .skeleton(let skeleton):
        let source = skeleton.source
        if source == "precision-integer" { return ".0f" }
        if source.hasPrefix("."), source.count > 1, source.dropFirst().allSatisfy({ $0 == "0" }) {
          return ".\(source.count - 1)f"
        }
        throw Failure(
          reason:
            "{\(name), number, ::\(source)} has no format specifier; use ::.00 (→ %.2f) or ::precision-integer (→ %.0f)"
        )
      }
    }

    func spec(_ name: String) -> String {
      let kind = kinds[name] ?? "@"
      guard positional, let position = positions[name] else { return "%" + kind }
      return "%\(position)$" + kind
    }

    // MARK: Structure

    func unit(_ value: String) -> MessagevisorValue {
      .object(["stringUnit": .object(["state": .string(state), "value": .string(value)])])
    }

    mutating func localization(_ nodes: [ICUNode]) throws(Failure) -> MessagevisorValue {
      let content = nodes.filter {
        if case .literal(let text) = $0 { return !text.isEmpty }
        return true
      }
      if content.count == 1, case .select(let name, let select) = content[0] {
        guard name == "device" else {
          throw Failure(
            reason:
              "{\(name), select, …} has no String Catalog equivalent; only {device, select, iphone {…} mac {…} other {…}} (device variations) can be published"
          )
        }
        var variants: [String: MessagevisorValue] = [:]
        for key in select.branches.keys.sorted() {
          guard devices.contains(key) else {
            throw Failure(
              reason:
                "unknown device '\(key)' (use \(devices.sorted().joined(separator: ", ")))")
          }
          variants[key] = try localization(select.branches[key] ?? [])
        }
        variants["other"] = try localization(select.other)
        return .object(["variations": .object(["device": .object(variants)])])
      }
      if content.count == 1, case .plural(let name, let plural) = content[0],
        directPluralFits(name, plural)
      {
        let forms = try pluralForms(name, plural, inSubstitution: false)
        return .object([
          "variations": .object(["plural": .object(forms.mapValues { unit($0) })])
        ])
      }
      var substitutions: [String: MessagevisorValue] = [:]
      let value = try text(nodes, selector: nil, substitutions: &substitutions)
      guard case .object(var object) = unit(value) else { return unit(value) }
      if !substitutions.isEmpty { object["substitutions"] = .object(substitutions) }
      return .object(object)
    }

    /// A whole-message plural becomes a plural variation when the reader will pick the same
    /// selector: every other argument in it is text (`%@`), and the selector is argument 1 or some
    /// branch prints it with `#`.
    func directPluralFits(_ name: String, _ plural: ICUPlural) -> Bool {
      var others = false
      var pound = false
      func walk(_ nodes: [ICUNode]) {
        for node in nodes {
          switch node {
          case .pound: pound = true
          case .argument(let other), .number(let other, _):
            if other != name, kinds[other] != "@" { others = true }
          case .plural, .select, .date, .time: others = true
          case .literal: break
          }
        }
      }
      for branch in plural.exact { walk(branch.nodes) }
      for nodes in plural.categories.values { walk(nodes) }
      walk(plural.other)
      return !others && (pound || positions[name] == 1)
    }

    mutating func pluralForms(_ name: String, _ plural: ICUPlural, inSubstitution: Bool)
      throws(Failure) -> [String: String]
    {
      guard !plural.ordinal else {
        throw Failure(
          reason:
            "{\(name), selectordinal, …} has no String Catalog equivalent (catalogs have cardinal plurals only)"
        )
      }
      guard plural.offset == 0 else {
        throw Failure(reason: "{\(name), plural, offset:…} has no String Catalog equivalent")
      }
      var forms: [String: String] = [:]
      var substitutions: [String: MessagevisorValue] = [:]
      for branch in plural.exact {
        guard branch.value == 0, !zeroIsCategory else {
          throw Failure(
            reason: branch.value == 0
              ? "=0 cannot be published in a language whose CLDR rules have a 'zero' category (there the zero form is that category); use zero {…}"
              : "=\(formatNumber(branch.value)) has no String Catalog equivalent (only =0, as the zero form)"
          )
        }
        forms["zero"] = try text(branch.nodes, selector: name, substitutions: &substitutions)
      }
      for key in plural.categories.keys.sorted() {
        if key == "zero", !zeroIsCategory {
          throw Failure(
            reason:
              "'zero' is not a plural category of this language, so ICU never selects it; write =0 {…} for the value 0"
          )
        }
        guard forms[key] == nil else {
          throw Failure(reason: "both =0 and zero are given; a catalog has one zero form")
        }
        forms[key] = try text(
          plural.categories[key] ?? [], selector: name, substitutions: &substitutions)
      }
      forms["other"] = try text(plural.other, selector: name, substitutions: &substitutions)
      guard substitutions.isEmpty || inSubstitution else {
        throw Failure(
          reason: "a plural nested in a whole-message plural must be written inside text")
      }
      pendingNested.merge(substitutions) { first, _ in first }
      return forms
    }

    var pendingNested: [String: MessagevisorValue] = [:]

    mutating func text(
      _ nodes: [ICUNode], selector: String?, substitutions: inout [String: MessagevisorValue]
    ) throws(Failure) -> String {
      var out = ""
      for node in nodes {
        switch node {
        case .literal(let text): out += text.replacingOccurrences(of: "%", with: "%%")
        case .pound:
          guard let selector else { throw Failure(reason: "'#' outside a plural") }
          out += inSubstitutionOf == selector ? "%arg" : spec(selector)
        case .argument(let name), .number(let name, _):
          out += spec(name)
        case .date(let name, _), .time(let name, _):
          throw Failure(reason: "{\(name), date/time} has no String Catalog equivalent")
        case .select(let name, _):
          throw Failure(
            reason:
              "{\(name), select, …} inside text has no String Catalog equivalent; only a whole message {device, select, …} can be published"
          )
        case .plural(let name, let plural):
          var subName = Self.sanitized(name)
          var suffix = 2
          while substitutionNames.contains(subName) {
            subName = Self.sanitized(name) + "_\(suffix)"
            suffix += 1
          }
          substitutionNames.insert(subName)
          let saved = inSubstitutionOf
          inSubstitutionOf = name
          let forms = try pluralForms(name, plural, inSubstitution: true)
          inSubstitutionOf = saved
          var variationForms: [String: MessagevisorValue] = [:]
          for (category, value) in forms { variationForms[category] = unit(value) }
          substitutions[subName] = .object([
            "argNum": .int(positions[name] ?? 1), "formatSpecifier": "lld",
            "variations": .object(["plural": .object(variationForms)]),
          ])
          substitutions.merge(pendingNested) { first, _ in first }
          pendingNested = [:]
          out += "%#@\(subName)@"
        }
      }
      return out
    }

    var inSubstitutionOf: String?

    static func sanitized(_ name: String) -> String {
      let kept = name.unicodeScalars.filter {
        ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
          || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "_" || $0 == "."
      }
      let text = String(String.UnicodeScalarView(kept))
      return text.isEmpty ? "value" : text
    }

    func formatNumber(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
  }
}
