import Messagevisor

extension PreviewProject {
  /// The currencies the target's number presets pin (`formats.number.*.currency`), in locale
  /// order and then by preset name, upper-cased, each once.
  public var currencies: [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for locale in locales {
      let presets = datafiles[locale]?.formats?.number ?? [:]
      for name in presets.keys.sorted() {
        guard case .string(let code)? = presets[name]?["currency"] else { continue }
        let upper = code.uppercased()
        if upper.count == 3, seen.insert(upper).inserted { result.append(upper) }
      }
    }
    return result
  }
}
