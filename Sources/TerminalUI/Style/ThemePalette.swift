/// Maps the semantic ``ThemeColor``s to terminal colours for each ``ColorMode``.
///
/// 256 colours use the nearest xterm-256 colour to the theme's RGB value; 8 colours use the ANSI
/// colours plus bold/dim; monochrome uses attributes only.
public enum ThemePalette {
  /// The theme's RGB value (`0xRRGGBB`), or `nil` for ``ThemeColor/terminalDefault``.
  public static func rgb(_ color: ThemeColor) -> UInt32? {
    switch color {
    case .terminalDefault: return nil
    case .background: return 0x0B0F17
    case .surface: return 0x161B26
    case .textPrimary: return 0xF5F7FB
    case .textSecondary: return 0x98A2B3
    case .textMuted: return 0x667085
    case .accent: return 0xF5A623
    case .accentStrong: return 0xFF8A00
    case .success: return 0x3DDC97
    case .warning: return 0xFDB022
    case .error: return 0xF97066
    case .info: return 0x53B1FD
    case .border: return 0x344054
    case .selection: return 0x2A3142
    }
  }

  /// The xterm-256 colour index for `color`, or `nil` for the terminal default.
  public static func xterm256(_ color: ThemeColor) -> Int? {
    rgb(color).map(xterm256Index(nearest:))
  }

  /// The index (16–255) of the xterm-256 colour closest to `rgb`, searching the 6×6×6 cube and
  /// the grey ramp.
  public static func xterm256Index(nearest rgb: UInt32) -> Int {
    let red = Int((rgb >> 16) & 0xFF)
    let green = Int((rgb >> 8) & 0xFF)
    let blue = Int(rgb & 0xFF)
    let levels = [0, 95, 135, 175, 215, 255]
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      // Weighted for perceived brightness.
      let dr = r - red
      let dg = g - green
      let db = b - blue
      return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }
    var best = 16
    var bestDistance = Int.max
    for (ri, r) in levels.enumerated() {
      for (gi, g) in levels.enumerated() {
        for (bi, b) in levels.enumerated() {
          let d = distance(r, g, b)
          if d < bestDistance {
            bestDistance = d
            best = 16 + 36 * ri + 6 * gi + bi
          }
        }
      }
    }
    for step in 0..<24 {
      let level = 8 + 10 * step
      let d = distance(level, level, level)
      if d < bestDistance {
        bestDistance = d
        best = 232 + step
      }
    }
    return best
  }

  /// The ANSI colour (0 black … 7 white; `nil` = terminal default) and extra attributes for
  /// `color` used as a foreground in 8-colour mode.
  public static func ansi8Foreground(_ color: ThemeColor) -> (index: Int?, extra: CellAttributes) {
    switch color {
    case .terminalDefault: return (nil, [])
    case .background: return (0, [])
    case .surface: return (0, [])
    case .textPrimary: return (7, [])
    case .textSecondary: return (7, [])
    case .textMuted: return (7, .dim)
    case .accent: return (3, [])
    case .accentStrong: return (3, .bold)
    case .success: return (2, [])
    case .warning: return (3, [])
    case .error: return (1, .bold)
    case .info: return (6, [])
    case .border: return (4, [])
    case .selection: return (4, [])
    }
  }

  /// The ANSI colour for `color` used as a background in 8-colour mode (`nil` = terminal
  /// default: the dark theme backgrounds use the terminal's own background).
  public static func ansi8Background(_ color: ThemeColor) -> Int? {
    switch color {
    case .terminalDefault, .background, .surface: return nil
    case .selection, .border: return 4
    default: return ansi8Foreground(color).index
    }
  }

  /// The attributes that stand in for colours in monochrome mode.
  public static func monochromeAttributes(foreground: ThemeColor, background: ThemeColor)
    -> CellAttributes
  {
    var result: CellAttributes = []
    switch foreground {
    case .accent, .success, .warning: result.insert(.bold)
    case .accentStrong, .error: result.formUnion([.bold, .underline])
    case .textMuted, .border: result.insert(.dim)
    default: break
    }
    switch background {
    case .selection, .accent, .accentStrong, .success, .warning, .error, .info, .textPrimary:
      result.insert(.reverse)
    default: break
    }
    return result
  }
}
