import Foundation
import TerminalSafety

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
    let data = try CatalogError.contents(of: url)
    return try read(data, file: url.path, options: options)
  }

  /// Reads catalog JSON; `file` labels errors.
  public static func read(_ data: Data, file: String, options: Options = Options())
    throws(CatalogError)
    -> LocalizationCatalog
  {
    let root: JSONNode
    do {
      root = try JSONNode.parse(data)
    } catch {
      let (line, column) = JSONNode.lineColumn(of: error.offset, in: data)
      throw CatalogError(
        kind: .syntax, file: file, line: line, column: column,
        message: "invalid JSON: \(error.message)")
    }
    func located(_ kind: CatalogError.Kind, _ node: JSONNode, _ path: String?, _ message: String)
      -> CatalogError
    {
      let (line, column) = JSONNode.lineColumn(of: node.offset, in: data)
      return CatalogError(
        kind: kind, file: file, line: line, column: column, keyPath: path, message: message)
    }
    guard root.members != nil else {
      throw located(
        .structure, root, nil, "a String Catalog must be a JSON object with a \"strings\" object")
    }
    guard let stringsNode = root["strings"], let strings = stringsNode.members else {
      if let node = root["strings"] {
        throw located(
          .structure, node, "strings",
          "\"strings\" must be an object of key → entry (found \(node.typeDescription))")
      }
      throw located(.structure, root, "strings", "missing \"strings\" object")
    }
    let sourceLanguage = root["sourceLanguage"]?.string
    var locales: [String: [String: CatalogEntry]] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    var keys: [String] = []
    keys.reserveCapacity(strings.count)
    for (key, entry) in strings {
      keys.append(key)
      guard entry.members != nil else {
        throw located(.structure, entry, "strings[\(quoted(key))]", "an entry must be an object")
      }
      guard let localizationsNode = entry["localizations"] else {
        continue  // Declared but untranslated: lookups fall back to the key / bundled value.
      }
      guard let localizations = localizationsNode.members else {
        throw located(
          .structure, localizationsNode, "strings[\(quoted(key))].localizations",
          "\"localizations\" must be an object keyed by language")
      }
      for (locale, localization) in localizations {
        do throws(EntryProblem) {
          let converted = try convertLocalization(
            localization, path: EntryPath(key: key, locale: locale), options: options, depth: 0)
          locales[locale, default: [:]][key] = converted
        } catch {
          let catalogError = located(error.kind, error.node, error.path, error.message)
          switch options.invalidEntries {
          case .reject: throw catalogError
          case .skip:
            locales[locale, default: [:]][key] = nil
            diagnostics.append(
              CatalogDiagnostic(key: key, locale: locale, message: catalogError.description))
          }
        }
      }
    }
    keys = Array(Set(keys)).sorted()
    return LocalizationCatalog(
      sourceLanguage: sourceLanguage, locales: locales, keys: keys, diagnostics: diagnostics)
  }

  // MARK: - Conversion

  struct EntryProblem: Error {
    var kind: CatalogError.Kind
    var node: JSONNode
    var path: String
    var message: String

    init(kind: CatalogError.Kind, node: JSONNode, path: EntryPath, message: String) {
      self.kind = kind
      self.node = node
      self.path = path.text
      self.message = message
    }
  }

  /// Where a localization is in the catalog, for error messages: the text is built only when a
  /// problem is thrown (building it for every localization cost more than converting most of them).
  struct EntryPath {
    var key: String
    var locale: String
    var suffix = ""

    /// This path followed by `more` (e.g. `.variations.plural`).
    func appending(_ more: String) -> EntryPath {
      var path = self
      path.suffix += more
      return path
    }

    /// `strings["key"].localizations["locale"]` and the suffix.
    var text: String {
      "strings[\(XCStringsReader.quoted(key))].localizations[\(XCStringsReader.quoted(locale))]"
        + suffix
    }
  }

  static func convertLocalization(
    _ localization: JSONNode, path: EntryPath, options: Options, depth: Int
  ) throws(EntryProblem) -> CatalogEntry {
    guard localization.members != nil else {
      throw EntryProblem(
        kind: .structure, node: localization, path: path,
        message: "a localization must be an object")
    }
    guard depth <= options.maxVariationDepth else {
      throw EntryProblem(
        kind: .structure, node: localization, path: path,
        message: "variations are nested too deeply")
    }
    if let variations = localization["variations"] {
      guard let kinds = variations.members else {
        throw EntryProblem(
          kind: .structure, node: variations, path: path.appending(".variations"),
          message: "\"variations\" must be an object")
      }
      if let device = variations["device"] {
        guard let devices = device.members else {
          throw EntryProblem(
            kind: .structure, node: device, path: path.appending(".variations.device"),
            message: "must be an object")
        }
        let chosen = device[options.device] != nil ? options.device : "other"
        guard let variant = device[chosen], case .object(var merged) = variant.value else {
          throw EntryProblem(
            kind: .structure, node: device, path: path.appending(".variations.device"),
            message:
              "no variation for device '\(options.device)' and no 'other' variation (devices: \(devices.map(\.key).sorted().joined(separator: ", ")))"
          )
        }
        if variant["substitutions"] == nil, let subs = localization["substitutions"] {
          merged.append(("substitutions", subs))
        }
        return try convertLocalization(
          JSONNode(value: .object(merged), offset: variant.offset),
          path: path.appending(".variations.device.\(chosen)"), options: options, depth: depth + 1)
      }
      if let plural = variations["plural"] {
        let forms = try pluralForms(plural, path: path.appending(".variations.plural"))
        do {
          let message = try ICUMessageBuilder.convertPlural(forms: forms.texts)
          return CatalogEntry(
            value: forms.texts["other"] ?? "", icuMessage: message.icu, kind: .plural,
            arguments: message.arguments, state: forms.state)
        } catch {
          throw EntryProblem(
            kind: .format, node: forms.nodes.first { $0.text == error.text }?.node ?? plural,
            path: path.appending(".variations.plural"), message: error.reason)
        }
      }
      throw EntryProblem(
        kind: .structure, node: variations, path: path.appending(".variations"),
        message:
          "unsupported variation type(s) \(kinds.map(\.key).sorted().joined(separator: ", ")) (expected plural or device)"
      )
    }
    guard let unit = localization["stringUnit"], unit.members != nil else {
      throw EntryProblem(
        kind: .structure, node: localization, path: path,
        message: "a localization needs a \"stringUnit\" object or \"variations\"")
    }
    guard let valueNode = unit["value"], let value = valueNode.string else {
      throw EntryProblem(
        kind: .structure, node: unit["value"] ?? unit, path: path.appending(".stringUnit.value"),
        message: "\"value\" must be a string")
    }
    let state = unit["state"]?.string
    var substitutions: [String: ICUMessageBuilder.PluralVariable] = [:]
    // The nodes of the texts a format error may name (the value first, then substitution forms),
    // searched only when an error is thrown.
    var formNodes: [(text: String, node: JSONNode)] = [(value, valueNode)]
    if let subsNode = localization["substitutions"] {
      guard let subs = subsNode.members else {
        throw EntryProblem(
          kind: .structure, node: subsNode, path: path.appending(".substitutions"),
          message: "must be an object")
      }
      for (name, sub) in subs {
        let subPath = path.appending(".substitutions[\(quoted(name))]")
        guard sub.members != nil else {
          throw EntryProblem(
            kind: .structure, node: sub, path: subPath, message: "must be an object")
        }
        var argNum: Int?
        if let number = sub["argNum"] {
          guard let n = number.integer, n >= 1, n <= 99 else {
            throw EntryProblem(
              kind: .structure, node: number, path: subPath.appending(".argNum"),
              message: "must be an integer in 1...99")
          }
          argNum = n
        }
        guard let plural = sub["variations"]?["plural"] else {
          throw EntryProblem(
            kind: .structure, node: sub, path: subPath.appending(".variations"),
            message: "a substitution needs \"variations\": {\"plural\": …}")
        }
        let forms = try pluralForms(plural, path: subPath.appending(".variations.plural"))
        formNodes += forms.nodes
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
        kind: .format, node: formNodes.first { $0.text == error.text }?.node ?? valueNode,
        path: path.appending(".stringUnit.value"),
        message: error.reason)
    }
  }

  /// The texts of a plural variation by category, the `other` form's state, and each text's node
  /// in source order (for errors).
  static func pluralForms(_ plural: JSONNode, path: EntryPath) throws(EntryProblem) -> (
    texts: [String: String], state: String?, nodes: [(text: String, node: JSONNode)]
  ) {
    guard let members = plural.members else {
      throw EntryProblem(kind: .structure, node: plural, path: path, message: "must be an object")
    }
    var texts: [String: String] = [:]
    var nodes: [(text: String, node: JSONNode)] = []
    var state: String?
    for (category, form) in members {
      guard let valueNode = form["stringUnit"]?["value"], let text = valueNode.string else {
        throw EntryProblem(
          kind: .structure, node: form, path: path.appending(".\(category)"),
          message: "a plural form needs {\"stringUnit\": {\"value\": …}}")
      }
      texts[category] = text
      nodes.append((text, valueNode))
      if category == "other" { state = form["stringUnit"]?["state"]?.string }
    }
    return (texts, state, nodes)
  }

  // MARK: - Helpers

  /// `s` in quotes for an error message, every hidden or unsafe scalar spelt out
  /// (`SafeText.quoted`), so a catalog key can never carry an escape sequence into a message.
  static func quoted(_ s: String) -> String { SafeText.quoted(s) }

}
