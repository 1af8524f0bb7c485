/// Checks screens against the sources: screen files that did not parse, message keys no layer
/// has, and `opens:` naming no screen. Each problem is a diagnostic with `file:line:column`.
public enum ScreenDiagnostics {
  /// The diagnostics for `catalog` over `layers` (file errors first, then per screen in order).
  public static func check(_ catalog: ScreenCatalog, layers: DatafileLayers) -> [DiagnosticEntry] {
    var result: [DiagnosticEntry] = []
    for error in catalog.errors {
      result.append(
        DiagnosticEntry(
          id: 0, level: .error, code: "screen_file_error", message: error.description,
          details: [("file", error.file), ("position", "\(error.line):\(error.column)")]))
    }
    for definition in catalog.definitions {
      var reported: Set<String> = []
      for block in definition.blocks {
        if case .button(_, .open(let name)) = block.kind, catalog.entry(name) == nil {
          result.append(
            DiagnosticEntry(
              id: 0, level: .warn, code: "screen_unknown_screen",
              message:
                "\(definition.file):\(block.line):\(block.column): opens: \(name) names no screen (screens: \(catalog.names.joined(separator: ", ")))",
              details: [("file", definition.file), ("screen", name)]))
        }
        guard !block.optional else { continue }
        let keys =
          block.bindings.map { ($0.key, $0.line, $0.column) }
          + block.bindings.flatMap { binding in
            binding.values.values.flatMap(\.messageKeys).map { ($0, binding.line, binding.column) }
          }
        for (key, line, column) in keys where !layers.contains(key: key) {
          guard reported.insert(key).inserted else { continue }
          result.append(
            DiagnosticEntry(
              id: 0, level: .warn, code: "screen_unknown_key",
              message:
                "\(definition.file):\(line):\(column): message key \"\(key)\" is not in the target (fix the key, add the message, or mark the block optional: true)",
              details: [("file", definition.file), ("messageKey", key)]))
        }
      }
    }
    return result
  }
}
