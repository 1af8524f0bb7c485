import TerminalUI

/// How `art:` blocks are drawn: box and block characters in the theme's colours.
enum HeroArt {
  /// The style of one character of the art.
  static func style(for character: Character) -> CellStyle {
    switch character {
    case "ᚱ", "ᚢ", "ᚾ", "▶", "━": return PreviewTheme.base.foreground(.accentStrong).adding(.bold)
    case "▄", "▆", "█", "▀", "▟", "▙", "▗", "▖", "▝", "▘", "▜", "▛", "▌", "▐", "▒", "▓":
      return PreviewTheme.accent
    case "✦", "·", "☾": return PreviewTheme.base.foreground(.warning)
    default: return PreviewTheme.border
    }
  }

  /// The art's width in columns.
  static func width(_ art: [String]) -> Int { art.map { DisplayWidth.of($0) }.max() ?? 0 }
}
