import Foundation
import TestSupport
import Testing

/// The real binary in a terminal whose locale is not UTF-8 (`LANG=C`): it draws in ASCII and says
/// why.
@Suite(
  "A non-UTF-8 locale switches the previewer to ASCII (tmux)",
  .tmuxEndToEnd(needs: .previewBinary, .demo))
struct ASCIIFallbackTmuxTests {
  @Test func langCDrawsASCIIWithANote() throws {
    let tmux = try PreviewTmuxFixture("ascii-fallback")
    defer { tmux.stop() }
    let program = [
      PreviewBinary.path, "--ota-site", tmux.site, "--cache-dir", tmux.cache, "--interval", "0",
      "--locale", "en-US", "--time-zone", "UTC",
    ].map(PreviewTmuxFixture.quoted).joined(separator: " ")
    tmux.tmux.start(
      "cd \(PreviewTmuxFixture.quoted(DemoFixture.packageRoot.path)) && "
        + "LANG=C LC_ALL= LC_CTYPE= exec \(program)", width: 120, height: 30)
    let step = tmux.waitFor { $0.contains("Welcome to ReRune") && $0.contains("not UTF-8") }
    #expect(step.ok, "no ASCII note:\n\(step.screen)")
    #expect(step.screen.contains("+-"), "\(step.screen)")
    #expect(!step.screen.contains("─") && !step.screen.contains("│"), "\(step.screen)")
    tmux.send("q")
  }
}
