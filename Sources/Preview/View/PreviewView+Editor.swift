import TerminalUI

extension PreviewView {
  /// The smallest body (columns, rows) the translation editor is drawn in; a smaller terminal
  /// gets a note instead of a box with nothing usable in it.
  static let editorMinimumSize = (width: 40, height: 10)

  /// The keys shown at the bottom of the editor.
  static let editorKeys = "Enter save · C-j new line · C-u clear line · Esc cancel"

  /// The translation editor, over the screen or the message browser: where the text lives, what
  /// serves it now, the message's notes, the source text, the text being typed (wrapped, with the
  /// cursor), the live checks (ICU error with its position, missing plural categories, width
  /// against the budget), the result rendered with the example values and each plural category
  /// with its sample number, and the last save's refusal. When rows run short the typed text,
  /// the error and the keys stay; the notes and samples are cut first.
  static func drawTranslationEditor(
    _ editor: TranslationEditorState, into frame: inout Frame, rect: Rect
  ) {
    guard rect.width >= editorMinimumSize.width, rect.height >= editorMinimumSize.height else {
      frame.fill(rect, style: PreviewTheme.base)
      let note =
        "The editor needs at least \(editorMinimumSize.width)×\(editorMinimumSize.height + 3); "
        + "this terminal is \(frame.width)×\(frame.height). Enlarge it (your text is kept) or Esc to cancel."
      frame.putWrapped(note, in: rect, style: PreviewTheme.notice, direction: .ltr)
      return
    }
    let inner = rect.width - 4
    let errorStyle = PreviewTheme.card.foreground(.error).adding(.bold)
    let warnStyle = PreviewTheme.card.foreground(.warning)
    let muted = PreviewTheme.card.foreground(.textMuted)
    let okStyle = PreviewTheme.card.foreground(.success)
    typealias Line = (text: String, style: CellStyle)
    func wrapped(_ text: String, _ style: CellStyle) -> [Line] {
      TextLayout.wrap(text, width: inner).map { ($0, style) }
    }

    // Always shown: where the text lives, the typed text, the error and the keys.
    var head: [Line] = wrapped(
      "\(editor.location) · \(editor.path) · \(editor.text.count) graphemes", muted)
    if let note = editor.originNote { head += wrapped(note, warnStyle) }
    let layout = editor.editor.layout(width: inner - 2)
    let field: [Line] = layout.rows.enumerated().map { index, row in
      let shown = index == layout.cursorRow ? withCursor(row, at: layout.cursorColumn) : row
      return ((index == 0 ? "> " : "  ") + shown, PreviewTheme.cardValue)
    }
    var checks: [Line] = []
    if let error = editor.checks.syntaxError {
      checks += wrapped("✗ invalid ICU: \(error.description)", errorStyle)
    } else {
      checks += wrapped("✓ valid ICU MessageFormat", okStyle)
    }
    for plural in editor.checks.plurals where !plural.missing.isEmpty {
      checks += wrapped(
        "✗ \(plural.name) has no branch for \(plural.missing.joined(separator: ", ")) "
          + "(\(editor.locale) uses \(plural.samples.map(\.category).joined(separator: ", ")))",
        warnStyle)
    }
    for problem in editor.fitProblems { checks += wrapped("✗ too long: " + problem, warnStyle) }
    for finding in editor.findings {
      checks += wrapped(
        "✗ \(finding.code): \(finding.message)", finding.level == .error ? errorStyle : warnStyle)
    }
    var tail: [Line] = []
    if let status = editor.status {
      tail += wrapped(status, editor.statusIsError ? errorStyle : okStyle)
    }
    tail += wrapped(editorKeys, muted)

    // Shown as rows allow: the rendered result, the source text, the samples, the notes.
    let result: [Line] = editor.rendered.map { wrapped("result: " + $0, PreviewTheme.card) } ?? []
    let source: [Line] =
      editor.sourceText.map { text in
        wrapped("\(editor.sourceLocale ?? "source"): \(text)", PreviewTheme.card)
      } ?? []
    let samples = editor.renderedSamples.flatMap { wrapped("  " + $0, PreviewTheme.card) }
    let notes = editor.notes.flatMap { wrapped($0, muted) }

    let room = rect.height - 2
    var left = room - head.count - field.count - checks.count - tail.count
    func take(_ lines: [Line]) -> [Line] {
      let count = min(lines.count, max(left, 0))
      left -= count
      return Array(lines.prefix(count))
    }
    let shownResult = take(result)
    let shownSource = take(source)
    let shownSamples = take(samples)
    let shownNotes = take(notes)
    // The field keeps the cursor's row in view when even it does not fit.
    var shownField = field
    let fieldRoom = max(room - head.count - checks.count - tail.count, 1)
    if shownField.count > fieldRoom {
      let start = min(max(layout.cursorRow - fieldRoom + 1, 0), shownField.count - fieldRoom)
      shownField = Array(shownField[start..<(start + fieldRoom)])
    }
    let lines =
      head + shownNotes + shownSource + shownField + checks + shownResult + shownSamples + tail
    let visible = Array(lines.prefix(room))
    let box = Rect(x: rect.x, y: rect.y, width: rect.width, height: visible.count + 2)
    frame.drawBox(
      box, box: .rounded, style: PreviewTheme.chipBorder,
      title: "Edit \(editor.key) · \(editor.locale)", titleStyle: PreviewTheme.accentBold,
      fill: PreviewTheme.card)
    for (offset, line) in visible.enumerated() {
      frame.put(
        line.text, x: box.x + 2, y: box.y + 1 + offset, width: inner, style: line.style,
        direction: .ltr)
    }
  }

  /// `row` with the typing cursor inserted at display column `column`.
  static func withCursor(_ row: String, at column: Int) -> String {
    var before = ""
    var used = 0
    var rest = Substring(row)
    while let next = rest.first, used < column {
      before.append(next)
      used += DisplayWidth.of(next)
      rest = rest.dropFirst()
    }
    return before + typingCursor + rest
  }
}
