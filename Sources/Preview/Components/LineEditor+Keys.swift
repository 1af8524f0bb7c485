import TerminalUI

extension LineEditor {
  /// Applies a key and says what it did (the keys are ``LineEditorCommand/bindings``).
  ///
  /// - Printable characters insert at the cursor (line breaks: see ``insert(_:)``).
  /// - Backspace deletes the cluster before the cursor, Delete and C-d the one after it.
  /// - ←/→ and C-b/C-f move by one cluster; Home/End and C-a/C-e go to the start/end of the line.
  /// - C-u deletes to the start of the line, C-k to its end, C-w the word before the cursor.
  /// - ↑/↓ move between lines in a multi-line editor, otherwise recall ``history`` (older/newer;
  ///   past the newest line the line being typed comes back).
  /// - Enter submits; C-j (``newlineKey``) inserts a line break in a multi-line editor and
  ///   submits in a single-line one (terminals long sent C-j for Enter); Esc cancels.
  ///
  /// A key that cannot act (Backspace at the start, ↑ with no history…) returns
  /// ``LineEditorOutcome/ignored`` and changes nothing.
  public mutating func handle(_ key: Key) -> LineEditorOutcome {
    if case .character(let character) = key {
      let before = text
      insert(String(character))
      return text == before ? .ignored : .edited
    }
    guard let command = LineEditorCommand.command(for: key) else { return .ignored }
    return perform(command)
  }

  /// Performs a command (see ``LineEditorCommand/bindings`` for its keys).
  public mutating func perform(_ command: LineEditorCommand) -> LineEditorOutcome {
    switch command {
    case .deleteBackward:
      guard cursor > 0 else { return .ignored }
      replace(cursor - 1..<cursor, with: "")
      return .edited
    case .deleteForward:
      guard cursor < text.count else { return .ignored }
      replace(cursor..<cursor + 1, with: "")
      return .edited
    case .left: return move(to: cursor - 1)
    case .right: return move(to: cursor + 1)
    case .lineStart: return move(to: lineBounds.lowerBound)
    case .lineEnd: return move(to: lineBounds.upperBound)
    case .killToStart: return delete(lineBounds.lowerBound..<cursor)
    case .killToEnd: return delete(cursor..<lineBounds.upperBound)
    case .deleteWord: return delete(wordStart..<cursor)
    case .up: return multiline ? moveLine(by: -1) : recall(older: true)
    case .down: return multiline ? moveLine(by: 1) : recall(older: false)
    case .newline:
      guard multiline else { return .submitted }
      insert("\n")
      return .edited
    case .submit: return .submitted
    case .cancel: return .cancelled
    }
  }

  /// Moves the cursor; `.ignored` when it stays.
  mutating func move(to offset: Int) -> LineEditorOutcome {
    let target = min(max(offset, 0), text.count)
    guard target != cursor else { return .ignored }
    moveCursor(to: target)
    goalColumn = nil
    return .moved
  }

  /// Deletes a range of clusters; `.ignored` when it is empty.
  mutating func delete(_ range: Range<Int>) -> LineEditorOutcome {
    guard !range.isEmpty else { return .ignored }
    replace(range, with: "")
    return .edited
  }

  /// The cluster offsets of the cursor's line (the whole text in a single-line editor), without
  /// its line break.
  var lineBounds: Range<Int> {
    let clusters = Array(text)
    var start = cursor
    while start > 0, !clusters[start - 1].isNewline { start -= 1 }
    var end = cursor
    while end < clusters.count, !clusters[end].isNewline { end += 1 }
    return start..<end
  }

  /// Where C-w deletes from: back over spaces, then over the word before them.
  var wordStart: Int {
    let clusters = Array(text)
    var start = cursor
    while start > 0, clusters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !clusters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// ↑/↓ in a single-line editor: the previous or next history line.
  mutating func recall(older: Bool) -> LineEditorOutcome {
    guard !history.isEmpty else { return .ignored }
    let index: Int?
    if older {
      guard historyIndex != 0 else { return .ignored }
      index = (historyIndex ?? history.count) - 1
    } else {
      guard let current = historyIndex else { return .ignored }
      index = current + 1 < history.count ? current + 1 : nil
    }
    if historyIndex == nil { draft = text }
    let shown = index.map { history[$0] } ?? draft
    setText(shown)
    historyIndex = index
    return .edited
  }

  /// ↑/↓ in a multi-line editor: the same display column (or the line's end) one line up or
  /// down; `.ignored` on the first or last line.
  mutating func moveLine(by delta: Int) -> LineEditorOutcome {
    let clusters = Array(text)
    let current = lineBounds
    let column = goalColumn ?? DisplayWidth.of(String(clusters[current.lowerBound..<cursor]))
    var target: Range<Int>
    if delta < 0 {
      guard current.lowerBound > 0 else { return .ignored }
      var start = current.lowerBound - 1
      while start > 0, !clusters[start - 1].isNewline { start -= 1 }
      target = start..<(current.lowerBound - 1)
    } else {
      guard current.upperBound < clusters.count else { return .ignored }
      var end = current.upperBound + 1
      while end < clusters.count, !clusters[end].isNewline { end += 1 }
      target = (current.upperBound + 1)..<end
    }
    var offset = target.lowerBound
    var width = 0
    while offset < target.upperBound {
      let next = width + DisplayWidth.of(clusters[offset])
      if next > column { break }
      width = next
      offset += 1
    }
    moveCursor(to: offset)
    goalColumn = column
    return .moved
  }
}
