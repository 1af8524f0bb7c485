import MessagevisorICU

/// One translatable run of a message (or override) in one target locale, as an XLIFF unit: its
/// source pieces, its target pieces (when the locale has its own text) and the inline codes
/// both refer to (`originalData`: `d1`, `d2`, … in order of first use).
struct XLIFFUnit: Sendable, Equatable {
  /// The run's name (`ICUTemplate.Run.name`), the unit's `name`.
  var name: String
  /// The source locale's pieces.
  var source: [ICUTemplate.Piece]
  /// The target locale's pieces, `nil` when it has no text of its own.
  var target: [ICUTemplate.Piece]?
  /// The distinct inline codes, in order of first use (source first).
  var codes: [String]

  /// The units of a row in `locale`: the structure of the locale's own text (or, without one,
  /// of the source text with the locale's plural categories), each run paired with the source
  /// run of the same branch (or of the `other` branch the locale's category stands in for).
  static func message(
    source sourceText: String, target targetText: String?, locale: String, icu: Bool
  ) -> (template: ICUTemplate, units: [XLIFFUnit]) {
    func template(_ text: String) -> ICUTemplate {
      guard icu, (try? ICUParser.parse(text)) != nil else { return ICUTemplate(literal: text) }
      return ICUTemplate(text)
    }
    let source = template(sourceText)
    let target = targetText.map(template) ?? source.adapted(to: locale)
    var sourceRuns: [String: [ICUTemplate.Piece]] = [:]
    for run in source.runs { sourceRuns[run.name] = run.pieces }
    var units: [XLIFFUnit] = []
    for run in target.runs {
      let sourcePieces = sourceRuns[run.name] ?? sourceRuns[otherName(run.name)] ?? []
      let targetPieces = targetText == nil ? nil : run.pieces
      var codes: [String] = []
      for piece in sourcePieces + (targetPieces ?? []) {
        if case .code(let code) = piece, !codes.contains(code) { codes.append(code) }
      }
      units.append(
        XLIFFUnit(
          name: run.name, source: targetText == nil ? run.pieces : sourcePieces,
          target: targetPieces, codes: codes))
    }
    return (target, units)
  }

  /// `name` with each branch key replaced by `other` (the branch a missing category falls back
  /// to).
  static func otherName(_ name: String) -> String {
    let (path, suffix) =
      name.firstIndex(of: "#").map { (String(name[..<$0]), String(name[$0...])) } ?? (name, "")
    return path.split(separator: "/").map { component -> String in
      guard let equals = component.firstIndex(of: "=") else { return String(component) }
      let key = component[component.index(after: equals)...]
      return key.hasPrefix("=") ? String(component) : String(component[..<equals]) + "=other"
    }.joined(separator: "/") + suffix
  }
}
