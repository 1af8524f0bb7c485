import Foundation
import TestSupport
import Testing

/// The all-locales view and review marking in the real previewer, in tmux, on a private copy of
/// the demo project.
@Suite(
  "messagevisor-preview all locales and review state in tmux",
  .tmuxEndToEnd(needs: .previewBinary, .demo))
struct MessageLocalesTmuxTests {
  static func arguments(_ tmux: PreviewTmuxFixture, locale: String) -> [String] {
    [
      "--project", tmux.project, "--ota-site", tmux.site, "--cache-dir", tmux.cache,
      "--interval", "0", "--locale", locale, "--time-zone", "UTC",
    ]
  }

  /// Opens the browser and selects `legacy_banner` (a string only the project provides).
  static func selectLegacyBanner(_ tmux: PreviewTmuxFixture) -> (ok: Bool, screen: String) {
    tmux.send("m")
    var step = tmux.waitFor { $0.contains("Messages 1/") }
    guard step.ok else { return step }
    tmux.send("/")
    tmux.send("-l", "legacy_banner")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("Messages 1/1") && $0.contains("legacy_banner") }
    return step
  }

  @Test func aShowsTheMessageInEveryLocaleAndEnterSwitchesToOne() throws {
    let tmux = try PreviewTmuxFixture("locales", copying: ["project", "ota"])
    defer { tmux.stop() }
    tmux.start(Self.arguments(tmux, locale: "en-US"), width: 120, height: 30)
    var step = tmux.waitFor { $0.contains("3 new stories") }
    #expect(step.ok, "did not start:\n\(step.screen)")
    step = Self.selectLegacyBanner(tmux)
    #expect(step.ok, "legacy_banner not selected:\n\(step.screen)")
    // The locales other than the shown and source ones are built in the background after the
    // first frame, at a lower priority (slow on a saturated machine): the open view shows each
    // one when it arrives.
    tmux.send("a")
    step = tmux.waitFor(seconds: 180) {
      $0.contains("‹legacy_banner› in every locale 1/")
        && $0.split(separator: "\n").contains {
          $0.contains("ja-JP") && $0.contains("translated here")
        }
    }
    #expect(step.ok, "the all-locales view did not open:\n\(step.screen)")
    let lines = step.screen.split(separator: "\n").map(String.init)
    let english = lines.first { $0.contains("en-US") && $0.contains("New: stories") }
    #expect(english?.contains("translated here") == true, "\(step.screen)")
    let dutch = lines.first { $0.contains("nl-NL") }
    #expect(dutch?.contains("Nieuw: verhalen") == true, "\(step.screen)")
    #expect(lines.contains { $0.contains("ja-JP") && $0.contains("translated here") })
    // Down to the Dutch row (the active locale first, then the others by name), Enter: the
    // browser in Dutch with the message still selected.
    let rows = lines.filter {
      $0.contains("translated here") || $0.contains("inherited") || $0.contains("missing")
    }
    let dutchRow = try #require(rows.firstIndex { $0.contains("nl-NL") })
    for _ in 0..<dutchRow { tmux.send("j") }
    step = tmux.waitFor { $0.contains("every locale \(dutchRow + 1)/") }
    #expect(step.ok, "the selection did not reach nl-NL:\n\(step.screen)")
    tmux.send("Enter")
    step = tmux.waitFor {
      $0.contains("Messages 1/1") && $0.contains("Nieuw: verhalen") && !$0.contains("every locale")
    }
    #expect(step.ok, "Enter did not switch to nl-NL:\n\(step.screen)")
  }

  @Test func rMarksTheSelectedTranslationReviewedWithAMinimalEdit() throws {
    let tmux = try PreviewTmuxFixture("review", copying: ["project", "ota"])
    defer { tmux.stop() }
    let file = tmux.project + "/messages/legacy_banner.yml"
    let before = try String(contentsOfFile: file, encoding: .utf8)
    tmux.start(Self.arguments(tmux, locale: "nl-NL"), width: 140, height: 34)
    var step = tmux.waitFor { $0.contains("3 nieuwe") || $0.contains("ReRune") }
    #expect(step.ok, "did not start:\n\(step.screen)")
    step = Self.selectLegacyBanner(tmux)
    #expect(step.ok, "legacy_banner not selected:\n\(step.screen)")
    #expect(step.screen.contains("no review state"), "\(step.screen)")
    tmux.send("R")
    step = tmux.waitFor { $0.contains("review: reviewed") }
    #expect(step.ok, "the detail does not show the review:\n\(step.screen)")
    #expect(!step.screen.contains("stale"))
    let after = try String(contentsOfFile: file, encoding: .utf8)
    // The file keeps every line in order; the only new lines are the state of nl-NL.
    let old = before.split(separator: "\n", omittingEmptySubsequences: false)
    let new = after.split(separator: "\n", omittingEmptySubsequences: false)
    var added: [Substring] = []
    var position = 0
    for line in new {
      if position < old.count, line == old[position] { position += 1 } else { added.append(line) }
    }
    #expect(position == old.count, "a line of the file changed:\n\(after)")
    #expect(added.count == 5, "\(added)")
    #expect(added.first == "translationStates:")
    #expect(added.dropFirst().first == "  nl-NL:")
    #expect(added.contains("    status: reviewed"))
    let hashes = added.filter {
      $0.hasPrefix("    sourceHash: \"") || $0.hasPrefix("    targetHash: \"")
    }
    #expect(hashes.count == 2)
    #expect(hashes.allSatisfy { $0.count == "    sourceHash: \"\"".count + 64 })
  }

  /// The OTA revision the header shows (`rev N`), if any.
  static func revision(_ screen: String) -> Int? {
    guard let header = screen.split(separator: "\n").first,
      let range = header.range(of: "rev ")
    else { return nil }
    return Int(header[range.upperBound...].prefix { $0.isNumber })
  }

  @Test func uPublishesTheSelectedStringAndTheRunningPreviewerShowsTheNewRevision() throws {
    let tmux = try PreviewTmuxFixture("publish", copying: ["project", "ota"])
    defer { tmux.stop() }
    tmux.start(Self.arguments(tmux, locale: "en-US"), width: 120, height: 30)
    // The demo site's manifest is at version 1: the publish makes it 2.
    var step = tmux.waitFor { Self.revision($0) == 1 && $0.contains("3 new stories") }
    #expect(step.ok, "did not start at revision 1:\n\(step.screen)")
    step = Self.selectLegacyBanner(tmux)
    #expect(step.ok, "legacy_banner not selected:\n\(step.screen)")
    tmux.send("U")
    step = tmux.waitFor(seconds: 15) {
      Self.revision($0) == 2 && $0.contains("legacy_banner New: stories now update over the air.")
    }
    #expect(step.ok, "the new revision never showed:\n\(step.screen)")
    let payload = try String(contentsOfFile: tmux.site + "/en-US.xcstrings", encoding: .utf8)
    #expect(payload.contains("legacy_banner"))
    #expect(payload.contains("New: stories now update over the air."))
  }
}
