import Foundation
import TerminalUI

extension PreviewView {
  /// The picker box's height inside the screen's frame (from two rows below its top to above its
  /// bottom border): its rows, the borders and the filter line.
  static func valuePickerHeight(visibleRows: Int, filter: Bool, rect: Rect) -> Int {
    min(max(visibleRows, 1) + 2 + (filter ? 1 : 0), rect.height - 3)
  }

  /// The rows the picker shows in a state (a page of its list).
  static func valuePickerRows(_ state: PreviewState, picker: ValuePickerState) -> Int {
    let filter = picker.typing || !picker.query.isEmpty
    let height = valuePickerHeight(
      visibleRows: picker.visible.count, filter: filter, rect: screenRect(bodyRect(state)))
    return max(height - 2 - (filter ? 1 : 0), 1)
  }

  /// The currency, time zone or set picker: a box inside the screen's frame with the position in its
  /// title (`Currency 3/159`), the rows around the highlight and the filter line.
  static func drawValuePicker(
    _ state: PreviewState, picker: ValuePickerState, into frame: inout Frame, rect: Rect
  ) {
    let visible = picker.visible
    let showsFilter = picker.typing || !picker.query.isEmpty
    let width = min(56, rect.width - 4)
    let height = valuePickerHeight(visibleRows: visible.count, filter: showsFilter, rect: rect)
    guard width > 10, height > 3 else { return }
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + 2, width: width, height: height)
    let selection = visible.isEmpty ? 0 : min(max(picker.selection, 0), visible.count - 1)
    let position = visible.isEmpty ? "0/0" : "\(selection + 1)/\(visible.count)"
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder,
      title: "\(picker.kind.rawValue) \(position)", titleStyle: PreviewTheme.accentBold,
      fill: PreviewTheme.card)
    // The picker takes every click: outside it closes it, a row highlights (again: applies) it.
    frame.removeRegions()
    frame.mark(rect, tag: HitTarget.action(.back).tag)
    frame.mark(box, tag: HitTarget.area(.valuePicker).tag)
    let rows = height - 2 - (showsFilter ? 1 : 0)
    let inner = width - 2
    if showsFilter {
      let line =
        "/ " + (picker.typing ? typedLine(picker.filter, width: inner - 2) : picker.query)
      frame.put(
        visible.isEmpty ? line + "  (no match)" : line, x: box.x + 1, y: box.maxY - 2,
        width: inner, style: PreviewTheme.cardValue, direction: .ltr)
    }
    guard rows > 0 else { return }
    let current: String?
    switch picker.kind {
    case .currency: current = state.content?.currency
    case .timeZone: current = state.content?.timeZone
    case .set: current = state.content?.projectSet
    }
    let labelWidth = picker.items.map { DisplayWidth.of($0.label) }.max() ?? 3
    let start = min(max(0, selection - rows / 2), max(visible.count - rows, 0))
    for (offset, index) in visible.enumerated().dropFirst(start).prefix(rows) {
      let item = picker.items[index]
      let y = box.y + 1 + offset - start
      let selected = offset == selection
      let style = selected ? PreviewTheme.selection : PreviewTheme.card
      frame.fill(Rect(x: box.x + 1, y: y, width: inner, height: 1), style: style)
      frame.mark(
        Rect(x: box.x + 1, y: y, width: inner, height: 1),
        tag: HitTarget.row(.valuePicker, offset).tag)
      let label = item.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
      var text = (selected ? "▶ " : "  ") + label + " " + item.detail
      if let alias = item.matchedAlias(picker.query) {
        text += " = " + alias
      } else if !item.aliases.isEmpty {
        text += " (+\(item.aliases.count))"
      }
      if item.value == current || item.aliases.contains(current ?? "\u{0}") { text += " •" }
      frame.put(
        text, x: box.x + 1, y: y, width: inner, style: style, direction: .ltr, ellipsis: true)
    }
  }
}
