import Foundation
import TerminalUI

/// Whether the terminal can run the interactive previewer: it needs cursor addressing and a
/// clear-screen string, which the terminfo entry of `TERM` must have (`TERM=dumb` has neither; an
/// unknown `TERM` has no entry at all).
public enum TerminalRequirement {
  /// Terminal types refused without a terminfo lookup (no type, or one that names none).
  public static let withoutCursorAddressing: Set<String> = ["", "unknown"]

  /// The message to print (exit 2) when `TERM` names a terminal the interactive previewer cannot
  /// draw on, or `nil` when it can. `capabilities` looks a type up (terminfo by default).
  public static func refusal(
    term: String?,
    capabilities: (String) -> TerminalCapabilities = TerminalCapabilities.lookUp
  ) -> String? {
    let name = (term ?? "").trimmingCharacters(in: .whitespaces)
    let shown = term.map { $0.isEmpty ? "empty" : "'\($0)'" } ?? "not set"
    let problem: String
    if withoutCursorAddressing.contains(name.lowercased()) {
      problem = "TERM is \(shown)"
    } else {
      let found = capabilities(name)
      switch found.lookup {
      case .noDatabase:
        problem = "there is no terminfo database to look TERM=\(name) up in (install ncurses-base)"
      case .unknown:
        problem =
          "terminfo does not know TERM \(shown) (see `infocmp \(name)`; TERMINFO and TERMINFO_DIRS "
          + "name extra databases)"
      case .found:
        let missing =
          (found.cursorAddressing ? [] : ["cursor addressing (cup)"])
          + (found.clearScreen ? [] : ["clearing the screen (clear)"])
        guard !missing.isEmpty else { return nil }
        problem = "TERM \(shown) has no " + missing.joined(separator: " and ") + " in terminfo"
      }
    }
    return """
      messagevisor-preview needs a terminal with cursor addressing, but \(problem).
      Run it in a terminal emulator (TERM=xterm-256color, tmux, screen…):  TERM=xterm-256color messagevisor-preview
      Or render one frame as text:     messagevisor-preview --print [--screen story] [--width 100]
      See --help for every option.
      """
  }
}
