/// The file formats of `export` and `import`.
public enum ExchangeFormat: String, Sendable, Equatable, CaseIterable {
  /// Upstream's CSV layout (RFC 4180).
  case csv
  /// XLIFF 2.0, one target locale per file, ICU syntax protected.
  case xliff

  /// The format a file name's extension names (`.csv`; `.xlf`, `.xliff`), if any.
  public init?(fileName: String) {
    let lowered = fileName.lowercased()
    if lowered.hasSuffix(".csv") || lowered.hasSuffix(".tsv") {
      self = .csv
    } else if lowered.hasSuffix(".xlf") || lowered.hasSuffix(".xliff") {
      self = .xliff
    } else {
      return nil
    }
  }
}
