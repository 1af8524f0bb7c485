/// A semantic colour from the previewer's palette.
///
/// Views name *what* a colour means; the screen maps it to 256 colours, 8 colours or, in monochrome
/// (`NO_COLOR` or a terminal without colours), to attributes (see ``ColorMode``).
/// The 256-colour theme follows the ReRune demo: dark background, amber accent `#F5A623`, success
/// `#3DDC97`, primary text `#F5F7FB`, secondary text `#98A2B3`.
public enum ThemeColor: String, CaseIterable, Hashable, Sendable {
  /// The terminal's own default colour (no colour set).
  case terminalDefault
  /// The dark app background (`#0B0F17`).
  case background
  /// A raised surface such as a card or a chip (`#161B26`).
  case surface
  /// Main text (`#F5F7FB`).
  case textPrimary
  /// Secondary text, labels (`#98A2B3`).
  case textSecondary
  /// De-emphasised text, hints (`#667085`).
  case textMuted
  /// The amber accent (`#F5A623`).
  case accent
  /// A stronger, more saturated accent for focus and calls to action (`#FF8A00`).
  case accentStrong
  /// Success, "updated" (`#3DDC97`).
  case success
  /// Warnings (`#FDB022`).
  case warning
  /// Errors (`#F97066`).
  case error
  /// Informational highlights, links, debug level (`#53B1FD`).
  case info
  /// Box borders and rules (`#344054`).
  case border
  /// Background of a selected row or focused item (`#2A3142`).
  case selection
}
