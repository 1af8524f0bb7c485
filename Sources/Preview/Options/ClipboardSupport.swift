import Foundation

/// Whether `y` may write OSC 52 (`--osc52 on|off|auto`): `auto` says yes only where the terminal
/// is known to put OSC 52 on the clipboard without asking, since an ignored request would look
/// like a copy that worked.
///
/// - Inside tmux (`TMUX` set): only when tmux's `set-clipboard` option is `on` (tmux then keeps
///   the text as a paste buffer and passes it on to the outer terminal when that supports it);
///   `external` and `off` refuse requests from programs.
/// - Inside GNU screen (`STY`): no (screen does not pass OSC 52 on).
/// - Terminals that allow it by default (told by `TERM`, `TERM_PROGRAM` or their own
///   variables): kitty, Alacritty, foot, WezTerm, Ghostty, Windows Terminal. Not: xterm (off
///   unless `allowWindowOps`), VTE terminals such as GNOME Terminal (unsupported), Apple Terminal,
///   iTerm2 (asks first, off by default). Everything unknown is no: `y` then shows the text for
///   copying by hand.
public enum ClipboardSupport {
  /// The choice on the command line.
  public enum Choice: String, Sendable, CaseIterable {
    /// Always write OSC 52.
    case on
    /// Never: always show the text.
    case off
    /// Decide from the environment (the default).
    case auto
  }

  /// The clipboard mode for a choice in an environment; `tmuxSetClipboard` reports tmux's
  /// `set-clipboard` value (asked only inside tmux with `auto`).
  public static func mode(
    _ choice: Choice, environment: [String: String], tmuxSetClipboard: () -> String?
  ) -> ClipboardMode {
    switch choice {
    case .on: return .osc52
    case .off: return .show
    case .auto:
      if !(environment["TMUX"] ?? "").isEmpty {
        return tmuxSetClipboard()?.trimmingCharacters(in: .whitespacesAndNewlines) == "on"
          ? .osc52 : .show
      }
      if !(environment["STY"] ?? "").isEmpty { return .show }
      return knownToAllow(environment) ? .osc52 : .show
    }
  }

  /// Whether the environment names a terminal that honours OSC 52 by default.
  static func knownToAllow(_ environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if term == "xterm-kitty" || term == "alacritty" || term.hasPrefix("foot")
      || term == "xterm-ghostty" || term == "wezterm"
    {
      return true
    }
    if ["WezTerm", "ghostty"].contains(program) { return true }
    for variable in ["KITTY_WINDOW_ID", "ALACRITTY_WINDOW_ID", "WT_SESSION"]
    where !(environment[variable] ?? "").isEmpty {
      return true
    }
    return false
  }
}
