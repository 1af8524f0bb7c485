import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// The first frame waits only for what it shows: the launcher builds the locale shown first
/// (and the source locale), the session builds the others after the first frame or when one is
/// asked for, and lint runs in the background while the browser says so.
@Suite("Previewer start-up: lazy locales and background lint", .serialized)
struct PreviewLazyLocalesTests {
  /// Texts of `greeting` by locale.
  static let greetings = [
    "en-US": "Hello", "nl-NL": "Hallo", "de-DE": "Guten Tag", "fr-FR": "Bonjour",
  ]

  /// A project of four locales with one screen (`greeting`, `title`); `legal` is missing in
  /// nl-NL (lint: `untranslated` in nl-NL).
  static func write() throws -> String {
    let root = DemoFixture.temporaryDirectory("lazy-locales")
    for locale in greetings.keys {
      try SetsProject.put(root, "locales/\(locale).yml", "description: \(locale)\n")
    }
    try SetsProject.put(
      root, "messages/greeting.yml",
      "translations:\n"
        + greetings.keys.sorted().map { "  \($0): \"\(greetings[$0] ?? "")\"\n" }.joined())
    try SetsProject.put(
      root, "messages/title.yml",
      "translations:\n  en-US: Welcome\n  nl-NL: Welkom\n  de-DE: Willkommen\n  fr-FR: Bienvenue\n"
    )
    try SetsProject.put(
      root, "messages/legal.yml",
      "translations:\n  en-US: Terms of use\n  de-DE: Nutzungsbedingungen\n"
        + "  fr-FR: Conditions d'utilisation\n")
    try SetsProject.put(root, "targets/terminal.yml", "includeMessages: '*'\n")
    try SetsProject.put(
      root, "previews/home.yml",
      "title: Home\nblocks:\n  - heading: greeting\n  - paragraph: title\n")
    return root
  }

  @Test func theFirstFrameHasTheShownLocaleAndASwitchBuildsAPendingLocaleWithItsText() throws {
    let fixture = try ProjectSessionFixture(root: try Self.write(), lazyLocales: true)
    let engineLocales = Set(fixture.session.engine.getSnapshot().datafileLocales)
    // The shown locale, and fr-FR: where `l` goes from en-US (the target's order).
    #expect(engineLocales.isSuperset(of: ["en-US", "fr-FR"]), "\(engineLocales)")
    #expect(engineLocales.isDisjoint(with: ["de-DE", "nl-NL"]), "\(engineLocales)")
    // The pseudo-locale is made later too.
    #expect(fixture.session.pendingLocales == ["de-DE", "nl-NL", "en-XA"])
    #expect(fixture.loop.state.content?.text("greeting").text == "Hello")
    // Every locale is offered (`l`, the picker) whether it is built or not.
    let offered = fixture.loop.state.content?.loadedLocales ?? []
    #expect(Set(offered).isSuperset(of: Self.greetings.keys), "\(offered)")
    fixture.press(.character("l"))
    #expect(fixture.waitFor { $0.content?.locale == "fr-FR" })
    #expect(fixture.loop.state.content?.text("greeting").text == "Bonjour")
    #expect(fixture.frame.contains("Bienvenue"), "\(fixture.frame)")
    // `l` again: nl-NL, which is built on the way.
    fixture.press(.character("l"))
    #expect(fixture.waitFor { $0.content?.locale == "nl-NL" })
    #expect(fixture.loop.state.content?.text("greeting").text == "Hallo")
    #expect(fixture.frame.contains("Welkom"), "\(fixture.frame)")
    #expect(fixture.session.pendingLocales == ["de-DE", "en-XA"])
    // The pseudo-locale is made when it is chosen.
    let full = try ProjectSessionFixture(root: try Self.write())
    fixture.session.perform(.setLocale("en-XA"))
    full.session.perform(.setLocale("en-XA"))
    #expect(fixture.waitFor { $0.content?.locale == "en-XA" })
    let pseudo = fixture.loop.state.content?.text("greeting").text
    #expect(pseudo != nil && pseudo != "Hello")
    #expect(full.waitFor { $0.content?.locale == "en-XA" })
    #expect(pseudo == full.loop.state.content?.text("greeting").text)
    #expect(fixture.session.pendingLocales == ["de-DE"])
  }

  @Test func theBackgroundBuildLoadsEveryOtherLocaleWithTheTextsOfAFullLoad() throws {
    let fixture = try ProjectSessionFixture(root: try Self.write(), lazyLocales: true)
    fixture.session.startLoadingLocales()
    #expect(fixture.waitFor { _ in fixture.session.pendingLocales.isEmpty })
    // One message says so (and redraws).
    #expect(
      fixture.waitFor { state in
        state.events.entries.contains {
          if case .sources(let what) = $0.kind { return what == "locales: 2 more built (4 of 4)" }
          return false
        }
      }, "\(fixture.loop.state.events.entries.map(\.kind))")
    let full = try ProjectSessionFixture(root: try Self.write())
    for locale in Self.greetings.keys.sorted() {
      let lazy = fixture.session.currentLayers.compose(locale)
      #expect(lazy != nil && lazy == full.session.currentLayers.compose(locale), "\(locale)")
      try fixture.session.engine.setLocale(locale)
      #expect(try fixture.session.engine.translate("greeting") == Self.greetings[locale])
    }
    try fixture.session.engine.setLocale("en-XA")
    try full.session.engine.setLocale("en-XA")
    #expect(
      try fixture.session.engine.translate("title") == full.session.engine.translate("title"))
  }

  @Test func aReloadWithANewBuildBuildsItsPendingLocalesInTheBackground() throws {
    let root = try Self.write()
    let fixture = try ProjectSessionFixture(root: root, lazyLocales: true)
    #expect(fixture.session.pendingLocales.contains("de-DE"))
    // A reload (an edit, the live reload's first build) brings a build of its own, with the
    // other locales still pending: they are built without being asked for.
    let project = try PreviewProjectLoader.load(
      path: root, target: nil, lazyLocales: true, locale: "en-US")
    #expect(project.liveBuild?.pendingLocales.contains("de-DE") == true)
    fixture.session.reload(project: project)
    // Built first, then set on the engine: both are waited for (the second follows the first).
    #expect(
      fixture.waitFor { _ in
        fixture.session.pendingLocales.isEmpty
          && Set(fixture.session.engine.getSnapshot().datafileLocales)
            .isSuperset(of: Self.greetings.keys)
      })
    let engineLocales = Set(fixture.session.engine.getSnapshot().datafileLocales)
    #expect(engineLocales.isSuperset(of: Self.greetings.keys), "\(engineLocales)")
  }

  @Test func aReloadOfTheBuildAsItWasBeforeTheBackgroundBuildKeepsTheLocalesBuiltSince() throws {
    let fixture = try ProjectSessionFixture(root: try Self.write(), lazyLocales: true)
    // The live reload's first build reads the build's datafiles, then the screens: the
    // background build may finish and set every locale on the engine in between.
    let snapshot = fixture.prepared.project
    #expect(snapshot.datafiles["de-DE"] == nil)
    #expect(snapshot.liveBuild != nil)
    fixture.session.startLoadingLocales()
    #expect(fixture.waitFor { _ in fixture.session.pendingLocales.isEmpty })
    // The session shows that project (its build has more locales now, not other texts).
    let shown = fixture.session.shows(snapshot)
    #expect(shown)
    fixture.session.reload(project: snapshot)
    for locale in Self.greetings.keys.sorted() {
      #expect(fixture.session.currentLayers.bases.last?.datafiles[locale] != nil, "\(locale)")
      try fixture.session.engine.setLocale(locale)
      #expect(try fixture.session.engine.translate("greeting") == Self.greetings[locale])
    }
  }

  @Test func theBrowserSaysLintIsRunningUntilTheFindingsArriveWithARedraw() throws {
    // Hold the lint queue so that the first frame is drawn before lint finishes, as on a big
    // project.
    let gate = DispatchSemaphore(value: 0)
    var released = false
    PreviewSession.LintQueue.backgroundQueue.async { gate.wait() }
    defer { if !released { gate.signal() } }
    let fixture = try ProjectSessionFixture(
      root: try Self.write(), width: 120, height: 30, locale: "nl-NL", lazyLocales: true)
    #expect(fixture.session.currentSources.lintPending)
    fixture.press(.character("m"))
    #expect(fixture.waitFor { $0.browser.index != nil })
    var frame = fixture.frame
    #expect(frame.contains("lint: running…"), "\(frame)")
    // The lint filter does not claim that no message has findings.
    fixture.press(.character("f"))
    while fixture.loop.state.browser.filter != .lint { fixture.press(.character("f")) }
    frame = fixture.frame
    #expect(frame.contains("lint: running…: its findings appear when it finishes"), "\(frame)")
    #expect(fixture.loop.state.browser.visible.isEmpty)
    released = true
    gate.signal()
    fixture.session.waitForLint()
    #expect(fixture.waitFor { $0.browser.index?.source.lintPending == false })
    frame = fixture.frame
    #expect(!frame.contains("lint: running…"), "\(frame)")
    #expect(frame.contains("L legal"), "\(frame)")
    #expect(fixture.loop.state.browser.visible.count == 1)
  }
}
