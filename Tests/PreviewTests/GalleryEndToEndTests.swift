import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `messagevisor-preview gallery` on the demo, loaded and screenshotted by headless
/// Chromium (Debian `chromium-headless-shell`), and its progress on a terminal (tmux) vs a pipe.
@Suite(
  "messagevisor-preview gallery end to end",
  .enabled(
    if: PreviewBinary.exists,
    "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ),
  .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"),
  .serialized)
struct GalleryEndToEndTests {
  static let chromium: String? = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Renders the demo's gallery into a fresh directory; returns it and the run's result.
  static func render(_ extra: [String] = []) -> (dir: String, result: Spawn.Result) {
    let dir = DemoFixture.temporaryDirectory("gallery")
    let result = Spawn.run(
      [PreviewBinary.path, "gallery", "--out", dir + "/out", "--cache-dir", dir + "/cache"] + extra,
      directory: DemoFixture.packageRoot.path)
    return (dir, result)
  }

  static func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  @Test func badFlagsExit64() {
    let missing = Spawn.run([PreviewBinary.path, "gallery"])
    #expect(missing.status == 64)
    #expect(missing.error.contains("--out"))
    let (dir, locale) = Self.render(["--locales", "xx-YY"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(locale.status == 64)
    #expect(locale.error.contains("xx-YY") && locale.error.contains("en-US"))
    let (dir2, vary) = Self.render(["--vary", "nosuch"])
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    #expect(vary.status == 64)
    #expect(vary.error.contains("nosuch") && vary.error.contains("plan"))
    let help = Spawn.run([PreviewBinary.path, "gallery", "--help"])
    #expect(help.status == 0 && help.output.contains("--vary ATTRIBUTE"))
  }

  /// Every screen × locale is a section; Arabic and Japanese frames keep the terminal's columns
  /// (SVG x positions on the cell grid, wide cells advancing two columns, HTML rows all as wide
  /// as the frame); Chromium loads the page and screenshots it.
  @Test func demoGalleryKeepsColumnsAndChromiumRendersIt() throws {
    let (dir, result) = Self.render()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try #require(result.status == 0, "gallery failed: \(result.error)")
    let out = dir + "/out"
    let html = Self.read(out + "/index.html")
    let screens = ["welcome", "story"]
    let locales = ["en-US", "en-GB", "nl-NL", "de-DE", "fr-FR", "ja-JP", "ar"]
    for screen in screens {
      for locale in locales {
        #expect(html.contains("id=\"\(screen)-\(locale)\""), "no section \(screen)-\(locale)")
        #expect(FileManager.default.fileExists(atPath: out + "/frames/\(screen)-\(locale).svg"))
      }
    }
    #expect(!html.contains("\u{1B}"))
    // Japanese and Arabic: the SVG grid.
    for stem in ["welcome-ja-JP", "story-ja-JP", "welcome-ar", "story-ar"] {
      let svg = Self.read(out + "/frames/\(stem).svg")
      let spans = GalleryGeometry.tspans(svg)
      #expect(spans.count > 200, "\(stem): only \(spans.count) cells")
      #expect(spans.allSatisfy { $0.x % 9 == 0 }, "\(stem): a glyph off the cell grid")
      let wide = spans.filter { $0.cells == 2 }
      if stem.hasSuffix("ja-JP") { #expect(wide.count > 20, "\(stem): no wide cells") }
      if stem.hasSuffix("ar") {
        #expect(
          spans.contains { $0.text.unicodeScalars.contains { (0x600...0x6FF).contains($0.value) } })
      }
      for (index, span) in spans.enumerated() where span.cells == 2 && index + 1 < spans.count {
        let next = spans[index + 1]
        if next.row == span.row {
          #expect(next.x >= span.x + 18, "\(stem): \(span.text) does not advance two cells")
        }
      }
      // Nothing overlaps: x positions in a row strictly increase by at least the cell's width.
      for (a, b) in zip(spans, spans.dropFirst()) where a.row == b.row {
        #expect(b.x >= a.x + a.cells * 9, "\(stem): \(a.text) and \(b.text) overlap")
      }
      // The HTML rows of this frame are all as wide as the frame.
      let section = html.components(separatedBy: "id=\"\(stem)\"").dropFirst().first ?? ""
      let grid = section.components(separatedBy: "</pre>").first ?? ""
      let columns = GalleryGeometry.rowColumns(grid)
      #expect(!columns.isEmpty && columns.allSatisfy { $0 == 100 }, "\(stem): rows \(columns)")
    }
    guard let chromium = Self.chromium else {
      print("SKIPPED (gallery in Chromium): chromium-headless-shell is not installed")
      return
    }
    let url = "file://" + out + "/index.html"
    let flags = ["--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir)/chromium"]
    let dom = Spawn.run([chromium] + flags + ["--dump-dom", url])
    #expect(dom.status == 0, "chromium --dump-dom: \(dom.error.suffix(500))")
    for screen in screens {
      for locale in locales {
        #expect(dom.output.contains("id=\"\(screen)-\(locale)\""), "DOM has no \(screen)-\(locale)")
      }
    }
    let png = dir + "/gallery.png"
    let shot = Spawn.run(
      [chromium] + flags + ["--screenshot=\(png)", "--window-size=1400,3000", url])
    #expect(shot.status == 0, "chromium --screenshot: \(shot.error.suffix(500))")
    let data = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(data.count > 50_000, "screenshot is only \(data.count) bytes")
  }

  /// In a pipe: no progress text at all.
  @Test func noProgressInAPipe() {
    let (dir, result) = Self.render(["--vary", "plan"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(result.status == 0)
    #expect(!result.error.contains("rendering frames"))
    #expect(!result.error.contains("\r") && !result.error.contains("\u{1B}"))
  }

  /// On a terminal (tmux) progress is shown and erased at the end. The one-second delay is set to
  /// 0 (`MESSAGEVISOR_PROGRESS_DELAY`), so the test does not depend on how fast the machine renders
  /// (the delay itself is unit-tested with a fake clock).
  @Test(.tmuxEndToEnd())
  func progressOnATerminal() throws {
    let dir = DemoFixture.temporaryDirectory("gallery-tty")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    let log = dir + "/pane.log"
    let command =
      "sleep 1; cd '\(DemoFixture.packageRoot.path)' && LANG=C.UTF-8 MESSAGEVISOR_PROGRESS_DELAY=0 '\(PreviewBinary.path)' gallery --out '\(dir)/out' --cache-dir '\(dir)/cache' --vary plan > '\(dir)/stdout'; echo GALLERY-EXIT-$?; sleep 30"
    let done = tmux.record(
      command, width: 100, height: 20, log: log, until: "GALLERY-EXIT-", seconds: 120)
    #expect(
      done.finished, "gallery did not finish:\n\(done.screen)\nlog: \(done.written.suffix(800))")
    #expect(done.screen.contains("GALLERY-EXIT-0"))
    let written = done.written
    #expect(
      written.contains("gallery: rendering frames"), "no progress on the terminal:\n\(written)")
    // Erased: the last screen has no progress line.
    #expect(!done.screen.contains("gallery: rendering"))
  }

  /// `messagevisor-swift build`: no progress in a pipe or with `--json`; on a terminal (tmux)
  /// progress appears (the delay shortened to 0 s: the demo builds in well under a second) and is
  /// erased before the summary line.
  @Test(.tmuxEndToEnd())
  func buildProgressOnlyOnATerminal() throws {
    let binary = DemoFixture.packageRoot.appendingPathComponent(".build/debug/messagevisor-swift")
      .path
    try #require(
      FileManager.default.isExecutableFile(atPath: binary),
      "build messagevisor-swift first (swift build --product messagevisor-swift)")
    let dir = DemoFixture.temporaryDirectory("build-progress")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.copyItem(
      atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path,
      toPath: dir + "/project")
    let piped = Spawn.run([
      "/usr/bin/env", "MESSAGEVISOR_PROGRESS_DELAY=0", binary, "build",
      "--projectDirectoryPath=\(dir)/project",
    ])
    #expect(piped.status == 0, "\(piped.error)")
    #expect(!piped.error.contains("build:") && !piped.error.contains("\u{1B}"))
    let tmux = TmuxDriver()
    defer { tmux.stop() }
    let run = tmux.recordWithAndWithoutJSON(
      "MESSAGEVISOR_PROGRESS_DELAY=0 '\(binary)' build --projectDirectoryPath='\(dir)/project'",
      log: dir + "/pane.log", seconds: 60)
    #expect(run.recording.finished, "build did not finish:\n\(run.recording.screen)")
    #expect(run.succeeded, "\(run.recording.screen)")
    #expect(run.plain.contains("\r\u{1B}[Kbuild: "), "no progress on the terminal:\n\(run.plain)")
    #expect(run.plain.contains("\r\u{1B}[KBuilt "), "progress not erased:\n\(run.plain)")
    #expect(!run.json.contains("build:"), "progress with --json")
    #expect(!run.recording.screen.contains("build: "))
  }
}
