import TerminalSafety

extension Frame {
  /// Draws one line of text at (`x`, `y`) and returns the number of columns it occupies.
  ///
  /// - Parameters:
  ///   - text: the text in logical order; control characters become placeholders.
  ///   - x: the column of the first cell.
  ///   - y: the row.
  ///   - width: the columns available from `x` (to the right edge of the frame when `nil`);
  ///     nothing is drawn outside them.
  ///   - style: colours and attributes of the drawn cells.
  ///   - alignment: placement within `width`; `.natural` right-aligns right-to-left text.
  ///   - direction: paragraph direction for bidi reordering (``BidiReorderer``); `.auto` takes it
  ///     from the first strong character.
  ///   - ellipsis: cut over-long text with `…` instead of clipping it.
  ///
  /// Text that does not fit is cut at its logical end (for right-to-left text, the visual left),
  /// so the beginning of the sentence is always visible.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, width: Int? = nil, style: CellStyle = .plain,
    alignment: TextAlignment = .left, direction: TextDirection = .auto, ellipsis: Bool = false
  ) -> Int {
    let available = width ?? (self.width - x)
    guard available > 0, y >= 0, y < height else { return 0 }
    if direction != .rtl,
      let drawn = putPrintableASCII(
        text, x: x, y: y, available: available, style: style, alignment: alignment,
        ellipsis: ellipsis
      )
    {
      return drawn
    }
    // Bidi controls are removed before reordering, not applied: an override (U+202E) in a
    // translation or a server's locale key must not reorder the text around it (issue 16,
    // finding 10). The reordering below follows the implicit rules (strong characters) only.
    var logical = SafeText.neutralized(text)
    if DisplayWidth.of(logical) > available {
      logical = TextLayout.truncate(logical, width: available, ellipsis: ellipsis ? "…" : "")
    }
    let resolved = direction == .auto ? BidiReorderer.resolvedDirection(of: logical) : direction
    let visual = BidiReorderer.visualOrder(logical, baseDirection: direction)
    var glyphs: [(text: String, width: Int)] = []
    glyphs.reserveCapacity(visual.utf8.count)
    var textWidth = 0
    for grapheme in visual {
      guard let content = TerminalSafeText.cellContent(for: grapheme) else { continue }
      glyphs.append(content)
      textWidth += content.width
    }
    let offset = alignmentOffset(
      alignment, textWidth: textWidth, available: available, rightToLeft: resolved == .rtl)
    let clip = Rect(x: x, y: y, width: available, height: 1)
    var column = x + offset
    for glyph in glyphs {
      place(
        Cell(safeText: glyph.text, width: glyph.width, style: style), x: column, y: y, clip: clip)
      column += glyph.width
    }
    return min(textWidth, available)
  }

  /// The fast path of ``put(_:x:y:width:style:alignment:direction:ellipsis:)`` for printable
  /// ASCII (no bidi, one column per byte); `nil` when `text` is not printable ASCII.
  private mutating func putPrintableASCII(
    _ text: String, x: Int, y: Int, available: Int, style: CellStyle, alignment: TextAlignment,
    ellipsis: Bool
  ) -> Int? {
    var utf8 = text.utf8
    guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    if utf8.count > available {
      if ellipsis { return nil }
      utf8 = String(decoding: utf8.prefix(available), as: UTF8.self).utf8
    }
    let textWidth = utf8.count
    let offset = alignmentOffset(
      alignment, textWidth: textWidth, available: available, rightToLeft: false)
    var column = x + offset
    let right = min(self.width, x + available)
    for byte in utf8 {
      if column >= right { break }
      if column >= 0 {
        place(Cell(safeText: String(UnicodeScalar(byte)), width: 1, style: style), x: column, y: y)
      }
      column += 1
    }
    return textWidth
  }

  private func alignmentOffset(
    _ alignment: TextAlignment, textWidth: Int, available: Int, rightToLeft: Bool
  ) -> Int {
    switch alignment {
    case .left: return 0
    case .right: return max(0, available - textWidth)
    case .center: return max(0, (available - textWidth) / 2)
    case .natural: return rightToLeft ? max(0, available - textWidth) : 0
    }
  }

  /// Word-wraps `text` (see ``TextLayout/wrap(_:width:)``) into `rect`, reorders each line for
  /// display, and returns the number of rows drawn. Lines that do not fit in `rect` are dropped;
  /// the last visible line then ends in `…`.
  @discardableResult
  public mutating func putWrapped(
    _ text: String, in rect: Rect, style: CellStyle = .plain, alignment: TextAlignment = .natural,
    direction: TextDirection = .auto
  ) -> Int {
    guard !rect.isEmpty else { return 0 }
    let resolved = direction == .auto ? BidiReorderer.resolvedDirection(of: text) : direction
    var lines = TextLayout.wrap(text, width: rect.width)
    if lines.count > rect.height {
      lines = Array(lines.prefix(rect.height))
      if let last = lines.popLast() {
        let cut = TextLayout.truncate(last + " …", width: rect.width)
        lines.append(
          cut.hasSuffix("…") ? cut : TextLayout.truncate(last, width: rect.width - 1) + "…")
      }
    }
    for (row, line) in lines.enumerated() {
      put(
        line, x: rect.x, y: rect.y + row, width: rect.width, style: style, alignment: alignment,
        direction: resolved)
    }
    return lines.count
  }

  /// Fills `rect` (clipped to the frame) with `grapheme` in `style`.
  public mutating func fill(_ rect: Rect, with grapheme: Character = " ", style: CellStyle = .plain)
  {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let cell = Cell(grapheme, style: style)
    var column = area.x
    for row in area.y..<area.maxY {
      column = area.x
      while column < area.maxX {
        column += max(1, place(cell, x: column, y: row, clip: area))
      }
    }
  }

  /// Draws a horizontal line of `width` cells starting at (`x`, `y`).
  public mutating func drawHorizontalRule(
    x: Int, y: Int, width: Int, style: CellStyle = .plain, character: Character = "─"
  ) {
    fill(Rect(x: x, y: y, width: width, height: 1), with: character, style: style)
  }

  /// Draws a vertical line of `height` cells starting at (`x`, `y`).
  public mutating func drawVerticalRule(
    x: Int, y: Int, height: Int, style: CellStyle = .plain, character: Character = "│"
  ) {
    fill(Rect(x: x, y: y, width: 1, height: height), with: character, style: style)
  }

  /// Draws the outline of `rect` with `box` characters, optionally filling the inside with
  /// `fill` and putting `title` into the top edge (`╭─ Title ───╮`). Boxes smaller than 2×2 draw
  /// nothing.
  public mutating func drawBox(
    _ rect: Rect, box: BoxStyle = .rounded, style: CellStyle = .plain, title: String? = nil,
    titleStyle: CellStyle? = nil, fill fillStyle: CellStyle? = nil
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    if let fillStyle { fill(rect.inset(by: 1), style: fillStyle) }
    set(box.topLeft, x: rect.x, y: rect.y, style: style)
    set(box.topRight, x: rect.maxX - 1, y: rect.y, style: style)
    set(box.bottomLeft, x: rect.x, y: rect.maxY - 1, style: style)
    set(box.bottomRight, x: rect.maxX - 1, y: rect.maxY - 1, style: style)
    drawHorizontalRule(
      x: rect.x + 1, y: rect.y, width: rect.width - 2, style: style, character: box.horizontal)
    drawHorizontalRule(
      x: rect.x + 1, y: rect.maxY - 1, width: rect.width - 2, style: style,
      character: box.horizontal)
    drawVerticalRule(
      x: rect.x, y: rect.y + 1, height: rect.height - 2, style: style, character: box.vertical)
    drawVerticalRule(
      x: rect.maxX - 1, y: rect.y + 1, height: rect.height - 2, style: style,
      character: box.vertical)
    if let title, !title.isEmpty, rect.width >= 6 {
      let room = rect.width - 5
      put(
        " " + title + " ", x: rect.x + 2, y: rect.y, width: room + 2, style: titleStyle ?? style,
        ellipsis: true)
    }
  }

  /// Draws a divider across a box at `row`: `├────┤` from `rect.x` to `rect.maxX - 1`.
  public mutating func drawDivider(
    in rect: Rect, row: Int, style: CellStyle = .plain, box: BoxStyle = .rounded
  ) {
    guard rect.width >= 2 else { return }
    set(box.teeLeft, x: rect.x, y: row, style: style)
    drawHorizontalRule(
      x: rect.x + 1, y: row, width: rect.width - 2, style: style, character: box.horizontal)
    set(box.teeRight, x: rect.maxX - 1, y: row, style: style)
  }

  /// Copies `other` into this frame with its top-left corner at (`x`, `y`), clipped.
  public mutating func blit(_ other: Frame, x: Int, y: Int) {
    for row in 0..<other.height {
      for column in 0..<other.width {
        let cell = other[column, row]
        if !cell.isContinuation { place(cell, x: x + column, y: y + row) }
      }
    }
    addRegions(of: other, x: x, y: y)
  }

  /// This frame cut or padded (with blanks) to `size`.
  public func resized(to size: TerminalSize) -> Frame {
    if size == self.size { return self }
    var result = Frame(size: size)
    result.blit(self, x: 0, y: 0)
    return result
  }
}
