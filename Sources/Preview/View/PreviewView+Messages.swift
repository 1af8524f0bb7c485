import TerminalUI

extension PreviewView {
  /// The width from which the browser shows the detail beside the list.
  static let messagesSplitMinimumWidth = 100

  /// The rows the message list shows at a terminal height (bars, borders and the search line
  /// excluded): the update function scrolls by it.
  public static func messageListRows(height: Int) -> Int { max(height - 6, 1) }

  /// The message browser: the list on the left, the selected message's detail on the right
  /// (or the detail alone after Enter, or the list alone in a narrow terminal).
  static func drawMessages(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let browser = state.browser
    guard let index = browser.index else {
      frame.put(
        "Resolving the messages…", x: rect.x + 1, y: rect.y, style: PreviewTheme.secondary)
      return
    }
    // Side by side with a compare locale, the two texts take the whole width (Enter shows the
    // detail) unless the terminal is wide enough for the detail as well.
    let split =
      rect.width >= messagesSplitMinimumWidth * (index.compareLocale == nil ? 1 : 2)
    if browser.detailOpen {
      drawMessageDetail(state, index: index, into: &frame, rect: rect)
      return
    }
    let listWidth = split ? max(rect.width * 11 / 20, 50) : rect.width
    drawMessageList(
      state, index: index, into: &frame,
      rect: Rect(x: rect.x, y: rect.y, width: listWidth, height: rect.height))
    if split {
      drawMessageDetail(
        state, index: index, into: &frame,
        rect: Rect(
          x: rect.x + listWidth, y: rect.y, width: rect.width - listWidth, height: rect.height))
    }
  }

  static func drawMessageList(
    _ state: PreviewState, index: MessageIndex, into frame: inout Frame, rect: Rect
  ) {
    let browser = state.browser
    let count = browser.visible.count
    let position = count == 0 ? 0 : browser.selection + 1
    var title = "Messages \(position)/\(count)"
    if count != index.entries.count { title += " of \(index.entries.count)" }
    if browser.filter != .all { title += " · \(browser.filter.rawValue)" }
    if let compare = index.compareLocale { title += " · \(index.locale) ↔ \(compare)" }
    title += " · " + readiness(index)
    if index.source.lintPending { title += " · " + lintRunning }
    frame.drawBox(
      rect, box: .square, style: PreviewTheme.border, title: title,
      titleStyle: PreviewTheme.panelTitle)
    frame.mark(rect, tag: HitTarget.area(.messages).tag)
    let inner = Rect(
      x: rect.x + 1, y: rect.y + 1, width: max(rect.width - 3, 0), height: max(rect.height - 3, 0))
    guard inner.width > 8, inner.height > 0 else { return }
    let rows = inner.height
    let start = min(max(browser.scroll, 0), max(count - rows, 0))
    let keyWidth = min(
      max(
        browser.visible.dropFirst(start).prefix(rows).map { DisplayWidth.of(index.entries[$0].key) }
          .max() ?? 8, 8),
      max(inner.width * 2 / 5, 8))
    let flagsWidth = 8
    let textX = inner.x + flagsWidth + keyWidth + 1
    let textWidth = max(inner.maxX - textX, 1)
    let compare = index.compareLocale != nil
    let half = compare ? max((textWidth - 3) / 2, 1) : textWidth
    let direction: TextDirection = state.content?.isRightToLeft == true ? .rtl : .ltr
    if count == 0 {
      frame.put(
        emptyListText(browser, index: index),
        x: inner.x + 1, y: inner.y, width: inner.width - 1, style: PreviewTheme.muted,
        direction: .ltr, ellipsis: true)
    }
    for row in 0..<rows {
      let visibleRow = start + row
      guard visibleRow < count else { break }
      let entry = index.entries[browser.visible[visibleRow]]
      let y = inner.y + row
      let selected = visibleRow == browser.selection
      frame.mark(
        Rect(x: inner.x, y: y, width: inner.width, height: 1),
        tag: HitTarget.row(.messages, visibleRow).tag)
      let base = selected ? PreviewTheme.selection : PreviewTheme.primary
      if selected { frame.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
      let flagStyle = selected ? PreviewTheme.selection : PreviewTheme.notice
      frame.put(
        entry.flags.markers, x: inner.x + 1, y: y, width: flagsWidth - 1, style: flagStyle,
        direction: .ltr)
      frame.put(
        entry.key, x: inner.x + flagsWidth, y: y, width: keyWidth,
        style: selected ? base : PreviewTheme.accent,
        direction: .ltr, ellipsis: true)
      let textStyle = entry.text == nil ? (selected ? base : PreviewTheme.error) : base
      if let text = entry.text {
        putMessageText(
          text, into: &frame, x: textX, y: y, width: half, style: textStyle,
          direction: direction, selected: selected)
      } else {
        frame.put(
          "∅ missing", x: textX, y: y, width: half, style: textStyle, direction: .ltr,
          ellipsis: true)
      }
      if compare {
        frame.put("│", x: textX + half + 1, y: y, style: PreviewTheme.border)
        putMessageText(
          entry.compareText ?? "∅ missing", into: &frame, x: textX + half + 3, y: y,
          width: max(textWidth - half - 3, 1),
          style: entry.compareText == nil
            ? (selected ? base : PreviewTheme.error) : (selected ? base : PreviewTheme.secondary),
          direction: .auto, selected: selected)
      }
    }
    drawScrollbar(
      into: &frame, x: rect.maxX - 1, y: inner.y, height: rows, total: count, start: start)
    // The search line (or the keys that start one).
    let y = rect.maxY - 2
    if browser.editingQuery || !browser.query.isEmpty {
      let line =
        browser.editingQuery
        ? typedLine(browser.queryEditor, width: inner.width - 2) : browser.query
      frame.put(
        "/" + line, x: inner.x + 1, y: y, width: inner.width - 1,
        style: browser.editingQuery ? PreviewTheme.accentBold : PreviewTheme.accent,
        direction: .ltr, ellipsis: true)
    } else {
      frame.put(
        "M missing  I inherited  O overridden (o: has overrides)  D deprecated  E ICU error  ↑ OTA  L lint",
        x: inner.x + 1, y: y, width: inner.width - 1, style: PreviewTheme.muted, direction: .ltr,
        ellipsis: true)
    }
  }

  /// One line of a message's text (ICU source) in the browser. Right-to-left text with ICU syntax
  /// is not reordered as one paragraph (that would scramble the syntax, `…} :{count`): the syntax
  /// is laid out left to right, isolated, and each translated run between it in its own
  /// direction. Other text is drawn in `direction`, cut with `…`.
  @discardableResult
  static func putMessageText(
    _ text: String, into frame: inout Frame, x: Int, y: Int, width: Int, style: CellStyle,
    direction: TextDirection, selected: Bool
  ) -> Int {
    let rightToLeft = direction == .rtl || BidiReorderer.containsRightToLeft(text)
    let source = rightToLeft ? ICUSourceRuns(text) : nil
    guard let source, source.hasSyntax else {
      return frame.put(
        text, x: x, y: y, width: width, style: style, direction: direction, ellipsis: true)
    }
    let syntaxStyle = selected ? style : PreviewTheme.secondary
    var column = x
    for run in source.runs {
      let room = x + width - column
      guard room > 0 else { break }
      let runDirection: TextDirection =
        !run.isSyntax && BidiReorderer.containsRightToLeft(run.text) ? .rtl : .ltr
      column += frame.put(
        run.text, x: column, y: y, width: room, style: run.isSyntax ? syntaxStyle : style,
        direction: runDirection, ellipsis: true)
    }
    return column - x
  }

  /// What an empty message list says: that the target has no messages, that the search matched
  /// none, or which filter let none through (and the key that changes it).
  static func emptyListText(_ browser: MessageBrowserState, index: MessageIndex) -> String {
    if index.entries.isEmpty { return "this target has no messages" }
    if !browser.query.isEmpty {
      let filter = browser.filter == .all ? "" : " among \(browser.filter.rawValue)"
      return "no message matches “\(browser.query)”\(filter) (/ then Esc clears it)"
    }
    if browser.filter == .lint && index.source.lintPending {
      return "\(lintRunning): its findings appear when it finishes (f: next filter)"
    }
    return "no message is \(browser.filter.rawValue) (f: next filter)"
  }

  /// What the browser says while lint runs (the findings shown, if any, are not final).
  static let lintRunning = "lint: running…"

  /// The active locale's readiness in a few words: what blocks it (`nl-NL: 2 missing · 1 stale ·
  /// 3 unreviewed`), or `nl-NL ready`; `f` reaches the list of those messages (blocking).
  static func readiness(_ index: MessageIndex) -> String {
    let counts = [
      (index.count(.missing), "missing"), (index.count(.stale), "stale"),
      (index.count(.unreviewed), "unreviewed"),
    ].filter { $0.0 > 0 }
    guard !counts.isEmpty else { return "\(index.locale) ready" }
    return "\(index.locale): " + counts.map { "\($0.0) \($0.1)" }.joined(separator: " · ")
  }

  /// A one-column scrollbar: the thumb's size and place follow the visible part of the list.
  static func drawScrollbar(
    into frame: inout Frame, x: Int, y: Int, height: Int, total: Int, start: Int
  ) {
    guard height > 0, total > height else { return }
    let thumb = max(1, height * height / total)
    let offset = min(height - thumb, (height - thumb) * start / max(total - height, 1))
    for row in 0..<height {
      let inThumb = row >= offset && row < offset + thumb
      frame.set(
        inThumb ? "█" : "│", x: x, y: y + row,
        style: inThumb ? PreviewTheme.accent : PreviewTheme.border)
    }
  }

  static func drawMessageDetail(
    _ state: PreviewState, index: MessageIndex, into frame: inout Frame, rect: Rect
  ) {
    frame.drawBox(
      rect, box: .square, style: PreviewTheme.border, title: "Detail",
      titleStyle: PreviewTheme.panelTitle)
    frame.mark(rect, tag: HitTarget.area(.detail).tag)
    let inner = Rect(
      x: rect.x + 2, y: rect.y + 1, width: max(rect.width - 4, 0), height: max(rect.height - 2, 0))
    guard inner.width > 4, inner.height > 0 else { return }
    guard let position = state.browser.selectedEntry,
      let detail = MessageDetail.of(position, in: index)
    else {
      frame.put("no message selected", x: inner.x, y: inner.y, style: PreviewTheme.muted)
      return
    }
    // Long texts (translations, ICU errors, values) wrap instead of being cut.
    var rows: [(indent: Int, text: String, style: CellStyle)] = []
    for line in MessageDetailLines.lines(
      detail, compareLocale: index.compareLocale, lintPending: index.source.lintPending)
    {
      let indent = min(line.indent, inner.width - 1)
      let wrapped = TextLayout.wrap(line.text, width: max(inner.width - indent, 1))
      for part in wrapped.isEmpty ? [""] : wrapped {
        rows.append((indent, part, line.style))
      }
    }
    let scroll = min(state.browser.detailScroll, max(rows.count - inner.height, 0))
    for (offset, row) in rows.dropFirst(scroll).prefix(inner.height).enumerated() {
      putMessageText(
        row.text, into: &frame, x: inner.x + row.indent, y: inner.y + offset,
        width: inner.width - row.indent, style: row.style, direction: .auto, selected: true)
    }
  }
}
