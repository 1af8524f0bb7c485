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
  /// The hit regions marked while drawing, in drawing order (see ``mark(_:tag:clip:)``).
  public private(set) var regions: [FrameRegion] = []

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
  /// cell. Overwriting part of an existing wide grapheme blanks the rest of it, so the grid never
  /// holds a broken wide character.
  @discardableResult
  public mutating func set(
    _ grapheme: Character, x: Int, y: Int, style: CellStyle, clip: Rect? = nil
  ) -> Int {
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
    let rowStart = y * width
    if cell.width > 1 && !area.contains(column: x + cell.width - 1, row: y) {
      breakGlyph(at: rowStart + x, rowStart: rowStart)
      cells[rowStart + x] = .blank(cell.style)
      return 1
    }
    // Glyphs partly covered by the new one lose their other columns.
    breakGlyph(at: rowStart + x, rowStart: rowStart)
    if cell.width > 1 { breakGlyph(at: rowStart + x + cell.width - 1, rowStart: rowStart) }
    cells[rowStart + x] = cell
    if cell.width > 1 {
      for offset in 1..<cell.width {
        cells[rowStart + x + offset] = .continuation(cell.style)
      }
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

  mutating func appendRegion(_ region: FrameRegion) {
    regions.append(region)
  }

  mutating func clearRegions() {
    regions.removeAll()
  }

  /// Blanks every column of the multi-column glyph covering `index` (a no-op for a 1-column
  /// cell), so that overwriting part of it leaves no broken glyph behind.
  private mutating func breakGlyph(at index: Int, rowStart: Int) {
    var lead = index
    while lead > rowStart && cells[lead].isContinuation { lead -= 1 }
    let glyphWidth = cells[lead].width
    guard glyphWidth > 1 || cells[index].isContinuation else { return }
    let rowEnd = rowStart + width
    var column = lead
    while column < rowEnd && (column == lead || cells[column].isContinuation) {
      cells[column] = .blank(cells[column].style)
      column += 1
    }
  }
}
