import CTerminalShim

/// What the terminfo database says about a terminal type, looked up without starting curses.
public struct TerminalCapabilities: Sendable, Equatable {
  /// How the lookup went.
  public enum Lookup: Sendable, Equatable {
    /// The type has an entry.
    case found
    /// The type is unknown to terminfo (or a generic entry with too little information).
    case unknown
    /// There is no terminfo database at all.
    case noDatabase
  }

  /// How the lookup went.
  public var lookup: Lookup
  /// Whether the entry has cursor addressing (`cup`).
  public var cursorAddressing: Bool
  /// Whether the entry can clear the screen (`clear`).
  public var clearScreen: Bool

  /// Creates capabilities (for tests and callers that know them).
  public init(lookup: Lookup, cursorAddressing: Bool, clearScreen: Bool) {
    self.lookup = lookup
    self.cursorAddressing = cursorAddressing
    self.clearScreen = clearScreen
  }

  /// Looks `term` up in the terminfo database (`setupterm`, `tigetstr("cup")`,
  /// `tigetstr("clear")`); the entry is released again. Call it before a screen starts.
  public static func lookUp(_ term: String) -> TerminalCapabilities {
    var cup: Int32 = 0
    var clear: Int32 = 0
    let status = cterm_terminfo_check(term, &cup, &clear)
    let lookup: Lookup = status == 1 ? .found : status == -1 ? .noDatabase : .unknown
    return TerminalCapabilities(
      lookup: lookup, cursorAddressing: cup != 0, clearScreen: clear != 0)
  }

  /// Whether a full-screen program can draw on this terminal.
  public var canAddressCursor: Bool { lookup == .found && cursorAddressing && clearScreen }
}
