import Foundation

/// Reads classic Apple `.stringsdict` property lists (XML, or binary `bplist00` as compiled app
/// bundles contain) into ICU plural messages.
///
/// Each key is a dictionary with `NSStringLocalizedFormatKey` (a format string with `%#@name@`
/// references) and one dictionary per variable with `NSStringFormatSpecTypeKey` =
/// `NSStringPluralRuleType`, an optional `NSStringFormatValueTypeKey` (the selector's specifier
/// without `%`, e.g. `d`, `lld`, `f`) and the plural forms. A form may reference another variable
/// (`%#@folders@` inside a form of `files`): the nesting becomes nested ICU plurals (cycles and
/// nesting deeper than four levels are rejected). `zero` follows the locale as in
/// ``ICUMessageBuilder``.
///
/// The property list is read by the package's own reader, not Foundation's
/// `PropertyListSerialization`: XML through libxml2 (no network, no DTD or entity loading, no
/// entity expansion; the DOCTYPE naming Apple's DTD is not fetched), binary plists by a bounds-checked
/// Swift reader. OpenStep (text) plists are rejected with an error that says to convert them.
/// Limits: 16 MiB per file, nesting 64 levels deep, 500,000 values (a binary object shared by several
/// references counted at each), 1,000,000 objects in a binary plist; each is a `.syntax` error naming
/// it. The ICU text of all entries together is bounded by ``CatalogConversionBudget`` (1 MiB plus
/// four times the file's size; nested variables multiply): past it the file fails with
/// ``CatalogError/Kind/limit``. A key repeated in one dictionary keeps its last value, as Apple's readers do, and adds a
/// diagnostic for the entry.
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
    let document: PropertyListDocument
    do {
      document = try PropertyListReader.read(data)
    } catch {
      throw CatalogError(
        kind: .syntax, file: file, line: error.line, column: error.column,
        message: "not a valid property list: \(error.message)")
    }
    guard let root = document.root.dictionaryValue else {
      throw CatalogError(
        kind: .structure, file: file,
        message:
          "the root of a .stringsdict must be a dictionary, not \(document.root.typeName)")
    }
    var entries: [String: CatalogEntry] = [:]
    var diagnostics: [CatalogDiagnostic] = document.duplicateKeys.compactMap { duplicate in
      guard let key = duplicate.path.first else { return nil }
      let keyPath = duplicate.path.map(XCStringsReader.quoted).joined(separator: ".")
      let location = duplicate.line.map { "\(file):\($0)" } ?? file
      return CatalogDiagnostic(
        key: key, locale: locale,
        message: "\(location): \(keyPath): duplicate key; the last value wins",
        file: file, line: duplicate.line)
    }
    // Nested variables multiply: the file's entries share one conversion budget in proportion
    // to its size (as a String Catalog's do); past it the file fails with `.limit`.
    let ledger = CatalogConversionLedger()
    let budget = CatalogConversionBudget().totalBytes(forCatalogOf: data.count)
    for (key, value) in root.sorted(by: { $0.key < $1.key }) {
      var options = ICUMessageBuilder.Options(locale: locale)
      do {
        // A refused entry keeps its whole grant spent (stricter than a String Catalog, which
        // gives back the grant of an entry refused for another reason than its size).
        entries[key] = try ledger.convert(
          wanting: options.maxOutputBytes, of: budget, refundsFailure: { _ in false },
          { granted, capped throws(CatalogError) in
            options.maxOutputBytes = granted
            return try entry(value, key: key, file: file, options: options, budgetCapped: capped)
          })
      } catch {
        if error.kind == .limit { throw error }
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

  /// One key's entry; with `budgetCapped` (the output limit in `options` is what is left of the
  /// file's conversion budget) an entry that reaches it throws ``CatalogError/Kind/limit``.
  static func entry(
    _ raw: PropertyListValue, key: String, file: String,
    options: ICUMessageBuilder.Options = ICUMessageBuilder.Options(), budgetCapped: Bool = false
  ) throws(CatalogError) -> CatalogEntry {
    let path = XCStringsReader.quoted(key)
    guard let dict = raw.dictionaryValue else {
      throw CatalogError(
        kind: .structure, file: file, keyPath: path, message: "must be a dictionary")
    }
    guard let format = dict["NSStringLocalizedFormatKey"]?.stringValue else {
      throw CatalogError(
        kind: .structure, file: file, keyPath: path + ".NSStringLocalizedFormatKey",
        message: "missing or not a string")
    }
    var variables: [String: ICUMessageBuilder.PluralVariable] = [:]
    for (name, value) in dict where name != "NSStringLocalizedFormatKey" {
      let variablePath = path + ".\(name)"
      guard let rule = value.dictionaryValue else {
        throw CatalogError(
          kind: .structure, file: file, keyPath: variablePath, message: "must be a dictionary")
      }
      let type = rule["NSStringFormatSpecTypeKey"]?.stringValue
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
          guard let text = text.stringValue else {
            throw CatalogError(
              kind: .structure, file: file, keyPath: variablePath + ".\(category)",
              message: "must be a string")
          }
          forms[category] = text
        }
      }
      var valueType: String?
      if let raw = rule["NSStringFormatValueTypeKey"] {
        guard let text = raw.stringValue, !text.isEmpty else {
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
      if error.exceededOutputLimit, budgetCapped {
        throw CatalogError(
          kind: .limit, file: file, keyPath: path,
          message:
            "the file's entries expand to more than \(CatalogConversionBudget().baseBytes) + \(CatalogConversionBudget().bytesPerCatalogByte) × its size bytes of ICU text in total (CatalogConversionBudget); nested variables multiply"
        )
      }
      throw CatalogError(
        kind: .format, file: file, keyPath: path, message: "\(error.reason) in \"\(error.text)\"")
    }
  }
}
