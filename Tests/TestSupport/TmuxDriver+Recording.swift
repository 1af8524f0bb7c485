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

extension TmuxDriver {
  /// What ``recordWithAndWithoutJSON(_:redirectingPlainOutput:log:seconds:)`` saw.
  public struct JSONComparison: Sendable {
    /// The recording of both runs.
    public var recording: Recording
    /// What the pane received during the first run (without `--json`).
    public var plain: String
    /// What it received during the second run (with `--json`, its output discarded).
    public var json: String
    /// Whether both runs exited with status 0.
    public var succeeded: Bool
  }

  /// Runs the shell command line `command` on a 100×20 terminal, then again with `--json`
  /// appended (its standard output discarded), recording the pane (see
  /// ``record(_:width:height:log:until:seconds:)``): for commands that show progress on a
  /// terminal only. `redirectingPlainOutput` is shell text appended to the first run (e.g.
  /// `> FILE`).
  public func recordWithAndWithoutJSON(
    _ command: String, redirectingPlainOutput: String = "", log: String, seconds: Double
  ) -> JSONComparison {
    let recording = record(
      "sleep 1; \(command) \(redirectingPlainOutput); echo PLAIN-EXIT-$?; \(command) --json > /dev/null; echo JSON-EXIT-$?; sleep 30",
      width: 100, height: 20, log: log, until: "JSON-EXIT-", seconds: seconds)
    let parts = recording.written.components(separatedBy: "PLAIN-EXIT-")
    return JSONComparison(
      recording: recording, plain: parts.first ?? "", json: parts.dropFirst().joined(),
      succeeded: recording.screen.contains("PLAIN-EXIT-0")
        && recording.screen.contains("JSON-EXIT-0"))
  }
}
