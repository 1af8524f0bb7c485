import Foundation

/// Reads classic Apple `.stringsdict` property lists (XML) into ICU plural messages.
///
/// Each key is a dictionary with `NSStringLocalizedFormatKey` (a format string with `%#@name@`
/// references) and one dictionary per variable with `NSStringFormatSpecTypeKey` =
/// `NSStringPluralRuleType`, an optional `NSStringFormatValueTypeKey` (the selector's specifier
/// without `%`, e.g. `d`, `lld`, `f`) and the plural forms. A form may reference another variable
/// (`%#@folders@` inside a form of `files`): the nesting becomes nested ICU plurals (cycles and
/// nesting deeper than four levels are rejected). `zero` follows the locale as in
/// ``ICUMessageBuilder``.
public enum StringsDictReader {
  /// Reads the file at `url` as the strings of `locale`.
  public static func read(
    contentsOf url: URL, locale: String,
    invalidEntries: XCStringsReader.InvalidEntryPolicy = .reject
  ) throws(CatalogError) -> LocalizationCatalog {
    let data = try CatalogError.contents(of: url)
    return try read(data, file: url.path, locale: locale, invalidEntries: invalidEntries)
  }

  /// Reads `.stringsdict` bytes as the strings of `locale`; `file` labels errors.
  public static func read(
    _ data: Data, file: String, locale: String,
    invalidEntries: XCStringsReader.InvalidEntryPolicy = .reject
  ) throws(CatalogError) -> LocalizationCatalog {
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw CatalogError(
        kind: .syntax, file: file,
        message:
          "not a valid property list: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error.localizedDescription)"
      )
    }
    guard let root = plist as? [String: Any] else {
      throw CatalogError(
        kind: .structure, file: file, message: "the root of a .stringsdict must be a dictionary")
    }
    var entries: [String: CatalogEntry] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    for key in root.keys.sorted() {
      do {
        entries[key] = try entry(
          root[key] as Any, key: key, file: file, options: ICUMessageBuilder.Options(locale: locale)
        )
      } catch {
        switch invalidEntries {
        case .reject: throw error
        case .skip:
          diagnostics.append(
            CatalogDiagnostic(key: key, locale: locale, message: error.description))
        }
      }
    }
    return LocalizationCatalog(
      locales: [locale: entries], keys: root.keys.sorted(), diagnostics: diagnostics)
  }

  static func entry(
    _ raw: Any, key: String, file: String,
    options: ICUMessageBuilder.Options = ICUMessageBuilder.Options()
  ) throws(CatalogError) -> CatalogEntry {
    let path = XCStringsReader.quoted(key)
    guard let dict = raw as? [String: Any] else {
      throw CatalogError(
        kind: .structure, file: file, keyPath: path, message: "must be a dictionary")
    }
    guard let format = dict["NSStringLocalizedFormatKey"] as? String else {
      throw CatalogError(
        kind: .structure, file: file, keyPath: path + ".NSStringLocalizedFormatKey",
        message: "missing or not a string")
    }
    var variables: [String: ICUMessageBuilder.PluralVariable] = [:]
    for (name, value) in dict where name != "NSStringLocalizedFormatKey" {
      let variablePath = path + ".\(name)"
      guard let rule = value as? [String: Any] else {
        throw CatalogError(
          kind: .structure, file: file, keyPath: variablePath, message: "must be a dictionary")
      }
      let type = rule["NSStringFormatSpecTypeKey"] as? String
      guard type == "NSStringPluralRuleType" else {
        throw CatalogError(
          kind: .structure, file: file, keyPath: variablePath + ".NSStringFormatSpecTypeKey",
          message:
            "unsupported rule type \(type.map { "'\($0)'" } ?? "(missing)"); only NSStringPluralRuleType is supported"
        )
      }
      var forms: [String: String] = [:]
      for category in ICUMessageBuilder.categoryOrder {
        if let text = rule[category] {
          guard let text = text as? String else {
            throw CatalogError(
              kind: .structure, file: file, keyPath: variablePath + ".\(category)",
              message: "must be a string")
          }
          forms[category] = text
        }
      }
      var valueType: String?
      if let raw = rule["NSStringFormatValueTypeKey"] {
        guard let text = raw as? String, !text.isEmpty else {
          throw CatalogError(
            kind: .structure, file: file, keyPath: variablePath + ".NSStringFormatValueTypeKey",
            message: "must be a specifier without '%' such as \"d\" or \"lld\"")
        }
        valueType = text
      }
      variables[name] = ICUMessageBuilder.PluralVariable(
        argumentNumber: nil, forms: forms, formatSpecifier: valueType)
    }
    do {
      let message = try ICUMessageBuilder.convert(
        format: format, substitutions: variables, options: options)
      return CatalogEntry(
        value: format, icuMessage: message.icu,
        kind: message.isPlural ? .plural : (message.arguments.isEmpty ? .plain : .formatted),
        arguments: message.arguments)
    } catch {
      throw CatalogError(
        kind: .format, file: file, keyPath: path, message: "\(error.reason) in \"\(error.text)\"")
    }
  }
}
