/// A key the user pressed.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, space, any script).
  case character(Character)
  /// A control-letter chord other than the ones with their own case, e.g. `.control("a")`
  /// for Ctrl-A. The letter is lower case.
  case control(Character)
  /// Enter / Return.
  case enter
  /// Escape (reported after a short delay so that escape sequences can complete).
  case escape
  /// Backspace (DEL or ^H).
  case backspace
  /// Delete (the key usually labelled Del).
  case delete
  /// Insert.
  case insert
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
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Function key F1…F63.
  case function(Int)
  /// A key the terminal reported that has no case here (the raw curses key code).
  case unknown(Int32)
}
