import Foundation
import Messagevisor
import MessagevisorICU
import TerminalUI
import Testing

@testable import Preview

/// Example values belong to a screen's block, not to its message: one message shown by two
/// blocks with `count: 1` and `count: 12` shows both forms.
@Suite("Screens: per-block example values")
struct PerBlockValuesTests {
  static let plural = "{count, plural, one {# new story} other {# new stories}}"

  static let screenFile = """
    title: Plurals
    blocks:
      - paragraph: stories
        values:
          count: 1
      - paragraph: stories
        values:
          count: 12
      - paragraph: stories
    """

  static func session() throws -> PreviewSession {
    let screen = try ScreenFileReader().parse(
      Array(screenFile.utf8), name: "plurals", file: "previews/plurals.yml")
    let layers = DatafileLayers(bases: [
      .init(
        name: "project terminal",
        datafiles: [
          "en-US": SessionFixtures.projectDatafile(
            "en-US", title: "Welcome", proTitle: "Welcome back", extra: ["stories": plural])
        ])
    ])
    return SessionFixtures.session(
      screens: ScreenCatalog(screens: [screen]), modules: [createICUModule()], layers: layers
    ).0
  }

  @Test func twoBlocksOfOneMessageKeepTheirOwnValues() throws {
    let session = try Self.session()
    defer { session.stop() }
    let content = session.resolveContent(lastSynced: nil, screen: "plurals")
    let definition = try #require(content.screens.entry("plurals")?.definition)
    let bindings = definition.blocks.flatMap(\.bindings)
    #expect(bindings.count == 3)
    #expect(content.text(bindings[0]).text == "1 new story")
    #expect(content.text(bindings[1]).text == "12 new stories")
    // The key alone answers with the first block's text (inspect, search and copy use it).
    #expect(content.text("stories").text == "1 new story")
    #expect(bindings[0].contentKey != bindings[1].contentKey)
    #expect(bindings[2].contentKey == "stories")
  }

  @Test func theScreenShowsBothFormsSideBySide() throws {
    let session = try Self.session()
    defer { session.stop() }
    var state = PreviewState(width: 80, height: 20)
    state.screen = "plurals"
    state.content = session.resolveContent(lastSynced: nil, screen: "plurals")
    let text = PreviewView.render(state).plainText
    #expect(text.contains("1 new story"))
    #expect(text.contains("12 new stories"))
  }

  @Test func bindingsWithTheSameValuesShareOneContentKey() {
    let a = TextBinding(
      key: "k", values: ["b": .literal(.int(2)), "a": .literal(.int(1))], line: 3)
    let b = TextBinding(
      key: "k", values: ["a": .literal(.int(1)), "b": .literal(.int(2))], line: 9)
    #expect(a.contentKey == b.contentKey)
    #expect(a.contentKey != TextBinding(key: "k", values: ["a": .literal(.int(2))]).contentKey)
  }
}
