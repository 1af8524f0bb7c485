import TerminalSafety
import TerminalUI

extension PreviewView {
  /// One string of a project screen as it is laid out: its key, its text and the row of the
  /// screen (before scrolling) it starts on.
  struct ScreenString: Equatable {
    var key: String
    var text: String
    var row: Int
  }

  /// The strings of the state's project screen in reading order, with their rows, from the same
  /// layout that draws (and scrolls) the screen.
  static func screenStrings(_ state: PreviewState) -> [ScreenString] {
    guard let screen = screenLayout(state) else { return [] }
    let layout = screen.layout
    var result: [ScreenString] = []
    var y = 0
    for block in layout.blocks {
      switch block {
      case .text(let text, _), .extra(let text, _), .chip(let text, _):
        result.append(ScreenString(key: text.key, text: text.text, row: y))
      case .button(let text, _, _, _, _):
        result.append(ScreenString(key: text.key, text: text.text, row: y))
      case .card(let rows):
        for (index, row) in rows.enumerated() {
          let rowY = y + 1 + index * (state.inspect ? 3 : 2)
          result.append(ScreenString(key: row.label.key, text: row.label.text, row: rowY))
          result.append(ScreenString(key: row.value.key, text: row.value.text, row: rowY))
        }
      case .art, .link, .spacer:
        break
      }
      y += layout.height(of: block, width: screen.width)
    }
    return result
  }

  /// A diagnostic as one line of text: what the search looks at and what `y` copies.
  static func diagnosticText(_ entry: DiagnosticEntry) -> String {
    var parts = ["\(entry.level.tag) \(entry.code)  \(entry.subject)", entry.message]
    parts += entry.details.map { "\($0.key): \($0.value)" }
    if let module = entry.module { parts.append("module: \(module)") }
    if let original = entry.originalError { parts.append("original error: \(original)") }
    if entry.count > 1 { parts.append("seen: \(entry.count)×") }
    return parts.joined(separator: " · ")
  }

  /// An event as the events log shows it (time and line).
  static func eventText(_ event: EventEntry, _ state: PreviewState) -> String {
    clock(event.at, state) + "  " + event.line
  }

  /// How many events the full events log shows from its scroll position (each wraps).
  static func eventsShown(_ state: PreviewState) -> Int {
    let width = max(state.width - 4, 1)
    var room = max(state.height - 5, 1)
    var shown = 0
    for event in state.events.entries.reversed().dropFirst(state.events.scroll) {
      room -= max(TextLayout.wrap(eventText(event, state), width: width).count, 1)
      if room < 0 { break }
      shown += 1
    }
    return max(shown, 1)
  }

  /// Highlights every occurrence of `query` in the rows of `rect` (reverse video), as drawn:
  /// whatever a view put on screen is what is searched. Right-to-left text is on screen in visual
  /// order, so a query with right-to-left characters is also looked for as it is drawn (in a
  /// right-to-left and in a left-to-right line).
  static func highlightMatches(_ query: String, in rect: Rect, frame: inout Frame) {
    guard !query.isEmpty else { return }
    let area = rect.intersection(frame.bounds)
    guard !area.isEmpty else { return }
    var forms = [query]
    if BidiReorderer.containsRightToLeft(query) {
      for direction in [TextDirection.rtl, .ltr] {
        let drawn = BidiReorderer.visualOrder(query, baseDirection: direction)
        if !drawn.isEmpty, !forms.contains(drawn) { forms.append(drawn) }
      }
    }
    for y in area.y..<area.maxY {
      var text = ""
      var columns: [(x: Int, width: Int)] = []
      var x = area.x
      while x < area.maxX {
        let cell = frame[x, y]
        let width = max(cell.width, 1)
        if !cell.isContinuation {
          text += cell.text.isEmpty ? " " : cell.text
          columns.append((x, width))
        }
        x += cell.isContinuation ? 1 : width
      }
      guard text.count == columns.count else { continue }
      for form in forms {
        highlight(form, in: text, columns: columns, row: y, frame: &frame)
      }
    }
  }

  /// Restyles every occurrence of `query` in `text`, one row of cells (`columns` holds each
  /// character's cell and width).
  private static func highlight(
    _ query: String, in text: String, columns: [(x: Int, width: Int)], row y: Int,
    frame: inout Frame
  ) {
    for range in TextSearch.ranges(of: query, in: text) {
      let start = text.distance(from: text.startIndex, to: range.lowerBound)
      let end = text.distance(from: text.startIndex, to: range.upperBound)
      guard start < end, end <= columns.count else { continue }
      let first = columns[start]
      let last = columns[end - 1]
      frame.restyle(
        Rect(x: first.x, y: y, width: last.x + last.width - first.x, height: 1)
      ) { $0.adding(.reverse).adding(.underline) }
    }
  }
}

extension PreviewView {
  /// The copy box: `y`'s text when the terminal cannot take it through OSC 52, wrapped and
  /// neutralized (control characters and bidi overrides become visible placeholders), for
  /// selecting by hand (Shift+drag while mouse reporting is on).
  static func drawCopyBox(_ text: String, into frame: inout Frame, rect: Rect) {
    let width = min(max(rect.width - 4, 10), 100)
    let inner = max(width - 4, 1)
    let safe = SafeText.neutralized(text, keepingLineBreaks: true)
    var lines: [String] = []
    for paragraph in safe.split(separator: "\n", omittingEmptySubsequences: false) {
      let wrapped = TextLayout.wrap(String(paragraph), width: inner)
      lines += wrapped.isEmpty ? [""] : wrapped
    }
    let shown = min(lines.count, max(rect.height - 4, 1))
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + 1, width: width, height: shown + 3)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder, title: "Copy (select with Shift+drag)",
      titleStyle: PreviewTheme.accentBold, fill: PreviewTheme.card)
    for (offset, line) in lines.prefix(shown).enumerated() {
      frame.put(
        line, x: box.x + 2, y: box.y + 1 + offset, width: inner, style: PreviewTheme.cardValue,
        direction: .ltr)
    }
    let more = lines.count > shown ? "\(lines.count - shown) more lines · " : ""
    frame.put(
      more + "any key closes", x: box.x + 2, y: box.maxY - 2, width: inner,
      style: PreviewTheme.card.foreground(.textMuted), direction: .ltr, ellipsis: true)
  }
}
