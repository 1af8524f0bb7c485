import Foundation
import TerminalUI

extension PreviewView {
  /// The side column: Context, OTA, Diagnostics and Events panels.
  static func drawSideColumn(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    guard rect.width >= 20, rect.height >= 8 else { return }
    let contextHeight = 7
    // The OTA panel grows to show a long status (a failure's text) whole, leaving the
    // diagnostics and events at least three rows each.
    let otaRows =
      otaStatusLines(state, width: rect.width - 4).count
      + max(TextLayout.wrap(state.otaSource, width: rect.width - 4).count, 1)
    let otaHeight = min(max(otaRows, 2) + 2, max(rect.height - contextHeight - 6, 4))
    let rest = rect.height - contextHeight - otaHeight
    let diagnosticsHeight = max(rest / 2 + rest % 2, 3)
    let context = Rect(x: rect.x, y: rect.y, width: rect.width, height: contextHeight)
    let ota = Rect(x: rect.x, y: context.maxY, width: rect.width, height: otaHeight)
    let diagnostics = Rect(x: rect.x, y: ota.maxY, width: rect.width, height: diagnosticsHeight)
    let events = Rect(
      x: rect.x, y: diagnostics.maxY, width: rect.width, height: rect.maxY - diagnostics.maxY)
    // A click on a panel does what its key does (rows inside take their own clicks).
    frame.mark(context, tag: HitTarget.action(.editContext).tag)
    frame.mark(ota, tag: HitTarget.action(.refresh).tag)
    frame.mark(diagnostics, tag: HitTarget.action(.showDiagnostics).tag)
    frame.mark(events, tag: HitTarget.action(.showEvents).tag)
    drawContextPanel(state, into: &frame, rect: context)
    drawOTAPanel(state, into: &frame, rect: ota)
    drawDiagnostics(state, into: &frame, rect: diagnostics, full: false)
    drawEvents(state, into: &frame, rect: events, full: false)
  }

  static func panel(_ title: String, key: String?, into frame: inout Frame, rect: Rect) -> Rect {
    frame.drawBox(
      rect, box: .square, style: PreviewTheme.border, title: title,
      titleStyle: PreviewTheme.panelTitle)
    if let key, rect.width > DisplayWidth.of(title) + 12 {
      frame.put(
        "[\(key)]", x: rect.maxX - 3 - DisplayWidth.of(key) - 1, y: rect.y,
        style: PreviewTheme.accent, direction: .ltr)
    }
    return Rect(
      x: rect.x + 2, y: rect.y + 1, width: max(rect.width - 4, 0), height: max(rect.height - 2, 0))
  }

  static func row(
    _ name: String, _ value: String, key: String?, into frame: inout Frame, inner: Rect, y: Int,
    nameWidth: Int = 11
  ) {
    guard y < inner.maxY else { return }
    frame.put(
      name, x: inner.x, y: y, width: nameWidth - 1, style: PreviewTheme.secondary,
      direction: .ltr, ellipsis: true)
    let keyWidth = key == nil ? 0 : 4
    frame.put(
      value, x: inner.x + nameWidth, y: y, width: max(inner.width - nameWidth - keyWidth, 1),
      style: PreviewTheme.primary.adding(.bold), direction: .ltr, ellipsis: true)
    if let key {
      frame.put("[\(key)]", x: inner.maxX - 3, y: y, style: PreviewTheme.accent, direction: .ltr)
    }
  }

  /// The context panel: the locale, a window of the project's attributes around the selected one
  /// (▶, `p` cycles its value, `P` selects the next), and money.
  static func drawContextPanel(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let inner = panel("Context", key: "e", into: &frame, rect: rect)
    guard let c = state.content else { return }
    let locale =
      "\(c.locale) · \(c.isRightToLeft ? "rtl" : "ltr") · \(c.loadedLocales.count) loaded"
    row("locale", locale, key: "l", into: &frame, inner: inner, y: inner.y)
    frame.mark(
      Rect(x: inner.x, y: inner.y, width: inner.width, height: 1),
      tag: HitTarget.action(.pickLocale).tag)
    let attributes = c.attributes
    // Context keys the project does not declare (typed with e, or from --context) get the last
    // attribute row: `+ seats=3 tier=gold`.
    let declared = Set(attributes.map(\.name))
    let custom = c.context.keys.filter { !declared.contains($0) }.sorted()
    let allSlots = max(inner.height - 2, 0)
    let slots = custom.isEmpty || allSlots == 0 ? allSlots : allSlots - 1
    if !custom.isEmpty, allSlots > 0 {
      let line = custom.map { "\($0)=\(c.contextString($0))" }.joined(separator: " ")
      row("+ other", line, key: "e", into: &frame, inner: inner, y: inner.y + allSlots)
    }
    if attributes.isEmpty {
      if slots > 0 {
        frame.put(
          "no attributes/ in the project", x: inner.x, y: inner.y + 1, width: inner.width,
          style: PreviewTheme.muted, direction: .ltr, ellipsis: true)
      }
    } else {
      let selected = min(max(state.contextSelection, 0), attributes.count - 1)
      let start = min(max(selected - slots / 2, 0), max(attributes.count - slots, 0))
      let shown = attributes.dropFirst(start).prefix(slots)
      let longest = shown.map { DisplayWidth.of($0.name) + 3 }.max() ?? 0
      let nameWidth = min(max(11, longest), max(inner.width / 2, 11))
      for (offset, attribute) in shown.enumerated() {
        let index = start + offset
        let isSelected = index == selected
        let name = (isSelected ? "▶ " : "  ") + attribute.name
        let value = c.context[attribute.name].map(PreviewContent.display) ?? "–"
        row(
          name, value, key: isSelected ? "p" : nil, into: &frame, inner: inner,
          y: inner.y + 1 + offset, nameWidth: nameWidth)
        frame.mark(
          Rect(x: inner.x, y: inner.y + 1 + offset, width: inner.width, height: 1),
          tag: HitTarget.row(.attributes, index).tag, clip: inner)
      }
    }
    row(
      "money", "\(c.currency) · \(c.timeZone)", key: "c", into: &frame, inner: inner,
      y: inner.y + 1 + allSlots)
    frame.mark(
      Rect(x: inner.x, y: inner.y + 1 + allSlots, width: inner.width, height: 1),
      tag: HitTarget.action(.cycleCurrency).tag, clip: inner)
  }

  static func drawOTAPanel(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    guard state.otaEnabled else {
      let inner = panel("OTA", key: nil, into: &frame, rect: rect)
      frame.put(
        "no OTA site for this project", x: inner.x, y: inner.y, width: inner.width,
        style: PreviewTheme.muted, direction: .ltr, ellipsis: true)
      frame.put(
        "pass --ota-site DIR or --ota-base-url URL", x: inner.x, y: inner.y + 1,
        width: inner.width, style: PreviewTheme.secondary, direction: .ltr, ellipsis: true)
      return
    }
    let inner = panel("OTA", key: "r", into: &frame, rect: rect)
    guard inner.height > 0 else { return }
    let style = state.lastCheck?.status == .failed ? PreviewTheme.error : PreviewTheme.primary
    // The source (`site <path> · every 5 s`) is shown whole, wrapped (a path is never cut: it is
    // what `publish --site` needs); the status wraps over the rows above it and, cut, says where
    // the whole text is.
    let source = TextLayout.wrap(state.otaSource, width: inner.width)
    var lines = otaStatusLines(state, width: inner.width)
    let room = max(inner.height - source.count, 1)
    if lines.count > room {
      lines = Array(lines.prefix(room))
      let hint = " … v: whole text"
      let last = lines.removeLast()
      lines.append(
        TextLayout.truncate(last, width: max(inner.width - DisplayWidth.of(hint), 1), ellipsis: "")
          + hint)
    }
    for (offset, line) in lines.enumerated() {
      frame.put(line, x: inner.x, y: inner.y + offset, style: style, direction: .ltr)
    }
    for (offset, line) in source.enumerated() where lines.count + offset < inner.height {
      frame.put(
        line, x: inner.x, y: inner.y + lines.count + offset, width: inner.width,
        style: PreviewTheme.secondary, direction: .ltr)
    }
  }

  /// The OTA status (`revision 3 · checked 12:00 · failed: …`) wrapped to `width`.
  static func otaStatusLines(_ state: PreviewState, width: Int) -> [String] {
    guard state.otaEnabled, width > 0 else { return [""] }
    var line = "revision \(state.revision)"
    if state.checkRunning {
      line += " · checking \(spinnerFrames[state.spinner % spinnerFrames.count])"
    } else if let last = state.lastCheck {
      line += " · checked \(clock(last.finishedAt, state)) · \(last.summary)"
      if let cache = last.cacheSummary { line += " · \(cache)" }
    }
    return TextLayout.wrap(line, width: width)
  }

  /// The diagnostics list; `full` adds the selection, the filter and the expanded details.
  static func drawDiagnostics(
    _ state: PreviewState, into frame: inout Frame, rect: Rect, full: Bool
  ) {
    let filter = state.diagnostics.filter.map { " ≤ \($0.tag)" } ?? ""
    let visible = state.diagnostics.visible
    let inner = panel(
      "Diagnostics \(visible.count)\(filter)", key: full ? nil : "d", into: &frame, rect: rect)
    guard inner.height > 0 else { return }
    if full { frame.mark(rect, tag: HitTarget.area(.diagnostics).tag) }
    if visible.isEmpty {
      frame.put(
        state.diagnostics.entries.isEmpty ? "no diagnostics" : "none at this level", x: inner.x,
        y: inner.y, style: PreviewTheme.muted, direction: .ltr)
      return
    }
    var detailLines: [(String, CellStyle)] = []
    let selection = min(state.diagnostics.selection, visible.count - 1)
    if full && state.diagnostics.expanded {
      let entry = visible[selection]
      detailLines.append(("message: \(entry.message)", PreviewTheme.primary))
      for detail in entry.details {
        detailLines.append(("\(detail.key): \(detail.value)", PreviewTheme.secondary))
      }
      detailLines.append(("module: \(entry.module ?? "—")", PreviewTheme.secondary))
      detailLines.append(("original error: \(entry.originalError ?? "—")", PreviewTheme.secondary))
      detailLines.append(("seen: \(entry.count)×", PreviewTheme.muted))
      // The expanded row is the detail view: its lines wrap (continuations indented) instead of
      // being cut.
      let width = max(inner.width - 8, 8)
      detailLines = detailLines.flatMap { line, style -> [(String, CellStyle)] in
        let lines = TextLayout.wrap(line, width: width)
        guard let first = lines.first, lines.count > 1 else { return [(line, style)] }
        let rest = lines.dropFirst().joined(separator: " ")
        return [(first, style)] + TextLayout.wrap(rest, width: width - 2).map { ("  " + $0, style) }
      }
    }
    // The selected row and its details stay in view; the rows after them fill the rest.
    let listHeight = max(inner.height - detailLines.count, 1)
    let start = full ? max(0, selection - listHeight + 1) : 0
    var y = inner.y
    for (index, entry) in visible.enumerated().dropFirst(start) {
      guard y < inner.maxY else { break }
      let selected = full && index == selection
      if full {
        frame.mark(
          Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: 1),
          tag: HitTarget.row(.diagnostics, index).tag)
      }
      if selected {
        frame.fill(
          Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: 1),
          style: PreviewTheme.selection)
      }
      let levelStyle =
        selected
        ? PreviewTheme.level(entry.level).background(.selection) : PreviewTheme.level(entry.level)
      frame.put(entry.level.tag, x: inner.x, y: y, width: 6, style: levelStyle, direction: .ltr)
      let count = entry.count > 1 ? " ×\(entry.count)" : ""
      let text = "\(entry.code)  \(entry.subject)\(count)"
      frame.put(
        text, x: inner.x + 6, y: y, width: max(inner.width - 6, 1),
        style: selected ? PreviewTheme.selection : PreviewTheme.primary, direction: .ltr,
        ellipsis: true)
      y += 1
      if selected && state.diagnostics.expanded {
        var shown = detailLines
        let room = inner.maxY - y
        if shown.count > room, room > 0 {
          // Too few rows even for the details alone: say so on the last one.
          shown = Array(shown.prefix(room))
          let (last, style) = shown.removeLast()
          shown.append(
            (
              TextLayout.truncate(last, width: max(inner.width - 8 - 2, 1), ellipsis: "") + " …",
              style
            ))
        }
        for (line, style) in shown {
          guard y < inner.maxY else { break }
          frame.put(
            "  " + line, x: inner.x + 6, y: y, width: max(inner.width - 6, 1), style: style,
            direction: .ltr, ellipsis: true)
          y += 1
        }
      }
    }
  }

  /// The events log, newest first.
  static func drawEvents(_ state: PreviewState, into frame: inout Frame, rect: Rect, full: Bool) {
    let inner = panel(
      "Events \(state.events.entries.count)", key: full ? nil : "v", into: &frame, rect: rect)
    guard inner.height > 0 else { return }
    if full { frame.mark(rect, tag: HitTarget.area(.events).tag) }
    let newestFirst = Array(
      state.events.entries.reversed().dropFirst(full ? state.events.scroll : 0))
    if newestFirst.isEmpty {
      frame.put("no events yet", x: inner.x, y: inner.y, style: PreviewTheme.muted, direction: .ltr)
      return
    }
    var y = inner.y
    for (offset, event) in newestFirst.enumerated() {
      guard y < inner.maxY else { break }
      let row = (full ? state.events.scroll : 0) + offset
      let selected = full && state.events.selection == row
      let style: CellStyle
      switch event.kind {
      case .engine: style = PreviewTheme.primary
      case .otaRevision, .sources, .edit: style = PreviewTheme.accent
      case .check(let outcome):
        style =
          outcome.status == .failed
          ? PreviewTheme.error
          : outcome.status == .updated ? PreviewTheme.success : PreviewTheme.secondary
      }
      let prefix = full ? clock(event.at, state) + "  " : ""
      if full {
        // The events log shows every line whole (OTA errors included), wrapped.
        let rows = frame.putWrapped(
          prefix + event.line,
          in: Rect(x: inner.x, y: y, width: inner.width, height: inner.maxY - y),
          style: selected ? PreviewTheme.selection : style, alignment: .left, direction: .ltr)
        let used = Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: max(rows, 1))
        if selected { frame.restyle(used) { _ in PreviewTheme.selection } }
        frame.mark(used, tag: HitTarget.row(.events, row).tag, clip: rect)
        y += max(rows, 1)
      } else {
        frame.put(
          prefix + event.line, x: inner.x, y: y, width: inner.width, style: style,
          direction: .ltr, ellipsis: true)
        y += 1
      }
    }
  }
}
