import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// Origins drawn from the engine's trace (``MessagevisorInstance/traceTranslation(_:options:)``)
/// and the layer stack: the screens' inspect labels and the message browser agree with
/// `translate`, and text a locale inherits is marked as inherited.
@Suite("Origins from the engine's trace")
struct TraceOriginTests {
  /// ``TinyProject`` with Dutch inheriting English translations and `home.only` in English only.
  static func writeProject() throws -> String {
    let root = try TinyProject.write(
      targets: ["app"],
      screen: "title: Home\nblocks:\n  - heading: home.title\n  - paragraph: home.only\n")
    try "description: Dutch\ninheritTranslationsFrom: en-US\n".write(
      toFile: root + "/locales/nl-NL.yml", atomically: true, encoding: .utf8)
    try "description: English only\ntranslations:\n  en-US: \"Only in English\"\n".write(
      toFile: root + "/messages/home/only.yml", atomically: true, encoding: .utf8)
    return root
  }

  static func loop(_ root: String) throws -> PreviewLoop {
    var options = PreviewOptions()
    options.project = root
    options.locale = "nl-NL"
    options.cacheDirectory = root + "/cache"
    let paths = try DemoPaths.resolve(options, currentDirectory: root)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    let session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    var state = PreviewState(width: 120, height: 40)
    state.otaEnabled = false
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: 120, height: 40), session: session, state: state, interval: 0)
    loop.start()
    return loop
  }

  @Test func textALocaleInheritsIsMarkedInheritedOnScreenAndInTheBrowser() throws {
    let root = try Self.writeProject()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let loop = try Self.loop(root)
    defer { loop.session.stop() }
    let content = try #require(loop.state.content)
    #expect(content.text("home.only").text == "Only in English")
    #expect(content.text("home.only").origin == .inherited(from: "en-US", layer: "project app"))
    // The label names where the inherited text is written (the en-US scalar).
    #expect(
      content.text("home.only").originLabel
        == "inherited from en-US · messages/home/only.yml:3:10")
    #expect(content.text("home.title").origin == .base(layer: "project app"))

    loop.dispatch(.key(.character("m")))
    let index = try #require(loop.state.browser.index)
    let only = try #require(index.entries.first { $0.key == "home.only" })
    #expect(only.origin.label == "inherited from en-US")
    #expect(only.text == (try loop.session.engine.translate("home.only")))
    #expect(!only.flags.contains(.missing))
    let title = try #require(index.entries.first { $0.key == "home.title" })
    #expect(title.origin.label == "base project app")
    // The detail says the same.
    let position = try #require(index.position(of: "home.only"))
    let detail = try #require(MessageDetail.of(position, in: index))
    let lines = MessageDetailLines.lines(detail, compareLocale: nil).map(\.text)
    #expect(lines.contains("nl-NL · inherited from en-US"))
  }

  @Test func inheritedTextIsTheDatafilesBaseTranslationForRootAndChildWithAndWithoutContext()
    throws
  {
    let root = try Self.writeProject()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let loop = try Self.loop(root)
    defer { loop.session.stop() }
    let engine = loop.session.engine
    let child = engine.spawn(context: ["tier": "gold"])
    for instance in [engine as MessagevisorInstance, child] {
      for context: MessagevisorContext? in [nil, ["tier": "basic"]] {
        let options = TranslateOptions(context: context)
        let trace = try instance.traceTranslation("home.only", options: options)
        #expect(trace.source == .translation)
        #expect(trace.locale == "nl-NL")
        #expect(trace.text == (try instance.translate("home.only", options: options)))
        #expect(trace.text == "Only in English")
      }
    }
  }

  @Test func screenOriginsFollowTheEngineTraceAsTheContextChanges() throws {
    let root = try Self.writeProject()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let loop = try Self.loop(root)
    defer { loop.session.stop() }
    let engine = loop.session.engine
    loop.session.perform(.setContext(["tier": "gold"]))
    let content = loop.session.resolveContent(lastSynced: nil)
    let title = content.text("home.title")
    #expect(title.text == "Gouden thuis")
    #expect(title.text == (try engine.translate("home.title")))
    #expect(title.origin == .override(key: "gold"))
    #expect(try engine.traceTranslation("home.title").source == .override(key: "gold", index: 0))
    loop.session.perform(.setContext(["tier": "basic"]))
    let basic = loop.session.resolveContent(lastSynced: nil).text("home.title")
    #expect(basic.text == "Thuis" && basic.origin == .base(layer: "project app"))
  }

  @Test func aSourceLocationIsShownAfterTheOriginWhenKnown() {
    let text = ResolvedText(
      key: "home.title", text: "Thuis", origin: .override(key: "gold"),
      location: TextLocation(file: "messages/home/title.yml", line: 12, column: 20))
    #expect(text.originLabel == "override gold · messages/home/title.yml:12:20")
    #expect(
      ResolvedText(key: "k", text: "t", origin: .defaultTranslation).originLabel
        == "default translation")
  }
}
