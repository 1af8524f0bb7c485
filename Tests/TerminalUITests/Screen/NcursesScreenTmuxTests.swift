import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// Runs `terminalui-smoke` (a tiny program on `NcursesScreen`) in tmux on a private socket and
/// looks at the terminal as a person would.
@Suite("NcursesScreen in tmux", .tmuxEndToEnd(needs: .smokeBinary))
struct NcursesScreenTmuxTests {
  static let wideLine = "wide:日本語|" + String(repeating: " ", count: 28) + "zwj:👨❤ 🇳🇱e\u{301}|"

  private func logFile() -> String {
    NSTemporaryDirectory() + "terminalui-smoke-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
  }

  /// The pane's lines now.
  private func paneLines(_ session: TmuxDriver) -> [String] {
    session.capture().components(separatedBy: "\n")
  }

  private func readLog(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  @Test(
    "draws text and wide characters at the right columns, handles keys and resize, exits on hangup")
  func drawResizeHangup() throws {
    let log = logFile()
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try SmokeBinary.session(
      width: 100, height: 30, command: "\(SmokeBinary.path ?? "") --log \(log)")
    defer { session.stop() }

    #expect(session.waitFor("TerminalUI smoke 100x30"))
    let lines = paneLines(session)
    #expect(lines.count >= 9)
    guard lines.count >= 9 else { return }
    // Wide characters: 日本語 takes 6 columns, so the bar lands right after them. At column 40 a
    // ZWJ family (2 columns in our model, 6 for the C library's wcwidth) is sent as its first
    // emoji, ❤️ as ❤ plus a space, so the bar still lands at column 51.
    #expect(lines[1] == Self.wideLine)
    // A conjunct is one grapheme of three columns, Thai SARA AM a spacing mark.
    #expect(lines[2] == "emoji:🙂|" + String(repeating: " ", count: 31) + "indic:क्षि|กำ|")
    // Arabic reordered for display and right-aligned in its 30 columns, then the bar at column 34.
    #expect(lines[3] == "rtl:             123 ملاعلاب ابحرم|")
    // Escape sequences from text are shown, not executed.
    #expect(lines[4] == "esc:␛[31mRED␛[0m\u{FFFD}2J|")
    #expect(lines[6] == "╭─ box ────────────────╮")
    #expect(lines[7].hasPrefix("│ mode: colors256"))
    let coloured = session.capture(escapes: true)
    #expect(!coloured.contains("\u{1B}[31mRED"))
    #expect(coloured.contains("\u{1B}[38;5;214m"))  // amber accent title

    session.send("x")
    #expect(session.waitFor("last: character(\"x\")"))
    session.send("F5")
    #expect(session.waitFor("last: function(5)"))
    session.send("Up")
    #expect(session.waitFor("last: up"))
    for (key, shown) in [
      ("Escape", "escape"), ("Enter", "enter"), ("BTab", "backTab"), ("Tab", "tab"),
      ("BSpace", "backspace"), ("PPage", "pageUp"), ("NPage", "pageDown"), ("Home", "home"),
      ("End", "end"), ("C-a", "control(\"a\")"), ("日", "character(\"日\")"),
    ] {
      session.send(key)
      #expect(session.waitFor("last: \(shown)"), "key \(key)")
    }

    session.command(["resize-window", "-t", session.session, "-x", "80", "-y", "24"])
    #expect(session.waitFor("TerminalUI smoke 80x24"))
    #expect(session.waitFor("last: resize 80x24"))
    #expect(paneLines(session)[1] == Self.wideLine)

    // Idle: no busy loop.
    let pid = try #require(session.panePID())
    let before = ProcessStat.cpuTicks(pid) ?? 0
    usleep(1_000_000)
    let after = ProcessStat.cpuTicks(pid) ?? 0
    #expect(after - before <= 5, "idle process used \(after - before) ticks in 1 s")

    // The terminal disappears: the process must exit within 1 s.
    session.command(["kill-session", "-t", session.session])
    let exited = Polling.until(seconds: 1) { !ProcessStat.isRunning(pid) }
    #expect(exited, "terminalui-smoke still running 1 s after kill-session")
    if !exited { kill(pid, SIGKILL) }
    let events = readLog(log)
    #expect(events.first == "started 100x30 colors256")
    #expect(events.contains("resize 80x24"))
    #expect(events.last == "hangup")
  }

  @Test("a program that ignores the hangup is ended by the watchdog without spinning")
  func hangupWatchdog() throws {
    let log = logFile()
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try SmokeBinary.session(
      width: 60, height: 10,
      command: "\(SmokeBinary.path ?? "") --ignore-hangup --log \(log)")
    defer { session.stop() }
    #expect(session.waitFor("TerminalUI smoke 60x10"))
    let pid = try #require(session.panePID())
    session.command(["kill-session", "-t", session.session])
    let exited = Polling.until(seconds: 1) { !ProcessStat.isRunning(pid) }
    #expect(exited, "still running 1 s after the terminal went away")
    if !exited { kill(pid, SIGKILL) }
    #expect(readLog(log).last == "hangup")
  }

  @Test(
    "quitting restores the terminal",
    arguments: [
      ("q", "quit", 0), ("C-c", "interrupt", 130), ("TERM", "terminate", 143),
      // A crash: the handler restores the terminal, then the signal kills the process (128 + 11).
      ("SEGV", nil, 139),
    ] as [(String, String?, Int)])
  func restores(trigger: String, logged: String?, status: Int) throws {
    let log = logFile()
    defer { try? FileManager.default.removeItem(atPath: log) }
    let script =
      "trap '' INT; \(SmokeBinary.path ?? "") --log \(log); echo AFTER-QUIT rc=\\$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo; sleep 30"
    let session = try SmokeBinary.session(width: 80, height: 24, command: "sh -c \"\(script)\"")
    defer { session.stop() }
    #expect(session.waitFor("TerminalUI smoke 80x24"))
    #expect(session.paneValue("#{alternate_on} #{cursor_flag}") == "1 0")
    if trigger == "TERM" || trigger == "SEGV" {
      #expect(Polling.until(seconds: 5) { readLog(log).count >= 2 })
      let pidLine = readLog(log).first { $0.hasPrefix("pid ") } ?? ""
      let smokePID = try #require(pid_t(pidLine.dropFirst(4)))
      kill(smokePID, trigger == "TERM" ? SIGTERM : SIGSEGV)
    } else {
      session.send(trigger)
    }
    #expect(session.waitFor("AFTER-QUIT rc=\(status)"))
    #expect(session.waitFor("echo"))
    let screen = paneLines(session).filter { !$0.isEmpty }
    // The smoke screen is gone (alternate screen left) and the modes are back.
    #expect(!screen.contains { $0.contains("TerminalUI smoke") })
    #expect(screen.contains("icanon"))
    #expect(screen.contains("echo"))
    #expect(session.paneValue("#{alternate_on} #{cursor_flag}") == "0 1")
    #expect(readLog(log).last == logged ?? readLog(log).first { $0.hasPrefix("pid ") })
  }

  @Test("a non-UTF-8 locale falls back to C.UTF-8 so wide characters still show")
  func localeFallback() throws {
    let session = try SmokeBinary.session(
      width: 80, height: 10, command: "env LC_ALL=C LANG=C \(SmokeBinary.path ?? "")")
    defer { session.stop() }
    #expect(session.waitFor("TerminalUI smoke 80x10"))
    #expect(paneLines(session)[1] == Self.wideLine)
    session.send("q")
  }

  @Test("without a terminal it reports an error instead of hanging")
  func notATerminal() throws {
    let output = NSTemporaryDirectory() + "terminalui-smoke-err-\(getpid())"
    defer { unlink(output) }
    let status = try ChildProcess.run(
      [SmokeBinary.path ?? ""], standardOutput: "/dev/null", standardError: output)
    #expect(status == 1)
    let message = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    #expect(message.contains("must be a terminal"))
  }

  @Test("an unknown TERM is reported with what to set instead")
  func unknownTerminal() throws {
    let script =
      "TERM=no-such-terminal \(SmokeBinary.path ?? ""); echo AFTER rc=\\$?; sleep 30"
    let session = try SmokeBinary.session(width: 100, height: 10, command: "sh -c \"\(script)\"")
    defer { session.stop() }
    #expect(session.waitFor("AFTER rc=1"))
    let text = paneLines(session).joined(separator: " ")
    #expect(text.contains("TERM=no-such-terminal is unknown to curses"))
  }

  @Test("a waker wakes a reader blocked without timeout")
  func waker() throws {
    let session = try SmokeBinary.session(
      width: 60, height: 10, command: "\(SmokeBinary.path ?? "") --wake-every 50")
    defer { session.stop() }
    #expect(session.waitFor("last: wakes: 5"))
    session.send("q")
  }

  @Test("a terminal with 8 colours gets the 8-colour palette")
  func eightColours() throws {
    let session = try SmokeBinary.session(
      width: 60, height: 10, command: "env TERM=xterm \(SmokeBinary.path ?? "")")
    defer { session.stop() }
    #expect(session.waitFor("mode: colors8"))
    let coloured = session.capture(escapes: true)
    #expect(!coloured.contains("38;5;"))
    // Accent (bold title) is yellow; the error line is bold red.
    #expect(coloured.contains("\u{1B}[1m\u{1B}[33mTerminalUI smoke"))
    #expect(coloured.contains("\u{1B}[1m\u{1B}[31mesc:"))
    session.send("q")
  }

  @Test("a second Ctrl-C restores the terminal and exits when the program is stuck")
  func doubleInterrupt() throws {
    let log = logFile()
    defer { try? FileManager.default.removeItem(atPath: log) }
    let script =
      "trap '' INT; \(SmokeBinary.path ?? "") --stall-ms 20000 --log \(log); echo AFTER-QUIT rc=\\$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo; sleep 30"
    let session = try SmokeBinary.session(width: 80, height: 24, command: "sh -c \"\(script)\"")
    defer { session.stop() }
    #expect(session.waitFor("TerminalUI smoke 80x24"))
    #expect(Polling.until(seconds: 5) { readLog(log).last == "stalling" })
    session.send("C-c")
    usleep(100_000)
    session.send("C-c")
    #expect(session.waitFor("AFTER-QUIT rc=130", seconds: 5))
    #expect(session.waitFor("echo"))
    let screen = paneLines(session).filter { !$0.isEmpty }
    #expect(screen.contains("icanon"))
    #expect(screen.contains("echo"))
    #expect(session.paneValue("#{alternate_on} #{cursor_flag}") == "0 1")
    // The program never got to read the interrupt.
    #expect(readLog(log).last == "stalling")
  }

  @Test("NO_COLOR gives a monochrome screen")
  func noColor() throws {
    let log = logFile()
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try SmokeBinary.session(
      width: 60, height: 10, command: "env NO_COLOR=1 \(SmokeBinary.path ?? "") --log \(log)")
    defer { session.stop() }
    #expect(session.waitFor("mode: monochrome"))
    let coloured = session.capture(escapes: true)
    #expect(!coloured.contains("38;5;"))
    // The accent title falls back to bold.
    #expect(coloured.contains("\u{1B}[1mTerminalUI smoke"))
    session.send("q")
    #expect(Polling.until(seconds: 5) { readLog(log).last == "quit" })
  }
}
