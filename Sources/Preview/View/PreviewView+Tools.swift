import Foundation
import TerminalUI

extension PreviewView {
  /// The help screen, generated from the key table and grouped by scope.
  static func drawHelp(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let inner = panel("Help — keys", key: nil, into: &frame, rect: rect)
    frame.mark(rect, tag: HitTarget.area(.help).tag)
    let (all, keyWidth, columns) = helpRows(for: state, width: inner.width, height: inner.height)
    // One column that does not fit scrolls (j/k), with a position indicator.
    let scrolls = columns == 1 && all.count > inner.height
    let scroll = min(state.help.scroll, max(all.count - inner.height, 0))
    let lines = scrolls ? Array(all.dropFirst(scroll)) : all
    if scrolls {
      let indicator = " \(scroll + 1)–\(scroll + inner.height)/\(all.count) "
      frame.put(
        indicator, x: rect.maxX - 2 - DisplayWidth.of(indicator), y: rect.maxY - 1,
        style: PreviewTheme.accent, direction: .ltr)
    }
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

  /// The help screen's rows at a size: descriptions wrap under their text column instead of
  /// being cut; returns the rows, the key column's width and the number of columns.
  static func helpRows(for state: PreviewState, width: Int, height: Int) -> (
    rows: [HelpLine], keyWidth: Int, columns: Int
  ) {
    let all = helpLines(for: state)
    let keyWidth = min(all.map { DisplayWidth.of($0.keys) }.max() ?? 10, 20) + 2
    func rows(columns: Int) -> [HelpLine] {
      let textWidth = max(width / columns - keyWidth - 1, 8)
      var rows: [HelpLine] = []
      for line in all {
        guard !line.isHeading else {
          rows.append(line)
          continue
        }
        for (index, part) in TextLayout.wrap(line.text, width: textWidth).enumerated() {
          rows.append(
            HelpLine(
              keys: index == 0 ? line.keys : "", text: part, isHeading: false,
              enabled: line.enabled))
        }
      }
      return rows
    }
    // Two columns when there is room, the list is too long for one and fits in two; else one
    // column that scrolls.
    if all.count > height && width >= 100 {
      let two = rows(columns: 2)
      if two.count <= 2 * height { return (two, keyWidth, 2) }
    }
    return (rows(columns: 1), keyWidth, 1)
  }

  /// How many rows the help screen has at the state's size (for scrolling).
  static func helpRowCount(_ state: PreviewState) -> Int {
    helpRows(for: state, width: max(state.width - 4, 1), height: max(state.height - 5, 1)).rows
      .count
  }

  /// One line of the help screen.
  struct HelpLine: Equatable {
    var keys: String
    var text: String
    var isHeading: Bool
    var enabled: Bool
  }

  /// The help screen's lines: every binding grouped by scope (the text-input keys too), then the
  /// mouse.
  static func helpLines(for state: PreviewState? = nil) -> [HelpLine] {
    var lines: [HelpLine] = []
    let order: [KeyScope] = [
      .global, .screen, .messages, .diagnostics, .events, .picker, .valuePicker, .help,
    ]
    for scope in order + KeyScope.allCases.filter({ !order.contains($0) }) {
      lines.append(HelpLine(keys: "", text: scope.rawValue, isHeading: true, enabled: true))
      for binding in KeyTable.bindings where binding.scope == scope {
        let enabled = state.map { binding.isEnabled($0) } ?? true
        lines.append(
          HelpLine(
            keys: binding.keyLabel, text: binding.description, isHeading: false, enabled: enabled))
      }
    }
    lines.append(
      HelpLine(keys: "", text: "Mouse (off with --no-mouse)", isHeading: true, enabled: true))
    for row in MouseTable.rows {
      lines.append(
        HelpLine(keys: row.gesture, text: row.description, isHeading: false, enabled: true))
    }
    return lines
  }

  /// The locale picker box's height inside the screen's frame (from two rows below its top to
  /// above its bottom border).
  static func localePickerHeight(count: Int, rect: Rect) -> Int {
    min(count + 2, rect.height - 3)
  }

  /// The rows the locale picker shows in a state (a page of its list).
  static func localePickerRows(_ state: PreviewState) -> Int {
    let count = state.content?.loadedLocales.count ?? 0
    return max(localePickerHeight(count: count, rect: screenRect(bodyRect(state))) - 2, 1)
  }

  /// The locale picker: a box over the screen listing the loaded locales, each code beside the
  /// locale's own name (`nl-NL  Nederlands (Nederland)`); codes line up in one column and names
  /// in the next, whatever their script, width or direction.
  static func drawLocalePicker(
    _ state: PreviewState, selection: Int, into frame: inout Frame, rect: Rect
  ) {
    let locales = state.content?.loadedLocales ?? []
    let names = locales.map { PseudoLocale.isPseudo($0) ? "(pseudo)" : LocaleOwnName.of($0) ?? "" }
    let codeWidth = min(locales.map { DisplayWidth.of($0) }.max() ?? 5, 16)
    let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
    // Border, marker (2), code, a space, the name, the current-locale mark (2), border.
    let wanted = 2 + 2 + codeWidth + (nameWidth > 0 ? 1 + nameWidth : 0) + 2
    let width = min(max(wanted, 30), 56, rect.width - 4)
    let height = localePickerHeight(count: locales.count, rect: rect)
    guard width > 6, height > 2 else { return }
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + 2, width: width, height: height)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder, title: "Locale",
      titleStyle: PreviewTheme.accentBold,
      fill: PreviewTheme.card)
    // The picker takes every click: outside it closes it, a row chooses its locale.
    frame.removeRegions()
    frame.mark(rect, tag: HitTarget.action(.back).tag)
    frame.mark(box, tag: HitTarget.area(.picker).tag)
    let rows = height - 2
    let start = max(0, selection - rows + 1)
    let codeX = box.x + 3
    let nameX = codeX + codeWidth + 1
    let markX = box.maxX - 3
    for (offset, locale) in locales.enumerated().dropFirst(start).prefix(rows) {
      let y = box.y + 1 + offset - start
      let selected = offset == selection
      let style = selected ? PreviewTheme.selection : PreviewTheme.card
      frame.fill(Rect(x: box.x + 1, y: y, width: width - 2, height: 1), style: style)
      frame.mark(
        Rect(x: box.x + 1, y: y, width: width - 2, height: 1),
        tag: HitTarget.row(.picker, offset).tag)
      if selected { frame.put("▶", x: box.x + 1, y: y, width: 1, style: style, direction: .ltr) }
      frame.put(
        locale, x: codeX, y: y, width: min(codeWidth, markX - codeX), style: style,
        direction: .ltr, ellipsis: true)
      if nameX < markX {
        frame.put(
          names[offset], x: nameX, y: y, width: markX - nameX, style: style, direction: .auto,
          ellipsis: true)
      }
      if locale == state.content?.locale {
        frame.put("•", x: markX + 1, y: y, width: 1, style: style, direction: .ltr)
      }
    }
  }

  /// An attribute as the context editor lists it: `plan=pro` when the context has a value for
  /// it (the status bar's `+2 more (e)` points here), else its name.
  static func attributeWithValue(_ attribute: ContextAttribute, _ state: PreviewState) -> String {
    guard let content = state.content, content.context[attribute.name] != nil else {
      return attribute.name
    }
    return attribute.name + "=" + content.contextString(attribute.name)
  }

  /// Whether the context editor's box fits in the screen's area: the typed line in a box between
  /// the screen frame's borders (the examples, the error and the attributes as room allows); else
  /// the status bar takes the line being typed.
  static func contextEditorFits(_ rect: Rect) -> Bool {
    min(64, rect.width - 2) > 10 && rect.height >= 5
  }

  /// Whether the context editor's box has a row for its error (else the status bar shows it).
  static func contextEditorShowsError(_ rect: Rect) -> Bool {
    contextEditorFits(rect) && rect.height - 5 >= 1
  }

  /// The context editor: a box with the examples, the `key=value` line, the last error and the
  /// project's attributes, each wrapped; the box grows to show them whole and only a frame too
  /// small for everything cuts (the error first kept, then the examples, then the attributes).
  static func drawContextEditor(
    _ state: PreviewState, editor: ContextEditorState, into frame: inout Frame, rect: Rect
  ) {
    guard contextEditorFits(rect) else { return }  // the status bar takes the line instead
    let width = min(64, rect.width - 2)
    let inner = width - 4
    let attributes = state.content?.attributes ?? []
    let hint = TextLayout.wrap("e.g. " + editorExamples(attributes), width: inner)
    let error = editor.error.map { TextLayout.wrap($0, width: inner) } ?? []
    let names =
      attributes.isEmpty
      ? []
      : TextLayout.wrap(
        "attributes: " + attributes.map { attributeWithValue($0, state) }.joined(separator: ", "),
        width: inner)
    // Rows inside the box: from below the screen frame's top border to above its bottom border.
    let room = rect.height - 4
    var left = room - 1
    func take(_ lines: [String]) -> [String] {
      let count = min(lines.count, max(left, 0))
      left -= count
      guard count < lines.count, count > 0 else { return Array(lines.prefix(count)) }
      var kept = Array(lines.prefix(count))
      let last = kept.removeLast()
      kept.append(TextLayout.truncate(last + " …", width: inner))
      return kept
    }
    let shownError = take(error)
    let shownHint = take(hint)
    let shownNames = take(names)
    let height = 2 + shownHint.count + 1 + shownError.count + shownNames.count
    let top = rect.y + (height + 3 <= rect.height ? 2 : 1)
    let box = Rect(x: rect.x + (rect.width - width) / 2, y: top, width: width, height: height)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder, title: "Context key=value",
      titleStyle: PreviewTheme.accentBold, fill: PreviewTheme.card)
    var y = box.y + 1
    let muted = PreviewTheme.card.foreground(.textMuted)
    for line in shownHint {
      frame.put(line, x: box.x + 2, y: y, width: inner, style: muted, direction: .ltr)
      y += 1
    }
    // The cursor (▏) where the next character goes; long input scrolls to keep it visible.
    frame.put(
      "> " + typedLine(editor.line, width: inner - 2), x: box.x + 2, y: y, width: inner,
      style: PreviewTheme.cardValue,
      direction: .ltr)
    y += 1
    for line in shownError {
      frame.put(
        line, x: box.x + 2, y: y, width: inner, style: PreviewTheme.card.foreground(.error),
        direction: .ltr)
      y += 1
    }
    for line in shownNames {
      frame.put(line, x: box.x + 2, y: y, width: inner, style: muted, direction: .ltr)
      y += 1
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
