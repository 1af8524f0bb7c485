import Foundation
import Messagevisor
import MessagevisorProject
import TestSupport
import Testing

@testable import Preview

/// Live editing of a generated project (overrides behind segments, plurals, arguments, four
/// locales): an edit of one message refreshes only what it touched, and what the previewer then
/// shows is what a fresh load of the edited project shows, in every locale.
@Suite("Live edit: only what an edit changed is done again", .serialized)
struct LiveEditRefreshTests {
  static let scale = ScaleProject(messages: 120, locales: 4, seed: 11)

  static func fixture() throws -> ProjectSessionFixture {
    let root = DemoFixture.temporaryDirectory("live-refresh")
    try scale.write(to: root)
    return try ProjectSessionFixture(root: root, watch: true)
  }

  static func write(_ fixture: ProjectSessionFixture, _ index: Int, _ text: String) throws {
    try text.write(
      toFile: fixture.root + "/" + scale.path(of: index), atomically: false, encoding: .utf8)
  }

  /// A plain message (no plural, no arguments) with an override behind a segment.
  static var index: Int {
    (0..<scale.messages).first {
      let shape = scale.shape(of: $0)
      return shape.kind == .plain && shape.override != nil
    } ?? 0
  }

  @Test func afterAnEditEveryRowNoteAndLocaleIsWhatAFreshLoadShows() throws {
    let fixture = try Self.fixture()
    if fixture.loop.state.mode != .messages { fixture.press(.character("m")) }
    #expect(fixture.waitFor { $0.browser.index != nil })
    let session = fixture.session
    let before = try #require(session.lastMessages.withLock { $0 })
    let key = Self.scale.key(of: Self.index)
    try Self.write(fixture, Self.index, Self.scale.text(of: Self.index, edit: "edited"))
    #expect(
      fixture.waitFor {
        $0.browser.index?.entries.first { $0.key == key }?.text?.contains("edited") == true
      })
    // The reload changed this message and nothing else: the browser resolved only its row.
    let snapshot = session.engine.getSnapshot()
    let reloads = session.reloads.withLock { $0 }
    #expect(
      session.reloadJournal.withLock {
        $0.changedMessages(from: (before.version, before.reload), to: (snapshot.version, reloads))
      } == [key])
    let shown = try #require(fixture.loop.state.browser.index)
    let fresh = session.buildMessages(snapshot: snapshot, compare: false, compareLocale: nil)
    #expect(shown.entries == fresh.entries)
    for query in ["edited", "", key, "pro"] {
      #expect(
        shown.select(query: query, filter: .all) == fresh.select(query: query, filter: .all),
        "\(query)")
    }
    // The pseudo-locale follows the edited source text as a fresh one would.
    let source = try #require(session.currentSources.sourceLocale)
    let applied = try #require(session.appliedPseudo.withLock { $0 })
    let composed = try #require(session.currentLayers.compose(source))
    #expect(applied.pseudo == PseudoLocale.datafile(from: composed, locale: applied.pseudo.locale))
    #expect(applied.pseudo.translations[key]?.contains("éðîţéð") == true)
    let sources = session.currentSources
    let model = try #require(sources.project)
    #expect(sources.messageNotes == MessageNotes.of(model))
    #expect(sources.attributes == ContextAttributeScanner.scan(model))
    // Every locale: the engine has the edited text, and the rows are a fresh index's.
    for locale in Self.scale.localeCodes {
      session.perform(.setLocale(locale))
      let index = session.resolveMessages(compare: true, compareLocale: nil)
      #expect(index.entries.first { $0.key == key }?.text?.contains("edited") == true, "\(locale)")
      let fresh = session.buildMessages(
        snapshot: session.engine.getSnapshot(), compare: true, compareLocale: nil)
      #expect(index.entries == fresh.entries, "\(locale)")
    }
  }

  @Test func aReplacedBrowserIndexIsFreedLaterOffTheCallersThread() throws {
    let fixture = try Self.fixture()
    let session = fixture.session
    weak var replaced: MessageIndex?
    do {
      replaced = session.resolveMessages(compare: true, compareLocale: nil)
    }
    session.perform(.setContext(["plan": "pro"]))
    let next = session.resolveMessages(compare: true, compareLocale: nil)
    #expect(replaced != nil, "kept for a moment, not freed on the caller's thread")
    #expect(replaced !== next)
    var freed = false
    for _ in 0..<100 where !freed {
      freed = replaced == nil
      if !freed { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(freed)
  }

  @Test func anEditThatComparesAnAttributeWithANewValueOffersIt() throws {
    let fixture = try Self.fixture()
    let session = fixture.session
    let plan = { session.currentSources.attributes.first { $0.name == "plan" }?.values ?? [] }
    #expect(!plan().contains("gold"))
    let locale = Self.scale.localeCodes[0]
    try Self.write(
      fixture, Self.index,
      "translations:\n  \(locale): \"Plain\"\noverrides:\n  - key: gold\n    conditions:\n"
        + "      - attribute: plan\n        operator: equals\n        value: gold\n"
        + "    translations:\n      \(locale): \"Gold\"\n")
    #expect(fixture.waitFor { _ in plan().contains("gold") })
  }

  @Test func aChangeThatReloadsNothingLintsAgainAfterStoppingLint() throws {
    let fixture = try Self.fixture()
    let session = fixture.session
    session.waitForLint()
    // A run that would begin only in a minute: the change stops it and lints at once instead.
    session.startLint(after: 60)
    #expect(session.currentSources.lintPending)
    try "not part of the project\n".write(
      toFile: fixture.root + "/NOTES.md", atomically: false, encoding: .utf8)
    var done = false
    for _ in 0..<200 where !done {
      done = !session.currentSources.lintPending
      if !done { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(done)
  }

  @Test func stoppingLintKeepsTheLastFindingsPending() throws {
    let fixture = try Self.fixture()
    let session = fixture.session
    session.waitForLint()
    let version = session.currentSources.lintVersion
    session.startLint(after: 0.1)
    #expect(session.stopLint())
    session.waitForLint()
    #expect(session.currentSources.lintVersion == version)
    #expect(session.currentSources.lintPending)
    session.startLint()
    session.waitForLint()
    #expect(!session.currentSources.lintPending)
    #expect(!session.stopLint())
  }
}
