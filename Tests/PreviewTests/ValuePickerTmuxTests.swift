import Foundation
import TestSupport
import Testing

@testable import Preview

/// The pickers in a real terminal (tmux) at 40x12 with NO_COLOR and TERM=screen-256color.
@Suite(
  "Currency and time zone pickers in tmux", .tmuxEndToEnd(needs: .previewBinary, .demo))
struct ValuePickerTmuxTests {
  @Test func pickAndFilterInASmallTerminal() throws {
    let fixture = try PreviewTmuxFixture("pickers")
    defer { fixture.stop() }
    let tmux = fixture.tmux
    tmux.start(
      "export NO_COLOR=1 TERM=screen-256color; "
        + fixture.command([
          "--ota-site", fixture.site, "--cache-dir", fixture.cache, "--interval", "0",
          "--locale", "en-US", "--time-zone", "UTC",
        ]),
      width: 40, height: 12)
    var step = tmux.waitFor { $0.contains("USD") && $0.contains("Welcome") }
    #expect(step.ok, "no Welcome screen:\n\(step.screen)")
    tmux.send("C")
    step = tmux.waitFor { $0.contains("Currency 1/") }
    #expect(step.ok, "no currency picker:\n\(step.screen)")
    tmux.send("/", "y", "e", "n")
    step = tmux.waitFor { $0.contains("/ yen") && $0.contains("JPY") }
    #expect(step.ok, "no filter:\n\(step.screen)")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("· JPY ·") && !$0.contains("Currency ") }
    #expect(step.ok, "JPY not applied:\n\(step.screen)")
    tmux.send("T")
    step = tmux.waitFor { $0.contains("Time zone ") && $0.contains("UTC+00:00") }
    #expect(step.ok, "no time zone picker:\n\(step.screen)")
    let lines = step.screen.components(separatedBy: "\n")
    #expect(lines.count >= 10 && lines[9].hasPrefix("└"), "\(step.screen)")
    tmux.send("/", "t", "o", "k", "y", "o", "Enter")
    step = tmux.waitFor { $0.contains("Asia/Tokyo") && !$0.contains("Time zone ") }
    #expect(step.ok, "Tokyo not applied:\n\(step.screen)")
    tmux.send("T", "Escape")
    step = tmux.waitFor { !$0.contains("Time zone ") && $0.contains("Asia/Tokyo") }
    #expect(step.ok, "Esc did not close:\n\(step.screen)")
  }
}
