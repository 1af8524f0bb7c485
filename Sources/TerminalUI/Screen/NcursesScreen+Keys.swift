import CNcursesw
import CTerminalShim

extension NcursesScreen {
  /// Translates a curses key result into a ``Key`` (`nil` for nothing usable).
  static func decode(_ key: cterm_key_result) -> Key? {
    if key.status == Int32(CTERM_KEY_CHAR) {
      return decodeCharacter(key.value)
    }
    guard key.status == Int32(CTERM_KEY_CODE) else { return nil }
    let code = Int32(bitPattern: key.value)
    let f0 = cterm_key_f0()
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME, KEY_A1: return .home
    case KEY_END, KEY_C1: return .end
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case KEY_IC: return .insert
    case KEY_ENTER: return .enter
    case (f0 + 1)...(f0 + 63): return .function(Int(code - f0))
    default: return .unknown(code)
    }
  }

  /// Translates a curses mouse report (`nil` for nothing usable).
  static func decodeMouse(_ mouse: cterm_mouse_result) -> MouseEvent? {
    let kind: MouseEvent.Kind
    switch mouse.kind {
    case Int32(CTERM_MOUSE_PRESS): kind = .press(button: Int(mouse.button))
    case Int32(CTERM_MOUSE_RELEASE): kind = .release(button: Int(mouse.button))
    case Int32(CTERM_MOUSE_WHEEL_UP): kind = .wheelUp
    case Int32(CTERM_MOUSE_WHEEL_DOWN): kind = .wheelDown
    default: return nil
    }
    return MouseEvent(kind, x: Int(mouse.x), y: Int(mouse.y))
  }

  /// Translates a character from `get_wch` (cbreak, nonl: Enter arrives as CR, so a line feed
  /// is Ctrl-J, which multi-line text fields take as "insert a line break").
  static func decodeCharacter(_ value: UInt32) -> Key? {
    switch value {
    case 13: return .enter
    case 9: return .tab
    case 8, 127: return .backspace
    case 27: return .escape
    case 0: return .control(" ")
    case 1...26:
      return Unicode.Scalar(UInt32(96) + value).map { .control(Character($0)) }
    case 28...31:
      return Unicode.Scalar(UInt32(64) + value).map { .control(Character($0)) }
    default:
      guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
      if TerminalSafeText.placeholder(for: scalar) != nil {
        return .unknown(Int32(bitPattern: value))
      }
      return .character(Character(scalar))
    }
  }
}
