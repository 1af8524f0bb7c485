/// The line characters of a box.
public struct BoxStyle: Hashable, Sendable {
  /// Top-left corner.
  public var topLeft: Character
  /// Top-right corner.
  public var topRight: Character
  /// Bottom-left corner.
  public var bottomLeft: Character
  /// Bottom-right corner.
  public var bottomRight: Character
  /// Horizontal line.
  public var horizontal: Character
  /// Vertical line.
  public var vertical: Character
  /// T-junction on the left edge (├), used by ``Frame/drawDivider(in:row:style:box:)``.
  public var teeLeft: Character
  /// T-junction on the right edge (┤).
  public var teeRight: Character

  /// Creates a box style from its characters.
  public init(
    topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
    horizontal: Character, vertical: Character, teeLeft: Character, teeRight: Character
  ) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomLeft = bottomLeft
    self.bottomRight = bottomRight
    self.horizontal = horizontal
    self.vertical = vertical
    self.teeLeft = teeLeft
    self.teeRight = teeRight
  }

  /// `╭─╮ │ ╰─╯`
  public static let rounded = BoxStyle(
    topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
    horizontal: "─", vertical: "│", teeLeft: "├", teeRight: "┤")
  /// `┌─┐ │ └─┘`
  public static let square = BoxStyle(
    topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
    horizontal: "─", vertical: "│", teeLeft: "├", teeRight: "┤")
  /// `┏━┓ ┃ ┗━┛`
  public static let heavy = BoxStyle(
    topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛",
    horizontal: "━", vertical: "┃", teeLeft: "┣", teeRight: "┫")
  /// `╔═╗ ║ ╚═╝`
  public static let double = BoxStyle(
    topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝",
    horizontal: "═", vertical: "║", teeLeft: "╠", teeRight: "╣")
  /// `+-+ | +-+` for terminals without line drawing.
  public static let ascii = BoxStyle(
    topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
    horizontal: "-", vertical: "|", teeLeft: "+", teeRight: "+")
}
