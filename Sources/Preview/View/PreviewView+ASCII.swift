import TerminalUI

extension PreviewView {
  /// Box-drawing, block and symbol glyphs and their ASCII stand-ins (`--ascii`, for terminals and
  /// fonts without them: the Linux console, serial lines, some Windows consoles).
  static let asciiGlyphs: [String: Character] = [
    "─": "-", "━": "-", "│": "|", "┃": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "╭": "+",
    "╮": "+", "╰": "+", "╯": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "▶": ">",
    "◀": "<", "•": "*", "·": "-", "…": ".", "↑": "^", "↓": "v", "←": "<", "→": ">", "▏": "|",
    "×": "x", "–": "-", "—": "-", "‹": "<", "›": ">", "↻": "@", "█": "#", "▀": "#", "▄": "#",
    "░": ".", "▒": ":", "▓": "#", "✓": "v", "✗": "x", "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\",
    "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "≤": "<", "≥": ">", "↳": ">", "↔": "=", "∅": "-",
    "“": "\"", "”": "\"", "✂": "%", "┏": "+", "┓": "+", "┗": "+", "┛": "+", "┣": "+", "┫": "+",
    "═": "=", "║": "|", "╔": "+", "╗": "+", "╚": "+", "╝": "+", "╠": "+", "╣": "+",
    // The demo's art (a screen file's `art:` block) on a terminal without these glyphs.
    "▆": "#", "▌": "#", "▐": "#", "▖": ".", "▗": ".", "▘": "'", "▝": "'", "▙": "#", "▛": "#",
    "▜": "#", "▟": "#", "✦": "*", "☾": "(", "ᚱ": "R", "ᚢ": "U", "ᚾ": "N",
  ]

  /// `frame` with every glyph of ``asciiGlyphs`` replaced by its ASCII stand-in, in every cell
  /// (a translation's own `…` or `·` would not show on such a terminal either).
  static func asciiOnly(_ frame: Frame) -> Frame {
    var result = frame
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let cell = frame[x, y]
        if let ascii = asciiStandIn(cell.text) {
          result.place(Cell(ascii, style: cell.style), x: x, y: y)
        }
      }
    }
    return result
  }

  /// The ASCII stand-in of one cell's text: the table's, else `+` for any other box-drawing
  /// character (U+2500–U+257F, as in a screen's art: `╧`, `┷`) and `#` for any other block element
  /// (U+2580–U+259F); `nil` for text that stays.
  static func asciiStandIn(_ text: String) -> Character? {
    if let ascii = asciiGlyphs[text] { return ascii }
    guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
    switch scalar.value {
    case 0x2500...0x257F: return "+"
    case 0x2580...0x259F: return "#"
    default: return nil
    }
  }
}
