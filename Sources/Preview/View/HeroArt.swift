import TerminalUI

/// The demo's hero images, redrawn with box and block characters.
enum HeroArt {
  /// Welcome's `writer_orb`: a scribe's desk under a night sky with a glowing orb bearing a rune R.
  static let writerOrb: [String] = [
    "  ✦       ▄▄▆██▆▄▄        ☾  ",
    "       ▗▟██▀▀▀▀▀▀██▙▖   ✦    ",
    "  ·    ██▌   ᚱ    ▐██        ",
    "       ▝▜██▄▄▄▄▄▄██▛▘    ·   ",
    "   ✦      ▀▀▜██▛▀▀   ╭──╮    ",
    " ═══════════╧══╧═════╧══╧══  ",
  ]

  /// Story's `blacksmith`: a hammer over a rune-inscribed blade on an anvil beside the forge.
  static let blacksmith: [String] = [
    "   ☾          ▐█▌        ✦   ",
    "     ✦         ╲         ·   ",
    "  ╭─ᚱ─ᚢ─ᚾ─╮     ╲  ━━━ᚱᚢᚾ━━▶  ",
    "  │ ▒▓██▓▒ │   ▄▄▄▄▄▄▄▄▄▄▄    ",
    "  │ ▓█▀▀█▓ │     ▀▀███▀▀      ",
    "  ╰────────╯     ▟█████▙      ",
  ]

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
