import Foundation
import TerminalUI

extension PreviewView {
  /// The help screen, generated from the key table and grouped by scope.
  static func drawHelp(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let inner = panel("Help — keys", key: nil, into: &frame, rect: rect)
    let all = helpLines(for: state)
    let keyWidth = min(all.map { DisplayWidth.of($0.keys) }.max() ?? 10, 20) + 2
    // Two columns when there is room and the list is too long for one.
    let columns = all.count > inner.height && inner.width >= 100 ? 2 : 1
    // One column that does not fit scrolls (j/k).
    let lines =
      columns == 1 && all.count > inner.height
      ? Array(all.dropFirst(min(state.helpScroll, max(all.count - inner.height, 0)))) : all
    let columnWidth = inner.width / columns
    let perColumn = (lines.count + columns - 1) / columns
    for (index, line) in lines.enumerated() {
      let column = index / perColumn
      let row = index % perColumn
      let y = inner.y + row
      guard y < inner.maxY else { continue }
      let x = inner.x + column * columnWidth
      if line.isHeading {
        frame.put(
          line.text, x: x, y: y, width: columnWidth - 1, style: PreviewTheme.accentBold,
          direction: .ltr)
      } else {
        frame.put(
          line.keys, x: x, y: y, width: keyWidth, style: PreviewTheme.accent.adding(.bold),
          direction: .ltr)
        frame.put(
          line.text, x: x + keyWidth, y: y, width: max(columnWidth - keyWidth - 1, 1),
          style: line.enabled ? PreviewTheme.primary : PreviewTheme.muted, direction: .ltr,
          ellipsis: true)
      }
    }
  }

  /// One line of the help screen.
  struct HelpLine: Equatable {
    var keys: String
    var text: String
    var isHeading: Bool
    var enabled: Bool
  }

  /// The help screen's lines: every binding grouped by scope, plus the context editor's keys.
  static func helpLines(for state: PreviewState? = nil) -> [HelpLine] {
    var lines: [HelpLine] = []
    for scope in [KeyScope.global, .messages, .diagnostics, .events, .picker, .help] {
      lines.append(HelpLine(keys: "", text: scope.rawValue, isHeading: true, enabled: true))
      for binding in KeyTable.bindings where binding.scope == scope {
        let enabled = state.map { binding.isEnabled($0) } ?? true
        lines.append(
          HelpLine(
            keys: binding.keyLabel, text: binding.description, isHeading: false, enabled: enabled))
      }
    }
    lines.append(HelpLine(keys: "", text: "Context editor (e)", isHeading: true, enabled: true))
    lines.append(
      HelpLine(
        keys: "Enter", text: "Apply key=value (JSON value or a bare word)", isHeading: false,
        enabled: true))
    lines.append(HelpLine(keys: "Esc", text: "Cancel", isHeading: false, enabled: true))
    return lines
  }

  /// The locale picker: a box over the screen listing the loaded locales.
  static func drawLocalePicker(
    _ state: PreviewState, selection: Int, into frame: inout Frame, rect: Rect
  ) {
    let locales = state.content?.loadedLocales ?? []
    let width = min(30, rect.width - 4)
    let height = min(locales.count + 2, rect.height - 2)
    guard width > 6, height > 2 else { return }
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + 2, width: width, height: height)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder, title: "Locale",
      titleStyle: PreviewTheme.accentBold,
      fill: PreviewTheme.card)
    let rows = height - 2
    let start = max(0, selection - rows + 1)
    for (offset, locale) in locales.enumerated().dropFirst(start).prefix(rows) {
      let y = box.y + 1 + offset - start
      let selected = offset == selection
      let current =
        (PseudoLocale.isPseudo(locale) ? " (pseudo)" : "")
        + (locale == state.content?.locale ? " •" : "")
      let style = selected ? PreviewTheme.selection : PreviewTheme.card
      frame.fill(Rect(x: box.x + 1, y: y, width: width - 2, height: 1), style: style)
      frame.put(
        (selected ? "▶ " : "  ") + locale + current, x: box.x + 1, y: y, width: width - 2,
        style: style, direction: .ltr)
    }
  }

  /// The context editor: a box with the `key=value` line and the last error.
  static func drawContextEditor(
    _ state: PreviewState, editor: ContextEditorState, into frame: inout Frame, rect: Rect
  ) {
    let width = min(64, rect.width - 2)
    guard width > 10, rect.height > 6 else { return }
    let box = Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + 2, width: width, height: 6)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder, title: "Context key=value",
      titleStyle: PreviewTheme.accentBold, fill: PreviewTheme.card)
    let inner = width - 4
    let attributes = state.content?.attributes ?? []
    frame.put(
      "e.g. " + editorExamples(attributes), x: box.x + 2, y: box.y + 1, width: inner,
      style: PreviewTheme.card.foreground(.textMuted), direction: .ltr, ellipsis: true)
    if !attributes.isEmpty {
      frame.put(
        "attributes: " + attributes.map(\.name).joined(separator: ", "), x: box.x + 2,
        y: box.y + 4, width: inner, style: PreviewTheme.card.foreground(.textMuted),
        direction: .ltr, ellipsis: true)
    }
    // Show the end of long input so the cursor position stays visible.
    var shown = editor.text + "▏"
    while DisplayWidth.of(shown) > inner - 2, !shown.isEmpty { shown.removeFirst() }
    frame.put(
      "> " + shown, x: box.x + 2, y: box.y + 2, width: inner, style: PreviewTheme.cardValue,
      direction: .ltr)
    if let error = editor.error {
      frame.put(
        error, x: box.x + 2, y: box.y + 3, width: inner,
        style: PreviewTheme.card.foreground(.error), direction: .ltr, ellipsis: true)
    }
  }

  /// Example assignments for the editor: the first three attributes with a known value (flags
  /// as `true`, others with their last value, quoted as the editor needs).
  static func editorExamples(_ attributes: [ContextAttribute]) -> String {
    var examples: [String] = []
    for attribute in attributes where examples.count < 3 {
      if attribute.isBoolean {
        examples.append("\(attribute.name)=true")
      } else if let value = attribute.values.last {
        let text: String
        if case .string(let string) = value {
          let bare = string.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.:/".unicodeScalars.contains($0)
          }
          text = bare ? string : "\"\(string)\""
        } else {
          text = PreviewContent.json(value)
        }
        examples.append("\(attribute.name)=\(text)")
      }
    }
    return examples.isEmpty
      ? "key=value  flag=true  count=3  name=\"Ada\"" : examples.joined(separator: "  ")
  }
}
