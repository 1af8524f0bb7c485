/// The text produced by a native formatter plus the options Foundation could not express.
@_spi(MessagevisorModules) public struct FormatResult: Sendable, Equatable {
  /// The formatted text.
  public var text: String
  /// Options that Foundation cannot express; the caller reports each as `unsupported_formatter` (warn).
  public var unsupported: [UnsupportedFormatterNote]

  /// Creates a result.
  public init(text: String, unsupported: [UnsupportedFormatterNote] = []) {
    self.text = text
    self.unsupported = unsupported
  }
}
