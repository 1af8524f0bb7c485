import Foundation
import TerminalUI

/// Whether the terminal can run the interactive previewer: it needs cursor addressing and a
/// clear-screen string, which the terminfo entry of `TERM` must have (`TERM=dumb` has neither; an
/// unknown `TERM` has no entry at all).
public enum TerminalRequirement {
  /// Terminal types refused without a terminfo lookup (no type, or one that names none).
  public static let withoutCursorAddressing: Set<String> = ["", "unknown"]

  /// The note the interactive previewer shows when the environment's locale is not UTF-8
  /// (`LANG=C`, or no locale at all): such a terminal shows box drawing and symbols as garbage, so
  /// the previewer draws in ASCII (as with `--ascii`). `nil` for a UTF-8 locale. The locale is
  /// the first non-empty one of `LC_ALL`, `LC_CTYPE` and `LANG`, as the C library takes it.
  public static func asciiFallbackNote(environment: [String: String]) -> String? {
    let variable = ["LC_ALL", "LC_CTYPE", "LANG"].first { !(environment[$0] ?? "").isEmpty }
    let value = variable.flatMap { environment[$0] } ?? ""
    let lowered = value.lowercased()
    if lowered.contains("utf-8") || lowered.contains("utf8") { return nil }
    let setting = variable.map { "\($0)=\(value)" } ?? "no LANG, LC_ALL or LC_CTYPE"
    return
      "the locale (\(setting)) is not UTF-8: drawing in ASCII as with --ascii; "
      + "set LANG=C.UTF-8 (or another UTF-8 locale) for box drawing and every script"
  }

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
