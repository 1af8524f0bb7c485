import Foundation

/// Reads Apple String Catalogs (`.xcstrings` JSON).
///
/// Supported: string units, `variations.plural`, `variations.device` (the configured device, else `other`;
/// nested variations inside a device are followed), and `substitutions` with plural variations. Every
/// localization becomes a ``CatalogEntry`` with ICU text (see ``ICUMessageBuilder``).
/// `comment`, `extractionState` and `shouldTranslate` are ignored; `stringUnit.state` is kept.
/// An empty string value is an intentional translation and is kept.
public enum XCStringsReader {
  /// What to do with an entry whose format string or plural rule is invalid.
  public enum InvalidEntryPolicy: Sendable, Equatable {
    /// Throw a ``CatalogError`` for the first invalid entry (the default; used for OTA payloads and
    /// `ota validate`, so a broken record never reaches users).
    case reject
    /// Skip the invalid localization and record a ``CatalogDiagnostic`` (for bundled catalogs whose
    /// other entries should stay usable).
    case skip
  }

  /// Reader options.
  public struct Options: Sendable, Equatable {
    /// Device variation to pick (`iphone`, `ipad`, `mac`, …); `other` is the fallback.
    public var device: String
    /// How invalid entries are handled.
    public var invalidEntries: InvalidEntryPolicy
    /// Maximum nesting of `variations` objects followed before the entry is rejected.
    public var maxVariationDepth: Int

    /// Creates options.
    public init(
      device: String = "other", invalidEntries: InvalidEntryPolicy = .reject,
      maxVariationDepth: Int = 4
    ) {
      self.device = device
      self.invalidEntries = invalidEntries
      self.maxVariationDepth = maxVariationDepth
    }
  }

  /// Reads the catalog at `url`.
  public static func read(contentsOf url: URL, options: Options = Options()) throws(CatalogError)
    -> LocalizationCatalog
  {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw CatalogError(
        kind: .syntax, file: url.path,
        message: "cannot read the file: \(error.localizedDescription)")
    }
    return try read(data, file: url.path, options: options)
  }

  /// Reads catalog JSON; `file` labels errors.
  public static func read(_ data: Data, file: String, options: Options = Options())
    throws(CatalogError)
    -> LocalizationCatalog
  {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [])
    } catch {
      throw jsonSyntaxError(error, data: data, file: file)
    }
    guard let object = root as? [String: Any] else {
      throw CatalogError(
        kind: .structure, file: file, line: 1, column: 1,
        message: "a String Catalog must be a JSON object with a \"strings\" object")
    }
    guard let strings = object["strings"] as? [String: Any] else {
      throw CatalogError(
        kind: .structure, file: file, keyPath: "strings",
        message: object["strings"] == nil
          ? "missing \"strings\" object" : "\"strings\" must be an object of key → entry")
    }
    let sourceLanguage = object["sourceLanguage"] as? String
    var locales: [String: [String: CatalogEntry]] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    for key in strings.keys.sorted() {
      guard let entry = strings[key] as? [String: Any] else {
        throw located(
          CatalogError(
            kind: .structure, file: file, keyPath: "strings[\(quoted(key))]",
            message: "an entry must be an object"), key: key, value: nil, data: data)
      }
      guard let localizationsValue = entry["localizations"] else {
        continue  // Declared but untranslated: lookups fall back to the key / bundled value.
      }
      guard let localizations = localizationsValue as? [String: Any] else {
        throw located(
          CatalogError(
            kind: .structure, file: file, keyPath: "strings[\(quoted(key))].localizations",
            message: "\"localizations\" must be an object keyed by language"), key: key, value: nil,
          data: data)
      }
      for locale in localizations.keys.sorted() {
        let path = "strings[\(quoted(key))].localizations[\(quoted(locale))]"
        do throws(EntryProblem) {
          guard let localization = localizations[locale] as? [String: Any] else {
            throw EntryProblem(
              kind: .structure, path: path, message: "a localization must be an object", text: nil)
          }
          let converted = try convertLocalization(
            localization, path: path, options: options, depth: 0)
          locales[locale, default: [:]][key] = converted
        } catch {
          let catalogError = located(
            CatalogError(kind: error.kind, file: file, keyPath: error.path, message: error.message),
            key: key, value: error.text, data: data)
          switch options.invalidEntries {
          case .reject: throw catalogError
          case .skip:
            diagnostics.append(
              CatalogDiagnostic(key: key, locale: locale, message: catalogError.description))
          }
        }
      }
    }
    return LocalizationCatalog(
      sourceLanguage: sourceLanguage, locales: locales, keys: strings.keys.sorted(),
      diagnostics: diagnostics)
  }

  // MARK: - Conversion

  struct EntryProblem: Error {
    var kind: CatalogError.Kind
    var path: String
    var message: String
    var text: String?
  }

  static func convertLocalization(
    _ localization: [String: Any], path: String, options: Options, depth: Int
  ) throws(EntryProblem) -> CatalogEntry {
    guard depth <= options.maxVariationDepth else {
      throw EntryProblem(
        kind: .structure, path: path, message: "variations are nested too deeply", text: nil)
    }
    if let variations = localization["variations"] {
      guard let variations = variations as? [String: Any] else {
        throw EntryProblem(
          kind: .structure, path: path + ".variations", message: "\"variations\" must be an object",
          text: nil)
      }
      if let device = variations["device"] {
        guard let devices = device as? [String: Any] else {
          throw EntryProblem(
            kind: .structure, path: path + ".variations.device", message: "must be an object",
            text: nil)
        }
        let chosen = devices[options.device] != nil ? options.device : "other"
        guard let variant = devices[chosen] as? [String: Any] else {
          throw EntryProblem(
            kind: .structure, path: path + ".variations.device",
            message:
              "no variation for device '\(options.device)' and no 'other' variation (devices: \(devices.keys.sorted().joined(separator: ", ")))",
            text: nil)
        }
        var merged = variant
        if merged["substitutions"] == nil, let subs = localization["substitutions"] {
          merged["substitutions"] = subs
        }
        return try convertLocalization(
          merged, path: path + ".variations.device.\(chosen)", options: options, depth: depth + 1)
      }
      if let plural = variations["plural"] {
        let forms = try pluralForms(plural, path: path + ".variations.plural")
        do {
          let message = try ICUMessageBuilder.convertPlural(forms: forms.texts)
          return CatalogEntry(
            value: forms.texts["other"] ?? "", icuMessage: message.icu, kind: .plural,
            arguments: message.arguments, state: forms.state)
        } catch {
          throw EntryProblem(
            kind: .format, path: path + ".variations.plural", message: error.reason,
            text: error.text)
        }
      }
      throw EntryProblem(
        kind: .structure, path: path + ".variations",
        message:
          "unsupported variation type(s) \(variations.keys.sorted().joined(separator: ", ")) (expected plural or device)",
        text: nil)
    }
    guard let unit = localization["stringUnit"] as? [String: Any] else {
      throw EntryProblem(
        kind: .structure, path: path,
        message: "a localization needs a \"stringUnit\" object or \"variations\"", text: nil)
    }
    guard let value = unit["value"] as? String else {
      throw EntryProblem(
        kind: .structure, path: path + ".stringUnit.value", message: "\"value\" must be a string",
        text: nil)
    }
    let state = unit["state"] as? String
    var substitutions: [String: ICUMessageBuilder.PluralVariable] = [:]
    if let subsValue = localization["substitutions"] {
      guard let subs = subsValue as? [String: Any] else {
        throw EntryProblem(
          kind: .structure, path: path + ".substitutions", message: "must be an object", text: nil)
      }
      for (name, raw) in subs {
        let subPath = path + ".substitutions[\(quoted(name))]"
        guard let sub = raw as? [String: Any] else {
          throw EntryProblem(
            kind: .structure, path: subPath, message: "must be an object", text: nil)
        }
        var argNum: Int?
        if let number = sub["argNum"] {
          guard let n = strictInt(number), n >= 1, n <= 99 else {
            throw EntryProblem(
              kind: .structure, path: subPath + ".argNum", message: "must be an integer in 1...99",
              text: nil)
          }
          argNum = n
        }
        guard let subVariations = sub["variations"] as? [String: Any],
          let plural = subVariations["plural"]
        else {
          throw EntryProblem(
            kind: .structure, path: subPath + ".variations",
            message: "a substitution needs \"variations\": {\"plural\": …}", text: nil)
        }
        let forms = try pluralForms(plural, path: subPath + ".variations.plural")
        substitutions[name] = ICUMessageBuilder.PluralVariable(
          argumentNumber: argNum, forms: forms.texts)
      }
    }
    do {
      let message = try ICUMessageBuilder.convert(format: value, substitutions: substitutions)
      let kind: CatalogEntry.Kind =
        message.isPlural ? .plural : (message.arguments.isEmpty ? .plain : .formatted)
      return CatalogEntry(
        value: value, icuMessage: message.icu, kind: kind, arguments: message.arguments,
        state: state)
    } catch {
      throw EntryProblem(
        kind: .format, path: path + ".stringUnit.value", message: error.reason, text: error.text)
    }
  }

  static func pluralForms(_ raw: Any, path: String) throws(EntryProblem) -> (
    texts: [String: String], state: String?
  ) {
    guard let plural = raw as? [String: Any] else {
      throw EntryProblem(kind: .structure, path: path, message: "must be an object", text: nil)
    }
    var texts: [String: String] = [:]
    var state: String?
    for (category, value) in plural {
      guard let form = value as? [String: Any], let unit = form["stringUnit"] as? [String: Any],
        let text = unit["value"] as? String
      else {
        throw EntryProblem(
          kind: .structure, path: path + ".\(category)",
          message: "a plural form needs {\"stringUnit\": {\"value\": …}}", text: nil)
      }
      texts[category] = text
      if category == "other" { state = unit["state"] as? String }
    }
    return (texts, state)
  }

  // MARK: - Helpers

  static func quoted(_ s: String) -> String {
    "\""
      + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }

  /// A JSON integer (not a Bool, not a fractional number).
  static func strictInt(_ value: Any) -> Int? {
    guard let number = value as? NSNumber else { return nil }
    let type = String(cString: number.objCType)
    guard type != "c", type != "d", type != "f", type != "B" else { return nil }
    return number.intValue
  }

  /// Adds line/column for `key` (and, when given, the offending text after it) by searching the JSON.
  static func located(_ error: CatalogError, key: String, value: String?, data: Data)
    -> CatalogError
  {
    guard let text = String(data: data, encoding: .utf8) else { return error }
    var result = error
    let keyLiteral = jsonLiteral(key)
    guard let keyRange = text.range(of: keyLiteral) else { return error }
    var target = keyRange.lowerBound
    if let value,
      let valueRange = text.range(
        of: jsonLiteral(value), range: keyRange.upperBound..<text.endIndex)
    {
      target = valueRange.lowerBound
    }
    let offset = text.distance(from: text.startIndex, to: target)
    let (line, column) = CatalogError.lineColumn(in: text, characterOffset: offset)
    result.line = line
    result.column = column
    return result
  }

  static func jsonLiteral(_ s: String) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed]),
      let array = String(data: data, encoding: .utf8)
    else { return quoted(s) }
    // "[\"…\"]" → "\"…\"" ; JSONSerialization escapes "/" as "\/", Xcode does not.
    return String(array.dropFirst().dropLast()).replacingOccurrences(of: "\\/", with: "/")
  }

  static func jsonSyntaxError(_ error: Error, data: Data, file: String) -> CatalogError {
    let description =
      (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    var line: Int?
    var column: Int?
    if let range = description.range(of: "character "),
      let offset = Int(description[range.upperBound...].prefix(while: \.isNumber))
    {
      let prefix = data.prefix(offset)
      let text = String(decoding: prefix, as: UTF8.self)
      let position = CatalogError.lineColumn(in: text, characterOffset: text.count)
      line = position.line
      column = position.column
    }
    return CatalogError(
      kind: .syntax, file: file, line: line, column: column,
      message: "invalid JSON: \(description)")
  }
}
