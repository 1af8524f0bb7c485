import TerminalUI

/// The previewer's styles, named by role (the screen maps colours to 256/8 colours or monochrome).
enum PreviewTheme {
  static let base = CellStyle(foreground: .textPrimary, background: .background)
  static let primary = base
  static let title = base.adding(.bold)
  static let secondary = base.foreground(.textSecondary)
  static let muted = base.foreground(.textMuted)
  static let accent = base.foreground(.accent)
  static let accentBold = base.foreground(.accent).adding(.bold)
  static let success = base.foreground(.success).adding(.bold)
  static let border = base.foreground(.border)
  static let panelTitle = base.foreground(.textSecondary).adding(.bold)
  static let chip = CellStyle(foreground: .textPrimary, background: .surface, attributes: .bold)
  static let chipBorder = base.foreground(.accent)
  static let card = CellStyle(foreground: .textPrimary, background: .surface)
  static let cardLabel = CellStyle(
    foreground: .textSecondary, background: .surface, attributes: .bold)
  static let cardValue = CellStyle(
    foreground: .textPrimary, background: .surface, attributes: .bold)
  static let cardBorder = CellStyle(foreground: .border, background: .surface)
  static let button = CellStyle(foreground: .background, background: .accent, attributes: .bold)
  static let buttonFocused = CellStyle(
    foreground: .background, background: .accentStrong, attributes: [.bold, .underline])
  static let buttonDisabled = CellStyle(
    foreground: .textMuted, background: .surface, attributes: .dim)
  static let selection = CellStyle(
    foreground: .textPrimary, background: .selection, attributes: .bold)
  static let bar = CellStyle(foreground: .textSecondary, background: .surface)
  static let barKey = CellStyle(foreground: .accent, background: .surface, attributes: .bold)
  static let barValue = CellStyle(foreground: .textPrimary, background: .surface, attributes: .bold)
  static let inspect = base.foreground(.info).adding(.dim)
  static let notice = base.foreground(.warning).adding(.bold)
  static let error = base.foreground(.error).adding(.bold)

  /// The colour of a diagnostic level.
  static func level(_ level: DiagnosticLevel) -> CellStyle {
    switch level {
    case .fatal, .error: return base.foreground(.error).adding(.bold)
    case .warn: return base.foreground(.warning).adding(.bold)
    case .info: return base.foreground(.info)
    case .debug: return base.foreground(.textMuted)
    }
  }

  /// The colour of the refresh-state line: secondary when idle, amber while running, green on
  /// success (rerune.md §6.4).
  /// The cell style of a screen file's named text style.
  static func style(_ style: ScreenTextStyle) -> CellStyle {
    switch style {
    case .primary: return primary
    case .secondary: return secondary
    case .muted: return muted
    case .accent: return accent
    case .title: return title
    }
  }

  static func phase(_ phase: RefreshPhase) -> CellStyle {
    switch phase {
    case .idle: return secondary.adding(.bold)
    case .checking, .downloading, .applying: return accentBold
    case .success: return success
    }
  }
}
