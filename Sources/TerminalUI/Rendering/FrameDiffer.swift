/// Compares each frame with the previous one and sends only the changed cells, grouped into
/// same-style runs, to a ``CellOutput``.
public struct FrameDiffer: Sendable {
  /// What the last ``render(_:to:)`` did.
  public struct Statistics: Hashable, Sendable {
    /// Whether the whole frame was written.
    public var fullRedraw: Bool
    /// Number of runs written.
    public var runs: Int
    /// Number of columns written.
    public var cellsWritten: Int
  }

  private var previous: Frame?
  /// Statistics of the last rendered frame.
  public private(set) var lastStatistics = Statistics(fullRedraw: false, runs: 0, cellsWritten: 0)

  /// A differ with no previous frame (the first render is a full redraw).
  public init() {}

  /// Forgets the previous frame so the next render repaints everything (after a resize or when
  /// the terminal content is unknown).
  public mutating func invalidate() {
    previous = nil
  }

  /// The runs needed to turn the previous frame into `frame`, and whether it is a full redraw.
  public func changes(to frame: Frame) -> (fullRedraw: Bool, runs: [CellRun]) {
    guard let previous, previous.size == frame.size else {
      return (true, Self.runs(in: frame, changed: nil))
    }
    return (false, Self.runs(in: frame, changed: previous))
  }

  /// Writes the changes to `output` and remembers `frame` as the previous frame.
  public mutating func render(_ frame: Frame, to output: CellOutput) {
    let (fullRedraw, runs) = changes(to: frame)
    output.beginFrame(size: frame.size, fullRedraw: fullRedraw)
    var cells = 0
    for run in runs {
      output.write(run)
      cells += run.width
    }
    output.endFrame()
    previous = frame
    lastStatistics = Statistics(fullRedraw: fullRedraw, runs: runs.count, cellsWritten: cells)
  }

  /// Runs of cells that differ from `old` (all cells when `old` is nil).
  private static func runs(in frame: Frame, changed old: Frame?) -> [CellRun] {
    var result: [CellRun] = []
    let width = frame.width
    let cells = frame.cells
    let oldCells = old?.cells
    for row in 0..<frame.height {
      let base = row * width
      var column = 0
      var current: CellRun?
      while column < width {
        let cell = cells[base + column]
        var dirty = true
        if let oldCells {
          dirty = oldCells[base + column] != cell
          // A wide grapheme is written as a whole: look at its other columns too.
          var offset = 1
          while !dirty && offset < cell.width && column + offset < width {
            dirty = oldCells[base + column + offset] != cells[base + column + offset]
            offset += 1
          }
        }
        if cell.isContinuation {
          // Always follows its leading cell (a Frame invariant), which writes it.
          column += 1
          continue
        }
        if dirty {
          if current != nil, current?.style == cell.style {
            // Mutate in place (no copy of the run's text and glyphs).
            current?.text += cell.text
            current?.width += cell.width
            current?.glyphs.append(.init(text: cell.text, width: cell.width))
          } else {
            if let run = current { result.append(run) }
            current = CellRun(
              x: column, y: row, style: cell.style, text: cell.text, width: cell.width,
              glyphs: [.init(text: cell.text, width: cell.width)])
          }
        } else if let run = current {
          result.append(run)
          current = nil
        }
        column += max(1, cell.width)
      }
      if let run = current { result.append(run) }
    }
    return result
  }
}
