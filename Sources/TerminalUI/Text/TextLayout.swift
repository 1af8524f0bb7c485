/// Word wrapping and truncation by display width (see ``DisplayWidth``).
///
/// Both work on graphemes, so a grapheme (an emoji sequence, a letter with combining marks) is
/// never split. Text is laid out in logical order; reorder each resulting line for display with
/// ``BidiReorderer`` afterwards.
public enum TextLayout {
  /// Wraps `text` into lines of at most `width` columns.
  ///
  /// Lines break at spaces (the breaking spaces are dropped), between CJK characters, and, for a
  /// word longer than a line, inside the word at the last grapheme that fits. `\n` (and CR LF)
  /// starts a new paragraph; an empty paragraph gives an empty line. A single grapheme wider than
  /// `width` gets a line of its own. Returns no lines when `width` is less than 1.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width >= 1 else { return [] }
    var lines: [String] = []
    for paragraph in paragraphs(of: text) {
      wrapParagraph(paragraph, width: width, into: &lines)
    }
    return lines
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
  ///
  /// When even the ellipsis does not fit, the text is cut without one.
  public static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
    var result = ""
    var used = 0
    for grapheme in text {
      let graphemeWidth = DisplayWidth.of(grapheme)
      if used + graphemeWidth > budget { break }
      result.append(grapheme)
      used += graphemeWidth
    }
    if ellipsisWidth <= width {
      // Trailing spaces before an ellipsis look like a gap: drop them.
      while result.last == " " { result.removeLast() }
      result += ellipsis
    }
    return result
  }

  /// `text` padded with spaces (or cut) to exactly `width` columns.
  public static func pad(_ text: String, width: Int, alignment: TextAlignment = .left) -> String {
    let fitted = truncate(text, width: width)
    let gap = max(0, width - DisplayWidth.of(fitted))
    switch alignment {
    case .left, .natural: return fitted + String(repeating: " ", count: gap)
    case .right: return String(repeating: " ", count: gap) + fitted
    case .center:
      let left = gap / 2
      return String(repeating: " ", count: left) + fitted
        + String(repeating: " ", count: gap - left)
    }
  }

  // MARK: - Internals

  private static func paragraphs(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
  }

  private enum Unit {
    case spaces(String, Int)
    case word(String, Int)
    /// A character that may break on either side (CJK ideographs, kana, Hangul).
    case breakable(String, Int)
  }

  private static func units(of paragraph: Substring) -> [Unit] {
    var units: [Unit] = []
    var current = ""
    var currentWidth = 0
    var inSpaces = false
    func flush() {
      guard !current.isEmpty else { return }
      units.append(inSpaces ? .spaces(current, currentWidth) : .word(current, currentWidth))
      current = ""
      currentWidth = 0
    }
    for grapheme in paragraph {
      let graphemeWidth = DisplayWidth.of(grapheme)
      if grapheme == " " || grapheme == "\u{3000}" {
        if !inSpaces { flush() }
        inSpaces = true
        current.append(grapheme)
        currentWidth += graphemeWidth
      } else if isBreakableEverywhere(grapheme) {
        flush()
        inSpaces = false
        units.append(.breakable(String(grapheme), graphemeWidth))
      } else {
        if inSpaces { flush() }
        inSpaces = false
        current.append(grapheme)
        currentWidth += graphemeWidth
      }
    }
    flush()
    return units
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String])
  {
    var line = ""
    var lineWidth = 0
    var pending = ""
    var pendingWidth = 0
    func emit() {
      lines.append(line)
      line = ""
      lineWidth = 0
      pending = ""
      pendingWidth = 0
    }
    func appendWord(_ word: String, _ wordWidth: Int) {
      if lineWidth + pendingWidth + wordWidth <= width {
        line += pending + word
        lineWidth += pendingWidth + wordWidth
        pending = ""
        pendingWidth = 0
        return
      }
      if !line.isEmpty { emit() }
      pending = ""
      pendingWidth = 0
      if wordWidth <= width {
        line = word
        lineWidth = wordWidth
        return
      }
      // Break an over-long word by width.
      for grapheme in word {
        let graphemeWidth = DisplayWidth.of(grapheme)
        if lineWidth + graphemeWidth > width && !line.isEmpty { emit() }
        line.append(grapheme)
        lineWidth += graphemeWidth
      }
    }
    var emittedAny = false
    for unit in units(of: paragraph) {
      switch unit {
      case .spaces(let spaces, let spacesWidth):
        if line.isEmpty && !emittedAny {
          // Leading indentation of the paragraph is kept when it fits.
          if spacesWidth < width {
            line = spaces
            lineWidth = spacesWidth
          }
        } else if !line.isEmpty {
          pending += spaces
          pendingWidth += spacesWidth
        }
      case .word(let word, let wordWidth), .breakable(let word, let wordWidth):
        let before = lines.count
        appendWord(word, wordWidth)
        if lines.count > before { emittedAny = true }
      }
    }
    if !line.isEmpty || !emittedAny { lines.append(line) }
  }

  /// CJK ideographs, kana, Hangul syllables and fullwidth forms allow a line break on either side.
  private static func isBreakableEverywhere(_ grapheme: Character) -> Bool {
    guard let scalar = grapheme.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF60, 0x20000...0x3FFFD:
      return true
    case 0x3001...0x303F:
      return true
    default:
      return false
    }
  }
}
