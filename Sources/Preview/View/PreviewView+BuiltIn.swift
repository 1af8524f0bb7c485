import Foundation
import TerminalUI

extension PreviewView {
  /// Draws a built-in screen. `messages` is a plain list of the target's keys and texts (the
  /// message browser replaces it); other names show a note.
  static func drawBuiltIn(
    _ state: PreviewState, screen: String, content: PreviewContent, into frame: inout Frame,
    rect: Rect
  ) {
    // Only the rows that fit are built: the list can hold 10,000 messages.
    let rows = messageListRows(state, content, limit: rect.height)
    guard !rows.isEmpty else {
      let loading = !content.messageKeys.isEmpty || state.browser.index == nil
      frame.put(
        loading ? "" : "no messages in this target", x: rect.x, y: rect.y,
        width: rect.width, style: PreviewTheme.muted, direction: .ltr)
      return
    }
    let keyWidth = min(max(rows.map { DisplayWidth.of($0.key) }.max() ?? 0, 8), rect.width / 3)
    for (offset, row) in rows.enumerated() {
      let y = rect.y + offset
      frame.put(
        row.key, x: rect.x, y: y, width: keyWidth, style: PreviewTheme.accent, direction: .ltr,
        ellipsis: true)
      let style = row.origin == .fallbackToKey ? PreviewTheme.error : PreviewTheme.primary
      let text = state.inspect ? "\(row.text)  [\(row.originLabel)]" : row.text
      frame.put(
        text, x: rect.x + keyWidth + 2, y: y, width: max(rect.width - keyWidth - 2, 1),
        style: style, direction: content.isRightToLeft ? .rtl : .ltr, ellipsis: true)
    }
  }

  /// The rows a built-in screen needs.
  static func builtInHeight(
    _ state: PreviewState, screen: String, content: PreviewContent, width: Int
  ) -> Int {
    let count =
      content.messageKeys.isEmpty
      ? state.browser.index?.entries.count ?? 0 : content.messageKeys.count
    return max(count, 1)
  }

  /// The message list's first `limit` rows: the content's own keys when it has any, else the
  /// message browser's resolved entries (every message of the target).
  static func messageListRows(_ state: PreviewState, _ content: PreviewContent, limit: Int)
    -> [ResolvedText]
  {
    let limit = max(limit, 0)
    if !content.messageKeys.isEmpty {
      return content.messageKeys.prefix(limit).map { content.text($0) }
    }
    guard let index = state.browser.index else { return [] }
    return index.entries.prefix(limit).map { entry in
      ResolvedText(
        key: entry.key, text: entry.text ?? entry.key, origin: entry.origin,
        location: entry.location)
    }
  }
}
