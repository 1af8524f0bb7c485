import TerminalUI

extension Key {
  /// The key as the previewer handles it, `nil` for keys it ignores. Terminal spellings of the
  /// same key collapse to one case: DEL, `^H` and Delete are ``Key/backspace``, `^J`/`^M` are
  /// ``Key/enter``, `^I` is ``Key/tab``; Ctrl-C stays `.control("c")` (quits like `q`); other
  /// control chords, Insert, Home, End, function keys and unknown codes are ignored.
  public var previewKey: Key? {
    switch self {
    case .character("\u{7F}"), .character("\u{08}"): return .backspace
    case .character: return self
    case .control("c"): return self
    case .control("h"): return .backspace
    case .control("j"), .control("m"): return .enter
    case .control("i"): return .tab
    case .control: return nil
    case .backspace, .delete: return .backspace
    case .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown:
      return self
    case .insert, .home, .end, .function, .unknown: return nil
    }
  }

  /// How the help bar and help screen name the key.
  public var label: String {
    switch self {
    case .character(" "): return "Space"
    case .character(let c): return String(c)
    case .control(let c): return "C-\(c)"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .backspace: return "Backspace"
    case .delete: return "Del"
    case .insert: return "Ins"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .function(let n): return "F\(n)"
    case .unknown(let code): return "key \(code)"
    }
  }
}
