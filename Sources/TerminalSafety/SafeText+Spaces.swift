extension SafeText {
  /// ``quoted(_:)`` that also spells out every space other than U+0020 (no-break U+00A0, narrow
  /// no-break U+202F, thin U+2009, ideographic U+3000, …) and the soft hyphen U+00AD:
  /// `"12:00\u{202F}PM"`.
  ///
  /// For texts shown to be compared (a test's expected and actual translation), where two that
  /// look the same on a terminal must show how they differ.
  public static func quotedShowingSpaces(_ text: String) -> String {
    quoted(text, showingSpaces: true)
  }

  /// ``escapingJSON(_:)`` that also escapes the scalars ``quotedShowingSpaces(_:)`` spells out
  /// (`"12:00\u202FPM"`): the JSON means the same, and its text shows which space is where.
  public static func escapingJSONShowingSpaces(_ json: String) -> String {
    escapingJSON(json, showingSpaces: true)
  }

  /// Whether `scalar` looks like a space, or like nothing, on a terminal without being U+0020:
  /// the other space separators (general category Zs) and the soft hyphen.
  public static func isLookalikeSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value != 0x20
      && (scalar.value == 0xAD || scalar.properties.generalCategory == .spaceSeparator)
  }
}
