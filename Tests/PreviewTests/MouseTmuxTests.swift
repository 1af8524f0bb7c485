import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real binary in tmux with mouse reporting on. tmux's `send-keys -M` needs a mouse event
/// from an attached client, so the tests write the terminal's own mouse reports into the pane
/// (`send-keys -H`, raw bytes: SGR `ESC [ < b ; x ; y M` or X10 `ESC [ M b x y`): they reach
/// the program exactly as a terminal's would, and ncursesw parses them.
@Suite(
  "Mouse, search and copy in tmux (issue 15, additions)",
  .tmuxEndToEnd(needs: .previewBinary, .demo))
struct MouseTmuxTests {
  static func command(term: String, extra: String = "") -> String {
    "cd '\(DemoFixture.packageRoot.path)' && TERM=\(term) LANG=C.UTF-8 exec '\(PreviewBinary.path)' --interval 0 --locale en-US --time-zone UTC --cache-dir '\(DemoFixture.temporaryDirectory("mouse-cache"))' \(extra)"
  }

  /// The bytes of `text` as `send-keys -H` arguments.
  static func hex(_ bytes: [UInt8]) -> [String] { bytes.map { String(format: "%02x", $0) } }

  /// An SGR (1006) press and release of the left button at a cell (0-based).
  static func sgrClick(x: Int, y: Int) -> [String] {
    hex(Array("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m".utf8))
  }

  /// An SGR wheel notch (64 up, 65 down) at a cell.
  static func sgrWheel(down: Bool, x: Int, y: Int) -> [String] {
    hex(Array("\u{1B}[<\(down ? 65 : 64);\(x + 1);\(y + 1)M".utf8))
  }

  /// An X10 (1000) press and release at a cell.
  static func x10Click(x: Int, y: Int) -> [String] {
    hex([0x1B, 0x5B, 0x4D, 32, UInt8(33 + x), UInt8(33 + y)])
      + hex([0x1B, 0x5B, 0x4D, 35, UInt8(33 + x), UInt8(33 + y)])
  }

  /// Where `text` is on a captured screen (column in cells, row), first match.
  static func place(_ text: String, in screen: String) -> (x: Int, y: Int)? {
    for (y, line) in screen.components(separatedBy: "\n").enumerated() {
      if let range = line.range(of: text) {
        return (DisplayWidth.of(String(line[..<range.lowerBound])), y)
      }
    }
    return nil
  }

  /// Starts an interactive bash (job control on) in window `name` and types the previewer's
  /// command into it (without `exec`, so Ctrl-Z returns to the shell and `fg` resumes it).
  static func startInJobControlShell(_ tmux: TmuxDriver, name: String, width: Int, height: Int)
    throws
  {
    tmux.start(
      "env -i PATH=/usr/bin:/bin HOME=/tmp TERM=xterm-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile -i",
      width: width, height: height, name: name)
    let step = tmux.waitFor(name: name) { $0.contains("$") }
    try #require(step.ok, "no shell:\n\(step.screen)")
    tmux.command([
      "send-keys", "-t", name, "-l",
      command(term: "xterm-256color").replacingOccurrences(of: " exec ", with: " "),
    ])
    tmux.send("Enter", name: name)
  }

  static func mouseFlags(_ tmux: TmuxDriver) -> String {
    tmux.paneValue("#{mouse_any_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
  }

  /// The scroll indicator on the screen's bottom border (`6–16/19`).
  static func indicator(_ screen: String) -> String? {
    guard let range = screen.range(of: #"\d+–\d+/\d+"#, options: .regularExpression) else {
      return nil
    }
    return String(screen[range])
  }

  @Test func sgrClicksTheWheelAndSearch() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    tmux.start(Self.command(term: "xterm-256color"), width: 80, height: 16)
    var step = tmux.waitFor { $0.contains("Welcome") && Self.indicator($0) != nil }
    try #require(step.ok, "no Welcome screen:\n\(step.screen)")
    // xterm's terminfo names SGR 1006: ncursesw turned on button reports in SGR encoding.
    #expect(Self.mouseFlags(tmux) == "111")

    // The wheel over the screen scrolls it (the indicator moves), over the bars it does not.
    let before = try #require(Self.indicator(step.screen))
    tmux.command(["send-keys", "-t", tmux.session, "-H"] + Self.sgrWheel(down: false, x: 5, y: 5))
    step = tmux.waitFor { Self.indicator($0) != nil && Self.indicator($0) != before }
    #expect(step.ok, "the wheel did not scroll:\n\(step.screen)")
    tmux.send("g")
    step = tmux.waitFor { $0.contains("Welcome to ReRune") }
    try #require(step.ok, "no top:\n\(step.screen)")

    // A click on a string selects it: the status bar shows its key and origin.
    let title = try #require(Self.place("Welcome to ReRune", in: step.screen))
    tmux.command(
      ["send-keys", "-t", tmux.session, "-H"] + Self.sgrClick(x: title.x + 2, y: title.y))
    step = tmux.waitFor { $0.contains("‹welcome_title›") }
    #expect(step.ok, "the click selected nothing:\n\(step.screen)")

    // Search: / text Enter finds and highlights, n and N step, wrapping around with a note.
    tmux.send("/")
    tmux.command(["send-keys", "-t", tmux.session, "-l", "the"])
    step = tmux.waitFor { $0.contains("/the▏") }
    #expect(step.ok, "no search line:\n\(step.screen)")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("“the”: match 1 of") }
    #expect(step.ok, "no match note:\n\(step.screen)")
    let styled = tmux.command(["capture-pane", "-p", "-e", "-t", tmux.session]).output
    #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "the match is not highlighted")
    tmux.send("n")
    step = tmux.waitFor { $0.contains("“the”: match 2 of") }
    #expect(step.ok, "n did not move:\n\(step.screen)")
    tmux.send("N")
    tmux.send("N")
    step = tmux.waitFor { $0.contains("wrapped around to the bottom") }
    #expect(step.ok, "N did not wrap:\n\(step.screen)")

    // A click on the button presses it: the Story screen opens.
    tmux.send("Escape")
    tmux.send("G")
    step = tmux.waitFor { $0.contains("Open story") }
    let button = try #require(Self.place("Open story", in: step.screen))
    tmux.command(["send-keys", "-t", tmux.session, "-H"] + Self.sgrClick(x: button.x, y: button.y))
    step = tmux.waitFor { $0.contains("─ Story ─") }
    #expect(step.ok, "the button click did not open the Story:\n\(step.screen)")

    // A click on a help-bar hint does what its key does.
    let help = try #require(Self.place("? help", in: step.screen))
    tmux.command(["send-keys", "-t", tmux.session, "-H"] + Self.sgrClick(x: help.x, y: help.y))
    step = tmux.waitFor { $0.contains("Help — keys") }
    #expect(step.ok, "the hint did not open help:\n\(step.screen)")

    // q twice (close help, quit): the terminal's mouse reporting is off again.
    tmux.send("q")
    tmux.send("q")
    step = tmux.waitFor { _ in tmux.paneValue("#{pane_dead}") == "1" }
    #expect(step.ok, "did not quit")
    #expect(Self.mouseFlags(tmux) == "000")
  }

  @Test func x10ReportsWhereTerminfoHasNoSGR() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    tmux.start(Self.command(term: "screen", extra: "--inspect"), width: 100, height: 40)
    var step = tmux.waitFor { $0.contains("Welcome to ReRune") }
    try #require(step.ok, "no Welcome screen:\n\(step.screen)")
    #expect(Self.mouseFlags(tmux) == "110", "X10 (1000) reports without SGR")
    let text = try #require(Self.place("Welcome to ReRune", in: step.screen))
    tmux.command(["send-keys", "-t", tmux.session, "-H"] + Self.x10Click(x: text.x + 1, y: text.y))
    step = tmux.waitFor { $0.contains("— y copies the key") }
    #expect(step.ok, "the X10 click selected nothing:\n\(step.screen)")
    // y without OSC 52 (auto, inside tmux without set-clipboard on): the copy box shows the key.
    tmux.send("y")
    step = tmux.waitFor { $0.contains("Copy (select with Shift+drag)") }
    #expect(step.ok, "no copy box:\n\(step.screen)")
    #expect(step.screen.contains("welcome_title"))
  }

  @Test func mouseReportingEndsOnACrashAndOnSuspend() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    // A fatal signal: the emergency reset turns reporting off too.
    tmux.start(Self.command(term: "xterm-256color"), width: 80, height: 24)
    var step = tmux.waitFor { $0.contains("Welcome") }
    try #require(step.ok, "no Welcome screen:\n\(step.screen)")
    #expect(Self.mouseFlags(tmux) == "111")
    let pid = try #require(Int32(tmux.paneValue("#{pane_pid}")))
    kill(pid, SIGABRT)
    step = tmux.waitFor { _ in tmux.paneValue("#{pane_dead}") == "1" }
    #expect(step.ok, "still running after SIGABRT")
    #expect(Self.mouseFlags(tmux) == "000", "mouse reporting left on after a crash")

    // Ctrl-Z in a job-control shell: curses gives the terminal back (reporting off), fg resumes.
    let shell = "suspend"
    try Self.startInJobControlShell(tmux, name: shell, width: 80, height: 24)
    step = tmux.waitFor(name: shell) { $0.contains("Welcome") }
    try #require(step.ok, "no Welcome screen:\n\(step.screen)")
    #expect(tmux.paneValue("#{mouse_sgr_flag}", name: shell) == "1")
    tmux.send("C-z", name: shell)
    step = tmux.waitFor(name: shell) { $0.contains("Stopped") }
    #expect(step.ok, "not suspended:\n\(step.screen)")
    #expect(tmux.paneValue("#{mouse_any_flag}#{mouse_sgr_flag}", name: shell) == "00")
    tmux.command(["send-keys", "-t", shell, "-l", "fg"])
    tmux.send("Enter", name: shell)
    step = tmux.waitFor(name: shell) {
      $0.contains("Welcome") && tmux.paneValue("#{mouse_sgr_flag}", name: shell) == "1"
    }
    #expect(step.ok, "reporting not back after fg:\n\(step.screen)")
    tmux.send("q", name: shell)
    step = tmux.waitFor(name: shell) { _ in
      tmux.paneValue("#{mouse_any_flag}", name: shell) == "0"
    }
    #expect(step.ok, "reporting left on after q")
  }

  /// Curses' own SIGTSTP handling ignores the signal while it writes a frame, so a Ctrl-Z typed
  /// during a redraw was lost (seen as a flaky suspend above). Each round here types a key that
  /// redraws the whole screen and Ctrl-Z right behind it: every one must stop the previewer.
  @Test func ctrlZRightAfterARedrawingKeyAlwaysSuspends() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    let shell = "redraw-suspend"
    try Self.startInJobControlShell(tmux, name: shell, width: 200, height: 60)
    // The title bar (the typed command line holds the binary's name too, without the dot).
    let title = "messagevisor-preview · "
    var step = tmux.waitFor(name: shell) { $0.contains(title) }
    try #require(step.ok, "no previewer:\n\(step.screen)")
    for round in 1...8 {
      // `l` switches the locale (a full redraw); C-z follows in the same write.
      tmux.send("l", "C-z", name: shell)
      step = tmux.waitFor(name: shell) { $0.contains("Stopped") }
      try #require(step.ok, "round \(round): Ctrl-Z lost, not suspended:\n\(step.screen)")
      tmux.command(["send-keys", "-t", shell, "-l", "clear; fg"])
      tmux.send("Enter", name: shell)
      step = tmux.waitFor(name: shell) {
        $0.contains(title) && tmux.paneValue("#{mouse_sgr_flag}", name: shell) == "1"
      }
      try #require(step.ok, "round \(round): not back after fg:\n\(step.screen)")
    }
    tmux.send("q", name: shell)
  }

  @Test func yWritesOSC52WhereTmuxTakesIt() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    // A server with set-clipboard on before the previewer starts (auto asks tmux at start-up).
    tmux.command(["new-session", "-d", "-s", "boot", "sleep 600"])
    tmux.command(["set-option", "-g", "set-clipboard", "on"])
    tmux.start(
      Self.command(term: "xterm-256color", extra: "--screen messages"), width: 100, height: 30)
    var step = tmux.waitFor { $0.contains("Messages 1/") }
    try #require(step.ok, "no message browser:\n\(step.screen)")
    tmux.send("y")
    step = tmux.waitFor { $0.contains("to the clipboard (OSC 52)") }
    #expect(step.ok, "no OSC 52 note:\n\(step.screen)")
    // tmux decoded the request into a paste buffer: the selected message's key.
    let copied = tmux.command(["show-buffer"]).output
    #expect(!copied.isEmpty && step.screen.contains("‹\(copied)›"), "buffer “\(copied)”")
  }

  @Test func noMouseLeavesTheMouseToTheTerminal() throws {
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    tmux.start(Self.command(term: "xterm-256color", extra: "--no-mouse"), width: 80, height: 24)
    let step = tmux.waitFor { $0.contains("Welcome") }
    try #require(step.ok, "no Welcome screen:\n\(step.screen)")
    #expect(Self.mouseFlags(tmux) == "000")
  }
}
