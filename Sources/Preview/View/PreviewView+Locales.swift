import TerminalUI

extension PreviewView {
  /// The rows the all-locales view lists at the state's size (a page).
  static func localesRows(_ state: PreviewState) -> Int { max(state.height - 7, 1) }

  /// A row's state with its review (`translated here · reviewed`).
  static func stateText(_ row: MessageLocaleRow) -> String {
    let review = row.reviewLabel
    return review.isEmpty ? row.state.label : row.state.label + " · " + review
  }

  /// The all-locales view: one row per locale of the target with its state, its width and its
  /// text, the selected row highlighted.
  static func drawAllLocales(
    _ state: PreviewState, view: MessageLocalesState, into frame: inout Frame, rect: Rect
  ) {
    let position = view.rows.isEmpty ? 0 : view.list.selection + 1
    frame.drawBox(
      rect, box: .square, style: PreviewTheme.border,
      title: "‹\(view.key)› in every locale \(position)/\(view.rows.count)",
      titleStyle: PreviewTheme.panelTitle)
    let inner = Rect(
      x: rect.x + 1, y: rect.y + 1, width: max(rect.width - 3, 0), height: max(rect.height - 3, 0))
    guard inner.width > 12, inner.height > 0 else { return }
    let localeWidth = min(max(view.rows.map { DisplayWidth.of($0.locale) }.max() ?? 5, 5), 16)
    let stateWidth = min(
      max(view.rows.map { DisplayWidth.of(stateText($0)) }.max() ?? 8, 8), inner.width / 3)
    // `12` or, against a budget, `12/20` (over it: in the error style).
    let widthColumn = view.rows.contains { $0.budget != nil } ? 7 : 5
    let textX = inner.x + 1 + localeWidth + 1 + stateWidth + 1 + widthColumn + 1
    let textWidth = max(inner.maxX - textX, 1)
    var list = view.list
    list.resize(count: view.rows.count, pageSize: inner.height)
    for (offset, index) in list.visibleRows.enumerated() {
      let row = view.rows[index]
      let y = inner.y + offset
      let selected = index == list.selection
      let base = selected ? PreviewTheme.selection : PreviewTheme.primary
      if selected { frame.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
      let stateStyle: CellStyle
      switch row.state {
      case .missing: stateStyle = PreviewTheme.error
      case .inherited, .defaultTranslation: stateStyle = PreviewTheme.notice
      case .overridden, .fromOTA: stateStyle = PreviewTheme.accent
      case .translated: stateStyle = PreviewTheme.secondary
      }
      frame.put(
        row.locale, x: inner.x + 1, y: y, width: localeWidth,
        style: selected ? base : PreviewTheme.accent, direction: .ltr, ellipsis: true)
      frame.put(
        stateText(row), x: inner.x + 2 + localeWidth, y: y, width: stateWidth,
        style: selected ? base : stateStyle, direction: .ltr, ellipsis: true)
      let measure = row.budget.map { "\(row.width)/\($0)" } ?? "\(row.width)"
      frame.put(
        row.text == nil ? "" : measure, x: inner.x + 3 + localeWidth + stateWidth, y: y,
        width: widthColumn,
        style: selected ? base : (row.isOverBudget ? PreviewTheme.error : PreviewTheme.muted),
        direction: .ltr)
      frame.put(
        row.text ?? "∅ missing", x: textX, y: y, width: textWidth,
        style: row.text == nil && !selected ? PreviewTheme.error : base,
        direction: row.text == nil ? .ltr : .auto, ellipsis: true)
    }
    drawScrollbar(
      into: &frame, x: rect.maxX - 1, y: inner.y, height: inner.height, total: view.rows.count,
      start: list.offset)
    frame.put(
      "locale · state · width (columns) · text — Enter: switch to the locale  R: mark reviewed",
      x: inner.x + 1, y: rect.maxY - 2, width: inner.width - 1, style: PreviewTheme.muted,
      direction: .ltr, ellipsis: true)
  }
}
