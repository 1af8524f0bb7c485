import TerminalSafety
import TerminalUI

/// Escaping and colours shared by the gallery's HTML and SVG writers.
enum GalleryMarkup {
  /// Text for HTML/XML content or attribute values: neutralised for terminals (no control
  /// characters), characters XML cannot hold dropped, and `& < > " '` escaped.
  static func escape(_ text: String) -> String {
    let safe = SafeText.neutralized(text, keepingLineBreaks: false)
    var result = ""
    result.reserveCapacity(safe.utf8.count)
    for scalar in safe.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        let value = scalar.value
        // XML 1.0 forbids other C0 controls, surrogates (not scalars) and U+FFFE/U+FFFF.
        if value < 0x20 && value != 0x09 { continue }
        if value == 0xFFFE || value == 0xFFFF { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The CSS colour of a theme colour; the page's defaults for the terminal's own colours.
  static func css(_ color: ThemeColor, foreground: Bool) -> String {
    guard let rgb = ThemePalette.rgb(color) else { return foreground ? "#E6E6E6" : "#0B0F17" }
    let hex = String(rgb, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - hex.count) + hex
  }

  /// The effective foreground and background (reverse swaps them).
  static func colors(_ style: CellStyle) -> (foreground: String, background: String) {
    let foreground = css(style.foreground, foreground: true)
    let background = css(style.background, foreground: false)
    return style.attributes.contains(.reverse)
      ? (background, foreground) : (foreground, background)
  }
}
