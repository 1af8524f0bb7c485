import Foundation

extension NativeFormatters {
  /// The display name of a language, region, script or currency code (`Intl.DisplayNames`):
  /// `options["type"]` is required; `fallback` is `"code"` (default: the canonical code when
  /// there is no name) or `"none"` (`nil` when there is no name).
  public func formatDisplayName(_ code: String, locale: String, options: FormatOptions)
    throws(FormatFailure) -> FormatResult?
  {
    var reader = OptionReader(options, formatter: "displayName")
    guard let type = try reader.string("type", ["language", "region", "script", "currency"])
    else {
      throw .invalidOptions(
        "displayName option \"type\" is required: language, region, script or currency")
    }
    let fallback = try reader.string("fallback", ["code", "none"]) ?? "code"
    let style = try reader.string("style", ["long", "short", "narrow"]) ?? "long"
    let languageDisplay =
      try reader.string("languageDisplay", ["dialect", "standard"]) ?? "dialect"
    _ = try reader.string("localeMatcher", ["lookup", "best fit"])
    if style != "long" {
      reader.note(
        "style", "Foundation offers only long display names; style \"\(style)\" uses the long name")
    }
    let displayLocale = Locale(identifier: locale)
    let canonical = try Self.canonicalDisplayCode(code, type: type)
    var name: String?
    switch type {
    case "language":
      if canonical.contains("-") {
        if languageDisplay == "dialect" {
          reader.note(
            "languageDisplay",
            "Foundation has no dialect names; the standard name (language with region/script in parentheses) is used"
          )
        }
        name = displayLocale.localizedString(forIdentifier: canonical)
      } else {
        name = displayLocale.localizedString(forLanguageCode: canonical)
      }
    case "region":
      name = displayLocale.localizedString(forRegionCode: canonical)
    case "script":
      name = displayLocale.localizedString(forScriptCode: canonical)
    default:
      name = displayLocale.localizedString(forCurrencyCode: canonical)
    }
    if let name, !name.isEmpty, name != canonical {
      return FormatResult(text: name, unsupported: reader.notes)
    }
    if fallback == "none" { return nil }
    return FormatResult(text: canonical, unsupported: reader.notes)
  }

  /// Validates a code for its display-name type (ECMA-402 CanonicalCodeForDisplayNames).
  static func canonicalDisplayCode(_ code: String, type: String) throws(FormatFailure) -> String {
    func invalid(_ what: String) -> FormatFailure {
      .invalidValue("displayName: \"\(code)\" is not a valid \(what)")
    }
    let isAlpha = { (text: Substring) in text.allSatisfy { $0.isASCII && $0.isLetter } }
    let isDigit = { (text: Substring) in text.allSatisfy { $0.isASCII && $0.isNumber } }
    switch type {
    case "region":
      let text = Substring(code)
      guard (text.count == 2 && isAlpha(text)) || (text.count == 3 && isDigit(text)) else {
        throw invalid("region code (2 letters or 3 digits)")
      }
      return code.uppercased()
    case "script":
      let text = Substring(code)
      guard text.count == 4, isAlpha(text) else { throw invalid("script code (4 letters)") }
      return text.prefix(1).uppercased() + text.dropFirst().lowercased()
    case "currency":
      let text = Substring(code)
      guard text.count == 3, isAlpha(text) else { throw invalid("currency code (3 letters)") }
      return code.uppercased()
    default:
      // unicode_language_id: language ["-" script] ["-" region] *("-" variant)
      let parts = code.split(separator: "-", omittingEmptySubsequences: false)
      guard let first = parts.first, (2...3).contains(first.count) || (5...8).contains(first.count),
        isAlpha(first)
      else { throw invalid("language code") }
      var result = [first.lowercased()]
      var index = 1
      if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) {
        result.append(parts[index].prefix(1).uppercased() + parts[index].dropFirst().lowercased())
        index += 1
      }
      if index < parts.count,
        (parts[index].count == 2 && isAlpha(parts[index]))
          || (parts[index].count == 3 && isDigit(parts[index]))
      {
        result.append(parts[index].uppercased())
        index += 1
      }
      while index < parts.count {
        let variant = parts[index]
        let valid =
          ((5...8).contains(variant.count)
            && variant.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
          || (variant.count == 4 && variant.first?.isNumber == true
            && variant.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        guard valid else { throw invalid("language code") }
        result.append(variant.lowercased())
        index += 1
      }
      return result.joined(separator: "-")
    }
  }
}
