import TerminalSafety

extension XCStringsReader {
  /// One localization's problem: the node it is about, its key path, and what is wrong.
  struct EntryProblem: Error {
    var kind: CatalogError.Kind
    var node: JSONNode
    var path: String
    var message: String
    /// True when the conversion stopped at the ICU output limit it was given.
    var exceededOutputLimit = false

    init(
      kind: CatalogError.Kind, node: JSONNode, path: EntryPath, message: String,
      exceededOutputLimit: Bool = false
    ) {
      self.kind = kind
      self.node = node
      self.path = path.text
      self.message = message
      self.exceededOutputLimit = exceededOutputLimit
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

  /// What a conversion needs besides the node: reader options and ICU options of the locale.
  struct Context {
    var options: Options
    var icu: ICUMessageBuilder.Options
    /// Every `stringUnit.state` met while converting (for the serving policy).
    var states: [String?] = []
  }

  /// Picks the device variation: the configured device, then `other`, then
  /// ``deviceFallbackOrder``, then the first remaining device in alphabetical order.
  static func chooseDevice(_ devices: [(key: String, value: JSONNode)], configured: String)
    -> (key: String, value: JSONNode)?
  {
    func find(_ name: String) -> (key: String, value: JSONNode)? {
      devices.last { $0.key == name }
    }
    if let hit = find(configured) ?? find("other") { return hit }
    for name in deviceFallbackOrder { if let hit = find(name) { return hit } }
    return devices.min { $0.key < $1.key }
  }

  static func convertLocalization(
    _ localization: JSONNode, path: EntryPath, context: inout Context, depth: Int
  ) throws(EntryProblem) -> CatalogEntry {
    guard localization.members != nil else {
      throw EntryProblem(
        kind: .structure, node: localization, path: path,
        message: "a localization must be an object")
    }
    guard depth <= context.options.maxVariationDepth else {
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
        guard let chosen = chooseDevice(devices, configured: context.options.device) else {
          throw EntryProblem(
            kind: .structure, node: device, path: path.appending(".variations.device"),
            message: "has no device variations")
        }
        guard case .object(var merged) = chosen.value.value else {
          throw EntryProblem(
            kind: .structure, node: chosen.value,
            path: path.appending(".variations.device.\(chosen.key)"),
            message: "a device variation must be an object")
        }
        if chosen.value["substitutions"] == nil, let subs = localization["substitutions"] {
          merged.append(("substitutions", subs))
        }
        return try convertLocalization(
          JSONNode(value: .object(merged), offset: chosen.value.offset),
          path: path.appending(".variations.device.\(chosen.key)"), context: &context,
          depth: depth + 1)
      }
      if let plural = variations["plural"] {
        let forms = try pluralForms(
          plural, path: path.appending(".variations.plural"), context: &context)
        do {
          let message = try ICUMessageBuilder.convertPlural(
            forms: forms.texts, options: context.icu)
          return CatalogEntry(
            value: forms.texts["other"] ?? "", icuMessage: message.icu, kind: .plural,
            arguments: message.arguments, state: forms.state)
        } catch {
          throw EntryProblem(
            kind: .format, node: forms.nodes.first { $0.text == error.text }?.node ?? plural,
            path: path.appending(".variations.plural"), message: error.reason,
            exceededOutputLimit: error.exceededOutputLimit)
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
    context.states.append(state)
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
      guard subs.count <= context.icu.maxSubstitutions else {
        throw EntryProblem(
          kind: .structure, node: subsNode, path: path.appending(".substitutions"),
          message:
            "\(subs.count) substitutions (at most \(context.icu.maxSubstitutions) are accepted)")
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
        var formatSpecifier: String?
        if let specifier = sub["formatSpecifier"] {
          guard let text = specifier.string, !text.isEmpty else {
            throw EntryProblem(
              kind: .structure, node: specifier, path: subPath.appending(".formatSpecifier"),
              message: "must be a specifier without '%' such as \"lld\"")
          }
          formatSpecifier = text
        }
        guard let plural = sub["variations"]?["plural"] else {
          throw EntryProblem(
            kind: .structure, node: sub, path: subPath.appending(".variations"),
            message: "a substitution needs \"variations\": {\"plural\": …}")
        }
        let forms = try pluralForms(
          plural, path: subPath.appending(".variations.plural"), context: &context)
        formNodes += forms.nodes
        substitutions[name] = ICUMessageBuilder.PluralVariable(
          argumentNumber: argNum, forms: forms.texts, formatSpecifier: formatSpecifier)
      }
    }
    do {
      let message = try ICUMessageBuilder.convert(
        format: value, substitutions: substitutions, options: context.icu)
      let kind: CatalogEntry.Kind =
        message.isPlural ? .plural : (message.arguments.isEmpty ? .plain : .formatted)
      return CatalogEntry(
        value: value, icuMessage: message.icu, kind: kind, arguments: message.arguments,
        state: state)
    } catch {
      throw EntryProblem(
        kind: .format, node: formNodes.first { $0.text == error.text }?.node ?? valueNode,
        path: path.appending(".stringUnit.value"),
        message: error.reason, exceededOutputLimit: error.exceededOutputLimit)
    }
  }

  /// The texts of a plural variation by category, the `other` form's state, and each text's node
  /// in source order (for errors).
  static func pluralForms(_ plural: JSONNode, path: EntryPath, context: inout Context)
    throws(EntryProblem) -> (
      texts: [String: String], state: String?, nodes: [(text: String, node: JSONNode)]
    )
  {
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
      let formState = form["stringUnit"]?["state"]?.string
      context.states.append(formState)
      if category == "other" { state = formState }
    }
    return (texts, state, nodes)
  }

  // MARK: - Helpers

  /// `s` in quotes for an error message, every hidden or unsafe scalar spelt out
  /// (`SafeText.quoted`), so a catalog key can never carry an escape sequence into a message.
  static func quoted(_ s: String) -> String { SafeText.quoted(s) }
}
