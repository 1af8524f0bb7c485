/// A rectangle of cells: origin at the top-left corner, `x` grows to the right and `y` downwards.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// Leftmost column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Number of columns (never negative).
  public var width: Int
  /// Number of rows (never negative).
  public var height: Int

  /// Creates a rectangle; negative sizes are clamped to zero.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The rectangle at the origin with the given size.
  public init(size: TerminalSize) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// One past the rightmost column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// Whether the rectangle covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The rectangle shrunk by `amount` cells on every side.
  public func inset(by amount: Int) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The overlap of two rectangles (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Whether the cell at (`column`, `row`) lies inside the rectangle.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < maxX && row >= y && row < maxY
  }

  /// `"(x,y WxH)"`.
  public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
