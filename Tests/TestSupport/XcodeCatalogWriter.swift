/// A JSON value as a String Catalog holds it (for ``XcodeCatalogWriter``).
public indirect enum XcodeJSON: Sendable, Equatable {
  /// An object; written with its keys sorted, as Xcode writes them.
  case object([String: XcodeJSON])
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A boolean.
  case bool(Bool)
}

/// Writes String Catalogs byte for byte the way Xcode writes `.xcstrings` files: two-space
/// indentation, `"key" : value` separators, keys in sorted order, empty objects as `{\n\n}`,
/// `"version" : "1.0"` after `strings`, no trailing newline. Builders make the constructs Xcode
/// writes (string units with a state, plural and device variations, substitutions).
public enum XcodeCatalogWriter {
  /// The catalog text.
  public static func catalog(
    sourceLanguage: String = "en", strings: [String: XcodeJSON], version: String = "1.0"
  ) -> String {
    text(
      .object([
        "sourceLanguage": .string(sourceLanguage), "strings": .object(strings),
        "version": .string(version),
      ]))
  }

  /// An entry: `comment`, `extractionState`, `localizations`, `shouldTranslate` as Xcode writes them.
  public static func entry(
    comment: String? = nil, extractionState: String? = "manual",
    shouldTranslate: Bool? = nil, localizations: [String: XcodeJSON]
  ) -> XcodeJSON {
    var members: [String: XcodeJSON] = [:]
    if let comment { members["comment"] = .string(comment) }
    if let extractionState { members["extractionState"] = .string(extractionState) }
    if !localizations.isEmpty { members["localizations"] = .object(localizations) }
    if let shouldTranslate { members["shouldTranslate"] = .bool(shouldTranslate) }
    return .object(members)
  }

  /// `{"stringUnit" : {"state" : …, "value" : …}}`.
  public static func unit(_ value: String, state: String = "translated") -> XcodeJSON {
    .object(["stringUnit": .object(["state": .string(state), "value": .string(value)])])
  }

  /// A localization with `variations.plural` (category → text).
  public static func plural(_ forms: [String: String], state: String = "translated") -> XcodeJSON {
    .object(["variations": .object(["plural": .object(forms.mapValues { unit($0, state: state) })])]
    )
  }

  /// A localization with `variations.device` (device → localization).
  public static func device(_ variants: [String: XcodeJSON]) -> XcodeJSON {
    .object(["variations": .object(["device": .object(variants)])])
  }

  /// A localization whose string unit references `substitutions`.
  public static func substituted(
    _ value: String, state: String = "translated", substitutions: [String: XcodeJSON]
  ) -> XcodeJSON {
    guard case .object(var members) = unit(value, state: state) else { return unit(value) }
    members["substitutions"] = .object(substitutions)
    return .object(members)
  }

  /// One substitution: `argNum`, `formatSpecifier` and plural forms.
  public static func substitution(
    argNum: Int?, formatSpecifier: String? = "lld", forms: [String: String],
    state: String = "translated"
  ) -> XcodeJSON {
    var members: [String: XcodeJSON] = [
      "variations": .object(["plural": .object(forms.mapValues { unit($0, state: state) })])
    ]
    if let argNum { members["argNum"] = .int(argNum) }
    if let formatSpecifier { members["formatSpecifier"] = .string(formatSpecifier) }
    return .object(members)
  }

  /// `value` in Xcode's layout.
  public static func text(_ value: XcodeJSON) -> String {
    var out = ""
    write(value, indent: 0, into: &out)
    return out
  }

  static func write(_ value: XcodeJSON, indent: Int, into out: inout String) {
    switch value {
    case .string(let text): out += quoted(text)
    case .int(let number): out += String(number)
    case .bool(let flag): out += flag ? "true" : "false"
    case .object(let members):
      let pad = String(repeating: " ", count: indent + 2)
      if members.isEmpty {
        out += "{\n\n" + String(repeating: " ", count: indent) + "}"
        return
      }
      out += "{\n"
      for (index, key) in members.keys.sorted().enumerated() {
        out += pad + quoted(key) + " : "
        write(members[key] ?? .string(""), indent: indent + 2, into: &out)
        out += index == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    }
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
