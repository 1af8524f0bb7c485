/// One ECMA-402 option that the Foundation backend cannot express, so the output ignores it.
@_spi(MessagevisorModules) public struct UnsupportedFormatterNote: Sendable, Equatable {
  /// The formatter family: "number", "date", "time", "dateTimeRange", "relativeTime", "plural",
  /// "list", "displayName" or "parts".
  public var formatter: String
  /// The option name, e.g. "roundingPriority" or "compactDisplay".
  public var option: String
  /// Human-readable text for the diagnostic.
  public var message: String

  /// Creates a note.
  public init(formatter: String, option: String, message: String) {
    self.formatter = formatter
    self.option = option
    self.message = message
  }
}
