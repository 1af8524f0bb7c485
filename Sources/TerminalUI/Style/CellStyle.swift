/// How a cell is drawn: semantic foreground and background colours plus attributes.
public struct CellStyle: Hashable, Sendable {
  /// Text colour.
  public var foreground: ThemeColor
  /// Cell background colour.
  public var background: ThemeColor
  /// Bold, dim, reverse, underline.
  public var attributes: CellAttributes

  /// Creates a style. The default is the terminal's own colours without attributes.
  public init(
    foreground: ThemeColor = .terminalDefault,
    background: ThemeColor = .terminalDefault,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours, no attributes.
  public static let plain = CellStyle()

  /// A copy with a different foreground.
  public func foreground(_ color: ThemeColor) -> CellStyle {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// A copy with a different background.
  public func background(_ color: ThemeColor) -> CellStyle {
    var copy = self
    copy.background = color
    return copy
  }

  /// A copy with extra attributes.
  public func adding(_ extra: CellAttributes) -> CellStyle {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }
}
