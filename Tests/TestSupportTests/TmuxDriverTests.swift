import Foundation
import TestSupport
import Testing

@Suite("TmuxDriver drives a private tmux server and always kills it", .tmuxEndToEnd())
struct TmuxDriverTests {
  /// The tmux server's process id.
  static func serverPID(_ tmux: TmuxDriver) -> pid_t? {
    pid_t(tmux.paneValue("#{pid}"))
  }

  @Test func sentKeysShowInTheCaptureAndWaitForIsBounded() {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    #expect(tmux.start("cat", width: 40, height: 5).status == 0)
    tmux.send("-l", "hello tmux")
    tmux.send("Enter")
    #expect(tmux.waitFor("hello tmux"))
    let missing = tmux.waitFor(seconds: 0.3) { $0.contains("never shown") }
    #expect(!missing.ok)
    #expect(missing.screen.contains("hello tmux"))
  }

  @Test func aRecordingKeepsTheEscapesAProgramWroteThatTheScreenErased() throws {
    let directory = NSTemporaryDirectory() + "tmux-record-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    let done = tmux.record(
      #"sleep 1; printf 'working\r\033[Kdone\n'; echo END-$((1+1)); sleep 30"#, width: 40,
      height: 5, log: directory + "/pane.log", until: "END-2", seconds: 20)
    #expect(done.finished, "\(done.screen)")
    #expect(!done.screen.contains("working"))
    #expect(done.written.contains("working\r\u{1B}[Kdone"), "\(done.written)")
  }

  @Test func remainOnExitKeepsThePaneOfAProgramThatEnded() {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    tmux.start("exit 3", width: 40, height: 5)
    #expect(Polling.until(seconds: 10) { tmux.paneValue("#{pane_dead}") == "1" })
    #expect(tmux.command(["has-session", "-t", tmux.session]).status == 0)
    // tmux 3.3a loses a pane's exit status when it sees the terminal close before it reaps the
    // child (the pane stays, but `pane_dead_status` is empty and no "Pane is dead" line is
    // written: 5 to 9 of 30 runs of `exit 3` here). When tmux has a status, it must be ours.
    let status = tmux.paneValue("#{pane_dead_status}")
    #expect(status.isEmpty || status == "3", "pane_dead_status: \(status)")
  }

  @Test func withoutRemainOnExitTheSessionEndsWithItsProgram() {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    tmux.start("sleep 600", width: 40, height: 5, name: "keeper", remainOnExit: false)
    tmux.start("exit 3", width: 40, height: 5, remainOnExit: false)
    #expect(Polling.until(seconds: 10) { tmux.command(["has-session", "-t", "main"]).status != 0 })
  }

  @Test func stopKillsTheServerAndRemovesItsSocket() throws {
    let tmux = TmuxDriver()
    tmux.start("sleep 600", width: 40, height: 5, remainOnExit: false)
    let server = try #require(Self.serverPID(tmux))
    let program = try #require(tmux.panePID())
    #expect(FileManager.default.fileExists(atPath: tmux.socketPath))
    tmux.stop()
    #expect(Polling.until(seconds: 5) { !ProcessStat.isRunning(server) })
    #expect(Polling.until(seconds: 5) { !ProcessStat.isRunning(program) })
    #expect(!FileManager.default.fileExists(atPath: tmux.socketPath))
  }

  @Test func aDriverThatGoesAwayKillsItsServer() throws {
    var server: pid_t?
    do {
      let tmux = TmuxDriver()
      tmux.start("sleep 600", width: 40, height: 5)
      server = Self.serverPID(tmux)
    }
    let pid = try #require(server)
    #expect(Polling.until(seconds: 5) { !ProcessStat.isRunning(pid) })
  }

  @Test func eachDriverHasItsOwnServer() {
    let first = TmuxDriver()
    let second = TmuxDriver()
    defer {
      first.stop()
      second.stop()
    }
    #expect(first.socket != second.socket)
    first.start("echo first; sleep 600", width: 40, height: 5)
    second.start("echo second; sleep 600", width: 40, height: 5)
    #expect(first.waitFor("first"))
    #expect(second.waitFor("second"))
    #expect(!second.capture().contains("first"))
  }
}
