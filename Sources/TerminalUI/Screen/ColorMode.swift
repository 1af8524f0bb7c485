/// How many colours a screen can show, and therefore how semantic colours are drawn.
public enum ColorMode: String, Hashable, Sendable {
  /// 256 colours: the theme's colours are mapped to the nearest xterm-256 colours.
  case colors256
  /// The 8 ANSI colours.
  case colors8
  /// No colours (`NO_COLOR` set, or a terminal without colours): emphasis through bold, dim,
  /// reverse and underline only.
  case monochrome
}
