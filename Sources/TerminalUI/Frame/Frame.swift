/// A grid of cells that a view renders into and a ``Screen`` shows.
///
/// Frames are plain values: rendering the same state twice gives equal frames, and a screen
/// compares the new frame with the previous one to write only the changed cells. All drawing is
/// clipped to the frame; nothing a caller draws can reach the terminal except through ``Cell``,
/// which neutralises control characters.
public struct Frame: Hashable, Sendable {
  /// Number of columns.
  public let width: Int
  /// Number of rows.
  public let height: Int
  /// The cells, row by row (`cells[y * width + x]`).
  public private(set) var cells: [Cell]

  /// The largest width or height of a frame; larger requests are clamped.
  public static let maximumDimension = 4_096

  /// A frame of `width` × `height` blank cells in `style` (each clamped to
  /// 0…``maximumDimension``).
  public init(width: Int, height: Int, style: CellStyle = .plain) {
    self.width = min(max(0, width), Self.maximumDimension)
    self.height = min(max(0, height), Self.maximumDimension)
    self.cells = Array(repeating: .blank(style), count: self.width * self.height)
  }

  /// A blank frame of the given size.
  public init(size: TerminalSize, style: CellStyle = .plain) {
    self.init(width: size.width, height: size.height, style: style)
  }

  /// The frame's size.
  public var size: TerminalSize { TerminalSize(width: width, height: height) }

  /// The whole frame as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; a blank cell outside the frame.
  public subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, x < width, y >= 0, y < height else { return .blank() }
    return cells[y * width + x]
  }

  /// Places one grapheme at (`x`, `y`) and returns the number of columns it took (0 when clipped).
  ///
  /// A wide grapheme that would stick out of the frame or out of `clip` is replaced by a blank
  /// cell. Overwriting half of an existing wide grapheme blanks its other half, so the grid never
  /// holds a broken wide character.
  @discardableResult
  public mutating func set(
    _ grapheme: Character, x: Int, y: Int, style: CellStyle, clip: Rect? = nil
  )
    -> Int
  {
    let cell = Cell(grapheme, style: style)
    return place(cell, x: x, y: y, clip: clip)
  }

  /// Places an already built cell; see ``set(_:x:y:style:clip:)``.
  @discardableResult
  public mutating func place(_ cell: Cell, x: Int, y: Int, clip: Rect? = nil) -> Int {
    if cell.isContinuation { return 0 }
    var area = bounds
    if let clip { area = area.intersection(clip) }
    guard area.contains(column: x, row: y) else { return 0 }
    if cell.width == 2 && !area.contains(column: x + 1, row: y) {
      writeRaw(.blank(cell.style), x: x, y: y)
      return 1
    }
    writeRaw(cell, x: x, y: y)
    if cell.width == 2 {
      writeRaw(.continuation(cell.style), x: x + 1, y: y)
    }
    return cell.width
  }

  /// Changes only the style of the cells in `rect` (text is kept).
  public mutating func restyle(_ rect: Rect, _ transform: (CellStyle) -> CellStyle) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        cells[row * width + column].style = transform(cells[row * width + column].style)
      }
    }
  }

  /// Writes one cell, repairing wide graphemes it partly overwrites.
  private mutating func writeRaw(_ cell: Cell, x: Int, y: Int) {
    let index = y * width + x
    let old = cells[index]
    if old.isContinuation, x > 0, !cell.isContinuation {
      // The left half of a wide grapheme loses its right half.
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    if old.width == 2, x + 1 < width, cell.width != 2 {
      // The right half of the old wide grapheme would dangle.
      cells[index + 1] = .blank(cells[index + 1].style)
    }
    cells[index] = cell
  }
}
