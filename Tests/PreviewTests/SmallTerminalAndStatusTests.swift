import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// Small terminals and small texts: the editor at 30×8, an empty target, the status bar's
/// `+N more`, the OTA status without a site, the OTA site's path, compare at 120 columns.
@Suite("Small terminals and status texts")
struct SmallTerminalAndStatusTests {
  typealias Browser = MessageBrowserViewTests

  @Test func theContextEditorIsDrawnAt30By8() {
    var state = PreviewFixtures.state(width: 30, height: 8).after(.key(.character("e"))).0
    for character in "plan=pro" { state = state.after(.key(.character(character))).0 }
    let lines = PreviewView.render(state).lines()
    let text = lines.joined(separator: "\n")
    #expect(text.contains("Context"), "\(text)")
    #expect(lines.contains { $0.contains("> plan=pro▏") && $0.contains("│") }, "\(text)")
    #expect(!lines[lines.count - 2].contains("key=value>"), "\(text)")
    // A rejected line: the box keeps the line, the status bar says what is wrong.
    state = state.after(.key(.control("a")), .key(.control("k")), .key(.character("x"))).0
    state = state.after(.key(.enter)).0
    let rejected = PreviewView.render(state).lines()
    #expect(rejected[rejected.count - 2].contains("! type key=value"), "\(rejected)")
  }

  @Test func anEmptyTargetSaysSoInsteadOfBlamingAFilter() {
    var state = PreviewState(width: 100, height: 20)
    state.content = PreviewFixtures.content(locales: ["en-US"])
    (state, _) = PreviewUpdate.update(state, .key(.character("m")))
    let empty = MessageIndex.build(MessageBrowserSource(locale: "en-US", datafiles: [:]))
    (state, _) = PreviewUpdate.update(state, .messagesResolved(empty))
    let text = PreviewView.render(state).plainText
    #expect(text.contains("this target has no messages"), "\(text)")
    #expect(!text.contains("pass the filter"), "\(text)")
  }

  @Test func aFilterThatLetsNothingThroughIsNamedWithItsKey() {
    let local = MessageIndex.build(
      MessageBrowserSource(
        locale: "nl-NL", datafiles: ["nl-NL": F.datafile("nl-NL", F.dutch, dutch: true)],
        context: ["plan": "pro"]))
    var state = Browser.browsing(width: 100, index: local)
    state.browser.filter = .fromOTA
    state.browser.refilter()
    #expect(state.browser.visible.isEmpty)
    let text = PreviewView.render(state).plainText
    #expect(text.contains("no message is from OTA (f: next filter)"), "\(text)")
  }

  @Test func moreContextThanFitsNamesTheKeyThatListsIt() throws {
    var state = PreviewFixtures.state(width: 60, height: 24)
    state.content?.context["seats"] = 3
    state.content?.context["organisation"] = "Analytical Engines Limited"
    let bar = PreviewView.render(state).lines()[22]
    #expect(bar.contains("more (e)"), "\(bar)")
    // e lists every attribute with its value.
    (state, _) = PreviewUpdate.update(state, .key(.character("e")))
    let text = PreviewView.render(state).plainText
    #expect(text.contains("plan=free"), "\(text)")
    #expect(text.contains("platform=terminal"), "\(text)")
  }

  @Test func withoutAnOTASiteNothingSaysNotCheckedYet() {
    var state = PreviewFixtures.state(width: 120, height: 30)
    state.otaEnabled = false
    state.otaSource = ""
    let text = PreviewView.render(state).plainText
    #expect(text.contains("no OTA site for this project"), "\(text)")
    #expect(!text.contains("not checked yet"), "\(text)")
  }

  @Test func theOTAPanelShowsALongSitePathWhole() {
    var state = PreviewFixtures.state(width: 120, height: 30)
    let path =
      "/home/translator/.cache/messagevisor-preview/demo-b54378294ae965f1c2d3e4f5a6b7c8d9/ota"
    state.otaSource = "site \(path) · every 5 s"
    let lines = PreviewView.render(state).lines()
    // The side column starts at column 60: its rows, borders dropped, read as one text.
    let side = lines.map { line -> String in
      let characters = Array(line)
      guard characters.count > 62 else { return "" }
      return String(characters[62...]).trimmingCharacters(in: CharacterSet(charactersIn: " │"))
    }
    #expect(side.joined().contains(path), "\(lines.joined(separator: "\n"))")
    #expect(!lines.joined().contains("demo-b54378294ae965f…"))
  }

  @Test func compareAt120ColumnsGivesEachLocaleRoom() throws {
    var state = Browser.browsing(width: 120, height: 30)
    _ = Browser.press([.character("x")], &state)
    let compared = F.index(compare: "en-US")
    (state, _) = PreviewUpdate.update(state, .messagesResolved(compared))
    let lines = PreviewView.render(state).lines()
    let row = try #require(lines.first { $0.contains(" cart.count ") })
    #expect(row.contains("{count, plural, one {# artikel} other {#"), "\(row)")
    #expect(row.contains("{count, plural, one {# item} other {#"), "\(row)")
  }

  typealias F = MessageBrowserFixtures
}
