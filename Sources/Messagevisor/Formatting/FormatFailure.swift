/// Why a native formatter refused its input.
@_spi(MessagevisorModules) public enum FormatFailure: Error, Sendable, Equatable {
  /// The options are unusable: malformed currency code, unknown time zone, absurd digit options,
  /// an unknown enum value. The text names the option and what to fix.
  case invalidOptions(String)
  /// The value is unusable: NaN/∞ for dates or relative time, invalid list or display-name input.
  case invalidValue(String)
}
