import TerminalUI

extension KeyPress {
  /// Maps a terminal key to the previewer's keys; `nil` for keys the previewer ignores.
  public init?(_ key: Key) {
    switch key {
    case .character("\u{7F}"), .character("\u{08}"): self = .backspace
    case .character(let c): self = .char(c)
    case .control("c"): self = .interrupt
    case .control("h"): self = .backspace
    case .control("j"), .control("m"): self = .enter
    case .control("i"): self = .tab
    case .control: return nil
    case .enter: self = .enter
    case .escape: self = .escape
    case .backspace, .delete: self = .backspace
    case .tab: self = .tab
    case .backTab: self = .backTab
    case .up: self = .up
    case .down: self = .down
    case .left: self = .left
    case .right: self = .right
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .insert, .home, .end, .function, .unknown: return nil
    }
  }
}
