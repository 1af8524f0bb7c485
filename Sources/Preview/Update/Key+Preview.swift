import TerminalUI

extension Key {
  /// The key as the previewer handles it, `nil` for keys it ignores. Terminal spellings of the
  /// same key collapse to one case: DEL and `^H` are ``Key/backspace``, `^M` is ``Key/enter``,
  /// `^I` is ``Key/tab``. Other control chords (C-a, C-u, C-w… for text fields; Ctrl-C quits),
  /// Home, End and Delete reach the previewer as they are; ``commandKey`` folds the ones that
  /// mean something else outside a text field. Insert, function keys and unknown codes are
  /// ignored.
  public var previewKey: Key? {
    switch self {
    case .character("\u{7F}"), .character("\u{08}"): return .backspace
    case .character: return self
    case .control("h"): return .backspace
    case .control("m"): return .enter
    case .control("i"): return .tab
    case .control: return self
    case .backspace: return .backspace
    case .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home,
      .end, .delete:
      return self
    case .insert, .function, .unknown: return nil
    }
  }

  /// The key as the key table sees it (outside a text field): C-j (a line feed, the multi-line
  /// editors' newline key) is Enter and Delete is Backspace, as terminals long sent them.
  public var commandKey: Key {
    switch self {
    case .control("j"): return .enter
    case .delete: return .backspace
    default: return self
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
