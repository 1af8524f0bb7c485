import TerminalUI

extension PreviewView {
  /// Draws a project screen's blocks into `inner`, scrolled by the state's `screenScroll` when they
  /// need more rows than there are (nothing is dropped: j/k/↓/↑/PgDn/PgUp/g/G reach every row), and
  /// a position indicator (`rows 4–12 of 20 ↑↓`) on the bottom border `indicatorY`.
  static func drawScrolled(
    _ layout: BlockLayout, state: PreviewState, into frame: inout Frame, rect inner: Rect,
    indicatorY: Int, borderRight: Int
  ) {
    let (layout, total) = scrollable(layout, width: inner.width, height: inner.height)
    guard total > inner.height, inner.height > 0, inner.width > 0 else {
      layout.draw(into: &frame, rect: inner)
      return
    }
    let scroll = position(
      layout, state: state, width: inner.width, height: inner.height, rows: total)
    var page = Frame(width: inner.width, height: total, style: PreviewTheme.base)
    layout.draw(into: &page, rect: page.bounds)
    // The strings and buttons stay clickable where the scroll puts them.
    frame.addRegions(of: page, x: inner.x, y: inner.y - scroll, clip: inner)
    for row in 0..<inner.height {
      let source = row + scroll
      var x = 0
      while x < inner.width {
        let cell = page[x, source]
        let used = frame.place(cell, x: inner.x + x, y: inner.y + row, clip: inner)
        x += max(used, cell.isContinuation ? 1 : max(cell.width, 1))
      }
    }
    let arrows = (scroll > 0 ? "↑" : "") + (scroll + inner.height < total ? "↓" : "")
    let indicator =
      " \(scroll + 1)–\(scroll + inner.height)/\(total) \(arrows) "
    let width = DisplayWidth.of(indicator)
    let x = borderRight - 1 - width
    if x > inner.x {
      frame.put(indicator, x: x, y: indicatorY, style: PreviewTheme.accent, direction: .ltr)
    }
  }

  /// The scroll position the state's screen is drawn at and the largest useful one (0 and 0 when
  /// it fits). Until the user scrolls (j/k/…), the position follows the focused button, so the
  /// call to action and the line after it are in view.
  public static func screenScrollPosition(_ state: PreviewState) -> (scroll: Int, limit: Int) {
    guard let screen = screenLayout(state) else { return (0, 0) }
    let limit = max(screen.rows - screen.height, 0)
    return (
      position(
        screen.layout, state: state, width: screen.width, height: screen.height,
        rows: screen.rows),
      limit
    )
  }

  /// The state's project screen laid out as it scrolls (the screen area's inner width and height,
  /// and the rows the layout needs), or `nil` when no project screen is shown: what the scroll
  /// position and the screen's strings (search, `]`/`[`) are both computed from.
  static func screenLayout(_ state: PreviewState) -> (
    layout: BlockLayout, rows: Int, width: Int, height: Int
  )? {
    guard let content = state.content, let definition = state.currentScreen?.definition else {
      return nil
    }
    let wide = state.width >= sidePanelMinimumWidth
    let innerWidth = max((wide ? max(state.width / 2, 50) : state.width) - 4, 1)
    let innerHeight = max(state.height - 5, 0)
    let full = BlockLayout(
      blocks: blocks(for: state, definition: definition, content: content),
      rightToLeft: content.isRightToLeft, inspect: state.inspect)
    let (layout, total) = scrollable(full, width: innerWidth, height: innerHeight)
    return (layout, total, innerWidth, innerHeight)
  }

  /// The largest useful `screenScroll` for the state's screen at its size (0 when it fits).
  public static func maximumScreenScroll(_ state: PreviewState) -> Int {
    screenScrollPosition(state).limit
  }

  /// The first row shown: the user's position once they scrolled, else the smallest one that
  /// shows the focused block and the block after it.
  static func position(
    _ layout: BlockLayout, state: PreviewState, width: Int, height: Int, rows: Int
  ) -> Int {
    let limit = max(rows - height, 0)
    if state.screenScrolled { return min(max(state.screenScroll, 0), limit) }
    var y = 0
    for (index, block) in layout.blocks.enumerated() {
      let blockHeight = layout.height(of: block, width: width)
      if block.isFocused {
        let next =
          layout.blocks.indices.contains(index + 1)
          ? layout.height(of: layout.blocks[index + 1], width: width) : 0
        let end = y + blockHeight + next
        return end > height ? min(end - height, limit) : 0
      }
      y += blockHeight
    }
    return 0
  }

  /// The layout to scroll when the blocks need more than `height` rows: the art and the spacers
  /// go first (they carry no strings); every string stays, reachable by scrolling. Returns the
  /// layout and the rows it needs.
  static func scrollable(_ layout: BlockLayout, width: Int, height: Int) -> (
    layout: BlockLayout, rows: Int
  ) {
    var reduced = layout
    func total() -> Int { reduced.blocks.reduce(0) { $0 + reduced.height(of: $1, width: width) } }
    for rank in [3, 2] {
      while total() > height, let index = reduced.blocks.lastIndex(where: { $0.dropRank == rank }) {
        reduced.blocks.remove(at: index)
      }
    }
    return (reduced, total())
  }
}
