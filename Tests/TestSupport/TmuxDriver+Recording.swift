import Foundation

extension TmuxDriver {
  /// What a program run by ``record(_:width:height:log:until:seconds:)`` did on its terminal.
  public struct Recording: Sendable {
    /// Whether the screen showed the marker in time.
    public var finished: Bool
    /// The pane's last capture.
    public var screen: String
    /// Every byte the pane received, escape sequences included (what the program wrote, before
    /// the terminal interpreted it).
    public var written: String
  }

  /// Starts `shellCommand` in a `width`×`height` session, appends everything the pane receives to
  /// the file `log` (`pipe-pane`) and waits (at most `seconds`) until the screen shows `marker`.
  /// The command should wait a moment first (`sleep 1; …`), so that the recording has started
  /// before the program writes.
  public func record(
    _ shellCommand: String, width: Int, height: Int, log: String, until marker: String,
    seconds: Double
  ) -> Recording {
    start(shellCommand, width: width, height: height)
    command(["pipe-pane", "-t", session, "-o", "cat >> " + ChildProcess.shellQuoted(log)])
    let done = waitFor(seconds: seconds) { $0.contains(marker) }
    let written = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return Recording(finished: done.ok, screen: done.screen, written: written)
  }
}
