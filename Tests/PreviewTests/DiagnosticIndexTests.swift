import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// The diagnostics panel finds repeats through its signature index, and the message browser's
/// bulk resolve does not feed the panel.
@Suite("Diagnostics: signature index and the browser's bulk resolve")
struct DiagnosticIndexTests {
  static func add(_ state: PreviewState, _ entries: DiagnosticEntry...) -> PreviewState {
    var state = state
    for entry in entries { state = state.after(.diagnostic(entry)).0 }
    return state
  }

  @Test func aRepeatIsCountedAndMovedToTheNewestPlace() {
    let a = PreviewFixtures.diagnostic("a")
    let b = PreviewFixtures.diagnostic("b")
    let state = Self.add(PreviewFixtures.state(), a, b, a, a)
    #expect(state.diagnostics.entries.map(\.code) == ["b", "a"])
    #expect(state.diagnostics.entries.map(\.count) == [1, 3])
    // The first occurrence keeps its id.
    #expect(state.diagnostics.entries.last?.id == 1)
    // Same code and message, different detail: another diagnostic.
    let other = PreviewFixtures.diagnostic("a", locale: "nl-NL")
    let more = Self.add(state, other)
    #expect(more.diagnostics.entries.count == 3)
  }

  @Test func anEvictedDiagnosticComesBackAsNew() {
    var state = PreviewFixtures.state()
    for i in 0..<(PreviewState.diagnosticsLimit + 1) {
      state = Self.add(state, PreviewFixtures.diagnostic("code\(i)"))
    }
    #expect(state.diagnostics.entries.first?.code == "code1")
    state = Self.add(state, PreviewFixtures.diagnostic("code0"))
    #expect(state.diagnostics.entries.count == PreviewState.diagnosticsLimit)
    #expect(
      state.diagnostics.entries.last?.code == "code0" && state.diagnostics.entries.last?.count == 1)
    #expect(state.diagnostics.entries.last?.id == PreviewState.diagnosticsLimit + 2)
    // A repeat of one in the middle still merges after the evictions.
    state = Self.add(state, PreviewFixtures.diagnostic("code250"))
    #expect(state.diagnostics.entries.count == PreviewState.diagnosticsLimit)
    #expect(state.diagnostics.entries.filter { $0.code == "code250" }.map(\.count) == [2])
    #expect(state.diagnostics.entries.last?.code == "code250")
  }

  @Test func aListReplacedFromOutsideIsIndexedAgain() {
    let a = PreviewFixtures.diagnostic("a")
    let b = PreviewFixtures.diagnostic("b")
    var state = Self.add(PreviewFixtures.state(), a)
    // Same count, other content: the index must not merge `b` into the `a` it remembers.
    var replaced = b
    replaced.id = 7
    state.diagnostics.entries = [replaced]
    state = Self.add(state, a, b)
    #expect(state.diagnostics.entries.map(\.code) == ["a", "b"])
    #expect(state.diagnostics.entries.map(\.count) == [1, 2])
    // Cleared with `c`: nothing of the old list is remembered.
    state = state.after(.key(.character("d"))).0
    state.diagnostics.entries = []
    state = Self.add(state, a)
    #expect(state.diagnostics.entries.map(\.count) == [1])
  }

  /// A project of `count` messages without screens (the message browser is its first screen),
  /// translated into Dutch and, for every even message, English: every odd message is missing in
  /// English, which the engine reports (`missing_translation`) on each translation of it.
  static func datafiles(count: Int, prefix: String) -> [String: DatafileContent] {
    var english: [String: String] = [:]
    var dutch: [String: String] = [:]
    for index in 0..<count {
      if index % 2 == 0 { english["area.message\(index)"] = "\(prefix) \(index)" }
      dutch["area.message\(index)"] = "Bericht \(index)"
    }
    return [
      "en-US": DatafileContent(
        messagevisorVersion: "test", revision: prefix, target: "app", locale: "en-US",
        translations: english),
      "nl-NL": DatafileContent(
        messagevisorVersion: "test", revision: prefix, target: "app", locale: "nl-NL",
        translations: dutch),
    ]
  }

  static func bigSession(count: Int) -> PreviewSession {
    PreviewSession(
      PreviewSessionConfiguration(
        layers: DatafileLayers(bases: [
          .init(name: "project app", datafiles: datafiles(count: count, prefix: "Message"))
        ]),
        locale: "en-US", modules: PreviewLauncher.defaultModules(),
        sources: SessionSources(projectLayer: "project app")),
      inbox: PreviewInbox())
  }

  @Test func theBrowserListsEveryMessageWithoutAPanelRowPerMessage() throws {
    let session = Self.bigSession(count: 300)
    defer { session.stop() }
    let screen = HeadlessScreen(width: 120, height: 30, colorMode: .monochrome)
    let loop = PreviewLoop(
      screen: screen, session: session, state: PreviewState(width: 120, height: 30), interval: 0)
    loop.start()
    // A redraw after a datafile change (what a live edit does).
    session.reload(
      project: PreviewProject(
        path: "/nonexistent", target: "app",
        datafiles: Self.datafiles(count: 300, prefix: "Edited"),
        locales: ["en-US", "nl-NL"], sourceLocale: "en-US"))
    for message in session.inbox.drain() { loop.dispatch(message) }
    loop.renderIfNeeded()
    #expect(loop.state.mode == .messages)
    let index = try #require(loop.state.browser.index)
    #expect(index.entries.count == 300)
    #expect(index.entries.first { $0.key == "area.message42" }?.text == "Edited 42")
    // The browser keeps its own flags: the odd messages are missing in English.
    #expect(index.count(.missing) == 150)
    // Before, every message was translated through the engine on each redraw and each of its
    // diagnostics became a panel row (150 missing translations, 150 rows).
    let perMessage = loop.state.diagnostics.entries.filter { $0.detail("messageKey") != nil }
    #expect(perMessage.count < 10, "\(perMessage.prefix(5).map(\.subject))")
    let lines = screen.lastFrame?.lines() ?? []
    #expect(lines.contains { $0.contains("area.message0") })
  }
}
