/// Something a ``Screen`` reports to the program.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A mouse button or wheel event (only when mouse reporting was enabled).
  case mouse(MouseEvent)
  /// The terminal changed size; the next frame should be rendered at this size.
  case resize(TerminalSize)
  /// Ctrl-C (SIGINT). The program should quit; the screen restores the terminal itself if a
  /// second Ctrl-C arrives before the program reads the first.
  case interrupt
  /// SIGTERM: the program is asked to quit.
  case terminate
  /// The terminal went away (SIGHUP, or end of input / I/O error on the terminal). The program
  /// must exit now; reading again returns `.hangup` immediately without blocking.
  case hangup
}
