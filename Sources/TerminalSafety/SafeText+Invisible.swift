extension SafeText {
  /// The scalars of `text` that ``neutralized(_:keepingLineBreaks:)`` would remove or replace,
  /// with their scalar offsets: C0/C1 controls (line feeds and tabs excepted), bidi controls,
  /// zero-width characters and joiners outside the sequences that need them (emoji ZWJ
  /// sequences, joiners in shaping scripts such as after a virama), stray tag characters.
  ///
  /// Lint reports these as invisible characters; the rule is the terminal-safety rule, so what
  /// lint accepts is exactly what the terminal shows unchanged.
  public static func invisibleScalars(in text: String) -> [(offset: Int, scalar: Unicode.Scalar)] {
    guard needsWork(text, keepingLineBreaks: true) else { return [] }
    let scalars = Array(text.unicodeScalars)
    var result: [(offset: Int, scalar: Unicode.Scalar)] = []
    for index in scalars.indices {
      let value = scalars[index].value
      if value == 0x0A || value == 0x09 { continue }
      if disposition(of: scalars, at: index) != .keep { result.append((index, scalars[index])) }
    }
    return result
  }
}
