import TerminalUI

/// One vertical piece of a screen. A screen is a list of blocks laid out top to bottom.
enum ScreenBlock {
  /// Wrapped text in a style.
  case text(ResolvedText, CellStyle)
  /// Extra copy (plurals, prices, notes): dropped after the art and spacers when space is short.
  case extra(ResolvedText, CellStyle)
  /// A capsule chip around a short text (badge, caption), at most `budget` columns of text.
  case chip(ResolvedText, budget: Int?)
  /// A hero drawn with box/block characters; dropped first when space is short.
  case art([String])
  /// The status card: rows of label → value.
  case card([(label: ResolvedText, value: ResolvedText)])
  /// A button; `prefix` is e.g. a spinner; the caption gets at most `budget` columns.
  case button(ResolvedText, prefix: String, focused: Bool, enabled: Bool, budget: Int?)
  /// A small link-like item (the Story's back chevron); a click performs `action`.
  case link(String, focused: Bool, action: PreviewAction)
  /// Empty rows; dropped when space is short.
  case spacer(Int)

  /// Whether this is the focused button or link.
  var isFocused: Bool {
    switch self {
    case .button(_, _, let focused, _, _), .link(_, let focused, _): return focused
    default: return false
    }
  }

  /// The order in which blocks are dropped when the screen is too short (0: never).
  var dropRank: Int {
    switch self {
    case .art: return 3
    case .spacer: return 2
    case .extra: return 1
    default: return 0
    }
  }
}

/// Lays blocks out in a rectangle: measures, drops optional blocks when they do not fit, draws.
struct BlockLayout {
  /// The blocks.
  var blocks: [ScreenBlock]
  /// Whether the screen reads right to left.
  var rightToLeft: Bool
  /// Whether inspect labels are drawn under each string.
  var inspect: Bool
  /// The string selected for inspection (a click or a search match): drawn highlighted.
  var selectedKey: String? = nil

  private var direction: TextDirection { rightToLeft ? .rtl : .ltr }
  private var alignment: TextAlignment { rightToLeft ? .right : .left }

  /// The rows a block needs at a width.
  func height(of block: ScreenBlock, width: Int) -> Int {
    let label = inspect ? 1 : 0
    switch block {
    case .text(let text, _), .extra(let text, _):
      return max(1, TextLayout.wrap(text.text, width: width).count) + label
    case .chip:
      return 3 + label
    case .art(let art): return art.count
    case .card(let rows):
      let lines = rows.reduce(0) { $0 + 1 + (cardValueLines($1, inner: width - 4)?.count ?? 0) }
      return lines + rows.count + 1 + (inspect ? rows.count : 0)
    case .button: return 1 + label
    case .link: return 1
    case .spacer(let n): return n
    }
  }

  /// A card row whose label and value do not fit on one line shows the value wrapped on the lines
  /// below its label (instead of cutting it); `nil` when they fit side by side.
  func cardValueLines(_ row: (label: ResolvedText, value: ResolvedText), inner: Int) -> [String]? {
    let need = DisplayWidth.of(row.label.text) + 1 + DisplayWidth.of(row.value.text)
    guard need > inner, inner > 0 else { return nil }
    return TextLayout.wrap(row.value.text, width: inner)
  }

  /// The blocks that fit: the art goes first, then spacers, then extra copy from the end.
  func fitted(width: Int, height: Int) -> [ScreenBlock] {
    var kept = blocks
    func total() -> Int { kept.reduce(0) { $0 + self.height(of: $1, width: width) } }
    for rank in [3, 2, 1] {
      while total() > height, let index = kept.lastIndex(where: { $0.dropRank == rank }) {
        kept.remove(at: index)
      }
    }
    return kept
  }

  /// Draws the blocks into `rect` (clipped) and returns the rows used.
  @discardableResult
  func draw(into frame: inout Frame, rect: Rect) -> Int {
    var y = rect.y
    for block in fitted(width: rect.width, height: rect.height) {
      guard y < rect.maxY else { break }
      let remaining = Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y)
      let used = draw(block, into: &frame, rect: remaining)
      mark(block, into: &frame, rect: Rect(x: rect.x, y: y, width: rect.width, height: used))
      y += used
    }
    return y - rect.y
  }

  /// Marks what a click on a drawn block reaches (a string, a button, a link) and highlights the
  /// selected string.
  private func mark(_ block: ScreenBlock, into frame: inout Frame, rect: Rect) {
    let target: HitTarget
    let key: String
    switch block {
    case .text(let text, _), .extra(let text, _), .chip(let text, _):
      target = .text(key: text.key)
      key = text.key
    case .button(let text, _, _, _, _):
      target = .button(key: text.key)
      key = text.key
    case .link(_, _, let action):
      frame.mark(rect, tag: HitTarget.action(action).tag)
      return
    case .card, .art, .spacer:
      return  // a card marks its rows as it draws them
    }
    frame.mark(rect, tag: target.tag)
    if key == selectedKey { highlight(rect, in: &frame) }
  }

  /// Shows the selected string: its cells in reverse video.
  private func highlight(_ rect: Rect, in frame: inout Frame) {
    frame.restyle(rect) { $0.adding(.reverse) }
  }

  /// Marks (and highlights when selected) one string of a card.
  private func markCardText(_ text: ResolvedText, _ rect: Rect, into frame: inout Frame) {
    frame.mark(rect, tag: HitTarget.text(key: text.key).tag)
    if text.key == selectedKey { highlight(rect, in: &frame) }
  }

  private func draw(_ block: ScreenBlock, into frame: inout Frame, rect: Rect) -> Int {
    switch block {
    case .text(let text, let style), .extra(let text, let style):
      let rows = frame.putWrapped(
        text.text, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
        style: style, alignment: alignment, direction: direction)
      return max(rows, 1)
        + label(
          text, frame: &frame, x: rect.x, y: rect.y + max(rows, 1), width: rect.width,
          limit: rect.maxY)
    case .chip(let text, let budget):
      let inner = min(DisplayWidth.of(text.text), max(rect.width - 4, 1), budget ?? Int.max)
      let boxWidth = inner + 4
      let x = rightToLeft ? rect.maxX - boxWidth : rect.x
      let box = Rect(x: x, y: rect.y, width: boxWidth, height: min(3, rect.height))
      frame.drawBox(box, box: .rounded, style: PreviewTheme.chipBorder, fill: PreviewTheme.chip)
      frame.put(
        text.text, x: x + 2, y: rect.y + 1, width: inner, style: PreviewTheme.chip,
        alignment: .natural, direction: direction, ellipsis: true)
      if let budget, DisplayWidth.of(text.text) > budget {
        fitMarker(into: &frame, after: box, row: rect.y + 1, clip: rect)
      }
      return 3
        + label(text, frame: &frame, x: rect.x, y: rect.y + 3, width: rect.width, limit: rect.maxY)
    case .art(let art):
      let artWidth = HeroArt.width(art)
      let x = rect.x + max(0, (rect.width - artWidth) / 2)
      for (row, line) in art.enumerated() where rect.y + row < rect.maxY {
        var column = x
        for character in line {
          guard column < rect.maxX else { break }
          column += max(
            1,
            frame.set(
              character, x: column, y: rect.y + row, style: HeroArt.style(for: character),
              clip: rect))
        }
      }
      return art.count
    case .card(let rows):
      let cardHeight = height(of: block, width: rect.width)
      let box = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(cardHeight, rect.height))
      frame.drawBox(box, box: .rounded, style: PreviewTheme.cardBorder, fill: PreviewTheme.card)
      var y = rect.y + 1
      let inner = max(rect.width - 4, 1)
      for (index, row) in rows.enumerated() {
        guard y < box.maxY - 1 else { break }
        if let lines = cardValueLines(row, inner: inner) {
          // The label on its own line, the value wrapped below it at the reading end.
          frame.put(
            row.label.text, x: rect.x + 2, y: y, width: inner, style: PreviewTheme.cardLabel,
            alignment: alignment, direction: direction, ellipsis: true)
          markCardText(row.label, Rect(x: rect.x + 2, y: y, width: inner, height: 1), into: &frame)
          for line in lines {
            y += 1
            guard y < box.maxY - 1 else { break }
            let lineWidth = DisplayWidth.of(line)
            frame.put(
              line, x: rightToLeft ? rect.x + 2 : rect.x + 2 + inner - lineWidth, y: y,
              width: lineWidth, style: PreviewTheme.cardValue, alignment: alignment,
              direction: direction)
            markCardText(
              row.value,
              Rect(
                x: rightToLeft ? rect.x + 2 : rect.x + 2 + inner - lineWidth, y: y,
                width: lineWidth, height: 1), into: &frame)
          }
        } else {
          let labelNeed = min(DisplayWidth.of(row.label.text), max(inner / 2, 1))
          let valueWidth = max(min(DisplayWidth.of(row.value.text), inner - labelNeed - 1), 1)
          let labelWidth = max(inner - valueWidth - 1, 1)
          // Label at the reading start, value at the reading end.
          let labelX = rightToLeft ? rect.x + 2 + inner - labelWidth : rect.x + 2
          let valueX = rightToLeft ? rect.x + 2 : rect.x + 2 + inner - valueWidth
          frame.put(
            row.label.text, x: labelX, y: y, width: labelWidth, style: PreviewTheme.cardLabel,
            alignment: alignment, direction: direction, ellipsis: true)
          frame.put(
            row.value.text, x: valueX, y: y, width: valueWidth, style: PreviewTheme.cardValue,
            alignment: alignment, direction: direction, ellipsis: true)
          markCardText(
            row.label, Rect(x: labelX, y: y, width: labelWidth, height: 1), into: &frame)
          markCardText(
            row.value, Rect(x: valueX, y: y, width: valueWidth, height: 1), into: &frame)
        }
        y += 1
        if inspect, y < box.maxY - 1 {
          let text = "\(inspectText(row.label))  \(inspectText(row.value))"
          frame.put(
            text, x: rect.x + 2, y: y, width: inner,
            style: PreviewTheme.inspect.background(.surface), alignment: alignment,
            direction: .ltr, ellipsis: true)
          y += 1
        }
        if index < rows.count - 1, y < box.maxY - 1 {
          frame.drawDivider(in: box, row: y, style: PreviewTheme.cardBorder)
          y += 1
        }
      }
      return box.height
    case .button(let text, let prefix, let focused, let enabled, let budget):
      let style =
        !enabled
        ? PreviewTheme.buttonDisabled : focused ? PreviewTheme.buttonFocused : PreviewTheme.button
      let caption = prefix.isEmpty ? text.text : prefix + " " + text.text
      let captionWidth = min(DisplayWidth.of(caption), max(rect.width - 4, 1), budget ?? Int.max)
      let buttonWidth = min(rect.width, max(captionWidth + 4, min(rect.width, 24)))
      let x = rightToLeft ? rect.maxX - buttonWidth : rect.x
      frame.fill(Rect(x: x, y: rect.y, width: buttonWidth, height: 1), style: style)
      // Over its budget the caption is cut (with an ellipsis) to the budget, centred.
      let over = budget.map { DisplayWidth.of(caption) > $0 } ?? false
      let textWidth = over ? min(captionWidth, buttonWidth - 4) : buttonWidth - 4
      frame.put(
        caption, x: x + 2 + (buttonWidth - 4 - textWidth) / 2, y: rect.y, width: textWidth,
        style: style, alignment: .center, direction: direction, ellipsis: true)
      if focused {
        frame.set("▶", x: rightToLeft ? x + buttonWidth - 1 : x, y: rect.y, style: style)
      }
      if over {
        fitMarker(
          into: &frame, after: Rect(x: x, y: rect.y, width: buttonWidth, height: 1), row: rect.y,
          clip: rect)
      }
      return 1
        + label(text, frame: &frame, x: rect.x, y: rect.y + 1, width: rect.width, limit: rect.maxY)
    case .link(let text, let focused, _):
      let style = focused ? PreviewTheme.accentBold.adding(.underline) : PreviewTheme.accent
      frame.put(
        text, x: rect.x, y: rect.y, width: rect.width, style: style, alignment: alignment,
        direction: direction)
      return 1
    case .spacer(let n):
      return n
    }
  }

  /// The `fit` marker beside a block whose text was cut to its width budget: after it in the
  /// reading direction, when there is room.
  private func fitMarker(into frame: inout Frame, after box: Rect, row: Int, clip: Rect) {
    let x = rightToLeft ? box.x - 2 : box.maxX + 1
    guard x >= clip.x, x < clip.maxX else { return }
    frame.put(FitCheck.marker, x: x, y: row, width: 1, style: PreviewTheme.notice, direction: .ltr)
  }

  /// The inspect label for a string: `‹key› origin` (short, to fit beside the text; the status
  /// bar names the selected string's file:line:column).
  func inspectText(_ text: ResolvedText) -> String {
    "‹\(text.key)› \(text.origin.label)"
  }

  private func label(
    _ text: ResolvedText, frame: inout Frame, x: Int, y: Int, width: Int, limit: Int
  ) -> Int {
    guard inspect, y < limit else { return inspect ? 1 : 0 }
    frame.put(
      "↳ " + inspectText(text), x: x, y: y, width: width, style: PreviewTheme.inspect,
      alignment: alignment, direction: .ltr, ellipsis: true)
    return 1
  }
}
