/// Why a terminal screen could not be started.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (piped, redirected, or run from a script).
  case notATerminal
  /// curses could not set up the terminal type named by `TERM`.
  case unsupportedTerminal(term: String)
  /// Another ``NcursesScreen`` is still active in this process.
  case alreadyActive

  /// A message that tells the user what to do.
  public var description: String {
    switch self {
    case .notATerminal:
      return
        "standard input and output must be a terminal; run it in a terminal window (or use a non-interactive mode)"
    case .unsupportedTerminal(let term):
      return
        "the terminal type TERM=\(term.isEmpty ? "(unset)" : term) is unknown to curses; set TERM to e.g. xterm-256color"
    case .alreadyActive:
      return
        "a terminal screen is already active in this process; restore it before creating another"
    }
  }
}
