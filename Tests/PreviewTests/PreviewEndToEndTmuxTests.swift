import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the built binary is expected.
enum PreviewBinary {
  static var path: String {
    DemoFixture.packageRoot.appendingPathComponent(".build/debug/messagevisor-preview").path
  }
  static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }
}

/// The real `messagevisor-preview` binary in tmux. It needs the binary built first
/// (`swift build --product messagevisor-preview`; CI does this before `swift test`) and tmux.
@Suite(
  "messagevisor-preview end to end in tmux", .tmuxEndToEnd(needs: .previewBinary, .demo))
struct PreviewEndToEndTmuxTests {
  static var binary: String { PreviewBinary.path }

  /// The demo with the fixture's private OTA site (the test publishes into it) and empty cache.
  static func arguments(_ tmux: PreviewTmuxFixture) -> [String] {
    [
      "--ota-site", tmux.site, "--cache-dir", tmux.cache, "--interval", "1", "--locale", "en-US",
      "--time-zone", "UTC",
    ]
  }

  @Test func walkThroughLikeAUser() throws {
    let tmux = try PreviewTmuxFixture("e2e")
    defer { tmux.stop() }
    let site = tmux.site
    let statusFile = tmux.statusFile
    tmux.start(Self.arguments(tmux), width: 100, height: 30, recordStatus: true)

    // First screen: the Welcome screen in en-US.
    var step = tmux.waitFor { $0.contains("Welcome to ReRune") && $0.contains("Open story") }
    #expect(step.ok, "no Welcome screen:\n\(step.screen)")
    #expect(step.screen.contains("en-US ltr"))

    // Locale switch: l cycles in the project's order (en-US → en-GB → nl-NL → …).
    tmux.send("l")
    step = tmux.waitFor { $0.contains("en-GB ltr") && $0.contains("Welcome") }
    #expect(step.ok, "no en-GB:\n\(step.screen)")
    // The picker: L, down to nl-NL, Enter.
    tmux.send("L")
    step = tmux.waitFor { $0.contains("▶ en-GB") }
    #expect(step.ok, "no picker:\n\(step.screen)")
    tmux.send("j")
    step = tmux.waitFor { $0.contains("▶ nl-NL") }
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("nl-NL ltr") && $0.contains("Welkom bij ReRune") }
    #expect(step.ok, "no nl-NL:\n\(step.screen)")
    #expect(!step.screen.contains("ReRune Pro"))

    // A plan switch changes an overridden string.
    tmux.send("p")
    step = tmux.waitFor { $0.contains("Welkom terug bij ReRune Pro") && $0.contains("plan pro") }
    #expect(step.ok, "pro override not shown:\n\(step.screen)")
    tmux.send("p", "p")  // → enterprise → free
    step = tmux.waitFor { $0.contains("plan free") }
    #expect(step.ok)

    // The diagnostics panel shows the demo's deliberate missing_translation (ja-JP story_caption).
    tmux.send("L")
    tmux.waitFor { $0.contains("▶ nl-NL") }
    tmux.send("j", "j", "j")  // de-DE, fr-FR, ja-JP
    tmux.waitFor { $0.contains("▶ ja-JP") }
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("ja-JP ltr") }
    #expect(step.ok, "no ja-JP:\n\(step.screen)")
    tmux.send("d")
    step = tmux.waitFor {
      $0.contains("missing_translation") && $0.contains("story_caption (ja-JP)")
    }
    #expect(step.ok, "no missing_translation in the diagnostics panel:\n\(step.screen)")
    tmux.send("Escape")
    step = tmux.waitFor { $0.contains("─ Welcome ─") }
    #expect(step.ok)

    // An OTA edit published from "a second terminal" appears without a key press.
    let badge = "E2E badge \(UUID().uuidString.prefix(6))"
    let publish = Spawn.run([
      Self.binary, "publish", "--site", site, "--locale", "ja-JP", "--key", "welcome_badge",
      "--value", badge,
    ])
    #expect(publish.status == 0, "publish failed: \(publish.error)")
    step = tmux.waitFor(seconds: 15) { $0.contains(badge) }
    #expect(step.ok, "published badge never appeared:\n\(step.screen)")

    // A resize: at 60 columns the side panels go away and nothing is wider than the pane.
    tmux.control(["resize-window", "-t", tmux.session, "-x", "60", "-y", "24"])
    step = tmux.waitFor { screen in
      !screen.contains("Context") && screen.split(separator: "\n").count <= 24
        && screen.contains(badge)
    }
    #expect(step.ok, "no 60x24 frame:\n\(step.screen)")

    // Quit leaves a clean terminal: the program exits 0 and its frame is gone.
    tmux.send("q")
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: statusFile) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 0.1)
    let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)) ?? "none"
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "exit status \(status)")
    let after = tmux.capture()
    #expect(!after.contains("messagevisor-preview ·"), "frame left on the terminal:\n\(after)")
    #expect(!after.contains(badge))
  }

  @Test func ownProjectWithScreensAndABrokenScreenFile() throws {
    let root = try TinyProject.write(
      targets: ["app"],
      screen:
        "title: Home\norder: 1\nblocks:\n  - heading: home.title\n  - button: home.title\n    opens: extra\n"
    )
    let tmux = PreviewTmuxFixture(adopting: root)
    defer { tmux.stop() }
    try "title: Broken\nblocks:\n  - heading: [oops\n".write(
      toFile: root + "/previews/broken.yml", atomically: true, encoding: .utf8)
    try "title: Extra\norder: 2\nblocks:\n  - back: true\n  - paragraph: home.title\n".write(
      toFile: root + "/previews/extra.yml", atomically: true, encoding: .utf8)
    tmux.start(
      ["--project", ".", "--locale", "nl-NL", "--time-zone", "UTC", "--cache-dir", tmux.cache],
      width: 120, height: 30, in: root)
    var step = tmux.waitFor { $0.contains("─ Home ─") && $0.contains("Thuis") }
    #expect(step.ok, "no Home screen:\n\(step.screen)")
    #expect(step.screen.contains("no OTA site for this project"))
    // The broken file is reported with its position; the other screens work.
    tmux.send("d")
    step = tmux.waitFor { $0.contains("screen_file_error") }
    #expect(step.ok, "no screen_file_error:\n\(step.screen)")
    tmux.send("Enter")
    // At the unclosed `[` (3:14), not at the end of the file (4:1).
    step = tmux.waitFor { $0.contains("previews/broken.yml:3:14") }
    #expect(step.ok, "no position:\n\(step.screen)")
    tmux.send("Escape")
    // Enter on the button opens Extra; Esc comes back; s cycles to the message list.
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("─ Extra ─") }
    #expect(step.ok, "no Extra screen:\n\(step.screen)")
    tmux.send("Escape")
    step = tmux.waitFor { $0.contains("─ Home ─") }
    #expect(step.ok)
    tmux.send("s", "s")
    step = tmux.waitFor { $0.contains("─ Messages 1/") && $0.contains("home.title") }
    #expect(step.ok, "no message list:\n\(step.screen)")
    // The project's attributes drive p/P: P selects tier, p sets gold, the override shows.
    tmux.send("P", "p")
    step = tmux.waitFor { $0.contains("Gouden thuis") && $0.contains("tier gold") }
    #expect(step.ok, "tier override not shown:\n\(step.screen)")
    tmux.send("q")
  }

  @Test func killSessionEndsTheProcessWithinOneSecond() throws {
    let tmux = try PreviewTmuxFixture("e2e")
    defer { tmux.stop() }
    tmux.start(Self.arguments(tmux), width: 100, height: 30)
    let step = tmux.waitFor { $0.contains("Open story") }
    #expect(step.ok, "did not start:\n\(step.screen)")
    let pid = try #require(pid_t(tmux.paneValue("#{pane_pid}")))
    #expect(ProcessStat.isRunning(pid))
    tmux.control(["kill-session", "-t", tmux.session])
    let deadline = Date().addingTimeInterval(1.0)
    while ProcessStat.isRunning(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(!ProcessStat.isRunning(pid), "process \(pid) still running 1 s after kill-session")
  }

  @Test func printModeAndNoTerminal() throws {
    let fixture = try PreviewTmuxFixture("e2e")
    defer { fixture.stop() }
    let (site, cache) = (fixture.site, fixture.cache)
    func run(_ arguments: [String]) -> (Int32, String, String) {
      let result = Spawn.run([Self.binary] + arguments, directory: DemoFixture.packageRoot.path)
      return (result.status, result.output, result.error)
    }
    let (status, output, _) = run([
      "--print", "--screen", "story", "--width", "80", "--locale", "nl-NL", "--ota-site", site,
      "--cache-dir", cache,
    ])
    #expect(status == 0)
    #expect(output.contains("─ Story ─"))
    #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    // Without a terminal and without --print: explain and exit non-zero, never hang.
    let (noTTY, _, message) = run(["--ota-site", site, "--cache-dir", cache])
    #expect(noTTY != 0)
    #expect(message.contains("--print"))
    let (help, usage, _) = run(["--help"])
    #expect(help == 0 && usage.contains("--ota-site"))
  }
}

/// The installed binary, copied away from the checkout and run from `/`.
@Suite(
  "messagevisor-preview installed elsewhere",
  .enabled(
    if: PreviewBinary.exists,
    "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ))
struct PreviewInstalledBinaryTests {
  @Test func runsFromTheRootDirectoryWithTheEmbeddedDemo() throws {
    let root = DemoFixture.temporaryDirectory("installed")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let binary = root + "/bin/messagevisor-preview"
    try FileManager.default.createDirectory(
      atPath: root + "/bin", withIntermediateDirectories: true)
    // Copied by cp in its own process: a file this (multi-threaded) test process held open for
    // writing could leak into a child another test spawns at that moment, and exec would then fail
    // with ETXTBSY (exit 126).
    let copy = Spawn.run(["/bin/cp", PreviewBinary.path, binary])
    try #require(copy.status == 0, "cp failed: \(copy.error)")
    let result = Spawn.run(
      [
        "/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", binary, "--print", "--screen", "welcome",
        "--width", "100", "--interval", "0",
      ], directory: "/")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("─ Welcome ─"))
    #expect(result.output.contains("Welcome to ReRune"))
    let cache =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root + "/cache/messagevisor-preview")) ?? []
    #expect(cache.contains { $0.hasPrefix("demo-") }, "no unpacked demo in \(cache)")
    // --help names the cache and the screen schema's file.
    let help = Spawn.run([binary, "--help"], directory: "/")
    #expect(help.output.contains("~/.cache/messagevisor-preview"))
    #expect(help.output.contains("docs/preview-screens.md"))
  }

  @Test func projectOneCopyWithTheSwiftTarget() throws {
    let fixture = "/work/shared/fixtures/messagevisor-project-1"
    guard FileManager.default.fileExists(atPath: fixture) else {
      print("SKIPPED: \(fixture) is missing")
      return
    }
    let root = DemoFixture.temporaryDirectory("p1")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.copyItem(atPath: fixture, toPath: root + "/project-1")
    func run(_ arguments: [String]) -> Spawn.Result {
      Spawn.run(
        ["/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", PreviewBinary.path] + arguments,
        directory: root)
    }
    let listing = run([
      "--print", "--project", root + "/project-1", "--target", "swift", "--screen", "messages",
      "--locale", "nl-NL", "--width", "160", "--height", "400",
    ])
    #expect(listing.status == 0, "\(listing.error)")
    #expect(listing.output.contains("auth.signin"))
    #expect(listing.output.contains("Aanmelden"))
    #expect(listing.output.contains("no OTA site for this project"))
    // No --target: the targets are listed, exit 64.
    let ambiguous = run(["--print", "--project", root + "/project-1"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.error.contains("swift") && ambiguous.error.contains("--target NAME"))
    let unknown = run(["--print", "--project", root + "/project-1", "--target", "tv"])
    #expect(unknown.status == 64 && unknown.error.contains("unknown target \"tv\""))
    let screen = run([
      "--print", "--project", root + "/project-1", "--target", "swift", "--screen", "home",
    ])
    #expect(screen.status == 64 && screen.error.contains("unknown screen home"))
    let missing = run(["--print", "--project", root + "/nothing"])
    #expect(missing.status == 66 && missing.error.contains("project directory not found"))
  }
}
