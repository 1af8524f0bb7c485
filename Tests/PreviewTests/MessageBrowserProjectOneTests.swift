import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// The browser on a copy of upstream's project-1 (`../shared`): skipped, visibly, when absent.
@Suite("Message browser: project-1 (needs ../shared)")
struct MessageBrowserProjectOneTests {
  static let fixture = "/work/shared/fixtures/messagevisor-project-1"

  static func copy() throws -> String? {
    guard FileManager.default.fileExists(atPath: fixture) else {
      print("SKIPPED: \(fixture) is missing")
      return nil
    }
    let root = DemoFixture.temporaryDirectory("browser-p1")
    try FileManager.default.copyItem(atPath: fixture, toPath: root + "/project-1")
    return root
  }

  @Test func everyMessageInEveryLocaleMatchesTheEngine() throws {
    guard let root = try Self.copy() else { return }
    defer { try? FileManager.default.removeItem(atPath: root) }
    var options = PreviewOptions()
    options.project = root + "/project-1"
    options.target = "swift"
    options.locale = "nl-NL"
    options.interval = 0
    let prepared = try PreviewLauncher.prepare(
      options: options,
      paths: DemoPaths(project: root + "/project-1", resources: nil, otaSite: nil),
      modules: PreviewLauncher.defaultModules())
    let session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    defer { session.stop() }
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: 160, height: 60, colorMode: .monochrome), session: session,
      state: PreviewState(width: 160, height: 60), interval: 0)
    loop.start()
    // No previews/: the message browser is the screen.
    #expect(loop.state.mode == .messages)
    let index = try #require(loop.state.browser.index)
    #expect(index.entries.count == 34)
    #expect(index.entries.first { $0.key == "auth.signin" }?.text == "Aanmelden")
    let locales = try #require(loop.state.content?.loadedLocales)
    #expect(locales.contains("en-XA"))
    for locale in locales {
      try session.engine.setLocale(locale)
      let resolved = session.resolveMessages(compare: false, compareLocale: nil)
      #expect(resolved.locale == locale)
      for entry in resolved.entries where entry.text != nil {
        #expect(
          entry.text == (try session.engine.getRawTranslation(entry.key)),
          "\(entry.key) in \(locale)")
      }
    }
    // Every override's explanation agrees with the text the engine chose.
    try session.engine.setLocale("nl-NL")
    session.perform(.setContext(["plan": "pro"]))
    let pro = session.resolveMessages(compare: false, compareLocale: nil)
    for position in pro.entries.indices {
      let detail = try #require(MessageDetail.of(position, in: pro))
      let chosen = detail.overrides.first { $0.chosen }
      if case .override(let key) = detail.entry.origin {
        #expect(chosen?.key == key, "\(detail.entry.key)")
      } else {
        #expect(chosen == nil, "\(detail.entry.key)")
      }
    }
  }

  @Test func printListsTheKeysWithTheirDutchTexts() throws {
    guard PreviewBinary.exists else {
      print(
        "SKIPPED: \(PreviewBinary.path) is not built (swift build --product messagevisor-preview)")
      return
    }
    guard let root = try Self.copy() else { return }
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = Spawn.run(
      [
        "/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", PreviewBinary.path, "--print", "--project",
        root + "/project-1", "--target", "swift", "--screen", "messages", "--locale", "nl-NL",
        "--width", "160", "--height", "400",
      ], directory: root)
    #expect(result.status == 0, "\(result.error)")
    var lines = result.output.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    #expect(lines.count == 400)
    #expect(result.output.contains("Messages 1/34"))
    for (key, dutch) in [
      ("auth.signin", "Aanmelden"), ("auth.signout", "Afmelden"),
      ("dashboard.welcome", "Welkom terug, {name}"), ("footer.privacyPolicy", "Privacybeleid"),
    ] {
      #expect(lines.contains { $0.contains(key) && $0.contains(dutch) }, "\(key) → \(dutch)")
    }
  }

  @Test func printShowsTheLintFindingsOfTheActiveLocale() throws {
    guard PreviewBinary.exists else {
      print(
        "SKIPPED: \(PreviewBinary.path) is not built (swift build --product messagevisor-preview)")
      return
    }
    guard let root = try Self.copy() else { return }
    defer { try? FileManager.default.removeItem(atPath: root) }
    func frame(_ locale: String) -> String {
      let result = Spawn.run(
        [
          "/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", PreviewBinary.path, "--print",
          "--project", root + "/project-1", "--target", "swift", "--screen", "messages",
          "--locale", locale, "--width", "160", "--height", "60",
        ], directory: root)
      #expect(result.status == 0, "\(result.error)")
      return result.output
    }
    // German inherits auth.draftInvite from English: an untranslated warning, marked and detailed.
    let german = frame("de-DE")
    #expect(german.contains("I····L auth.draftInvite"))  // I: inherited
    #expect(german.contains("Lint (1)"))
    #expect(german.contains("warning untranslated"))
    #expect(german.contains("messages/auth/draftInvite.yml:3:1"))
    // nl-NL inherits the Dutch text from nl (I), which lint accepts: no L marker.
    #expect(frame("nl-NL").contains("I····· auth.draftInvite"))
  }
}
