/// A key press as the previewer understands it, independent of the terminal library.
public enum KeyPress: Sendable, Equatable, Hashable {
  /// A printable character.
  case char(Character)
  /// Enter / Return.
  case enter
  /// Escape.
  case escape
  /// Backspace (and Delete on terminals that send it for backspace).
  case backspace
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Ctrl-C (quits like `q`).
  case interrupt

  /// How the help bar and help screen name the key.
  public var label: String {
    switch self {
    case .char(" "): return "Space"
    case .char(let c): return String(c)
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .backspace: return "Backspace"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .interrupt: return "C-c"
    }
  }
}
