import Foundation

/// Whether the terminal can run the interactive previewer: it needs cursor addressing, which
/// `TERM=dumb` (Emacs shell buffers, some CI logs), `unknown` or an empty `TERM` do not promise.
public enum TerminalRequirement {
  /// Terminal types that have no cursor addressing.
  public static let withoutCursorAddressing: Set<String> = ["", "dumb", "unknown", "cons25-dumb"]

  /// The message to print (exit 2) when `TERM` names a terminal without cursor addressing, or
  /// `nil` when the interactive previewer can run.
  public static func refusal(term: String?) -> String? {
    let name = (term ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    guard withoutCursorAddressing.contains(name) else { return nil }
    let shown = term.map { $0.isEmpty ? "empty" : "'\($0)'" } ?? "not set"
    return """
      messagevisor-preview needs a terminal with cursor addressing, but TERM is \(shown).
      Run it in a terminal emulator (TERM=xterm-256color, tmux, screen…):  TERM=xterm-256color messagevisor-preview
      Or render one frame as text:     messagevisor-preview --print [--screen story] [--width 100]
      See --help for every option.
      """
  }
}
