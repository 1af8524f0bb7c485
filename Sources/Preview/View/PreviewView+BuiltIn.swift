import Foundation
import TerminalUI

extension PreviewView {
  /// Draws a built-in screen. `messages` is a plain list of the target's keys and texts (the
  /// message browser replaces it); other names show a note.
  static func drawBuiltIn(
    _ state: PreviewState, screen: String, content: PreviewContent, into frame: inout Frame,
    rect: Rect
  ) {
    let rows = messageListRows(content)
    guard !rows.isEmpty else {
      frame.put(
        content.messageKeys.isEmpty ? "no messages in this target" : "", x: rect.x, y: rect.y,
        width: rect.width, style: PreviewTheme.muted, direction: .ltr)
      return
    }
    let keyWidth = min(max(rows.map { DisplayWidth.of($0.key) }.max() ?? 0, 8), rect.width / 3)
    for (offset, row) in rows.prefix(rect.height).enumerated() {
      let y = rect.y + offset
      frame.put(
        row.key, x: rect.x, y: y, width: keyWidth, style: PreviewTheme.accent, direction: .ltr,
        ellipsis: true)
      let style = row.origin == .fallbackToKey ? PreviewTheme.error : PreviewTheme.primary
      let text = state.inspect ? "\(row.text)  [\(row.origin.label)]" : row.text
      frame.put(
        text, x: rect.x + keyWidth + 2, y: y, width: max(rect.width - keyWidth - 2, 1),
        style: style, direction: content.isRightToLeft ? .rtl : .ltr, ellipsis: true)
    }
  }

  /// The rows a built-in screen needs.
  static func builtInHeight(
    _ state: PreviewState, screen: String, content: PreviewContent, width: Int
  ) -> Int {
    max(messageListRows(content).count, 1)
  }

  /// The message list's rows: every key of the target with its resolved text.
  static func messageListRows(_ content: PreviewContent) -> [ResolvedText] {
    content.messageKeys.map { content.text($0) }
  }
}
