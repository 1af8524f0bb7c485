import Foundation
import Messagevisor
import MessagevisorLocking
import ReRune
import Testing

/// A caller that knows which locales of a base layer changed (a project edit) has the bridge set
/// only those on the engine, plus the locales the layer gains, without comparing the others.
@Suite("ReRune bridge: replacing a base layer whose changed locales are known")
struct BridgeChangedLocalesTests {
  static func datafile(_ locale: String, _ text: String) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "1", target: "app", locale: locale, translations: ["title": text])
  }

  @Test func onlyTheChangedAndTheNewLocalesAreSetOnTheEngine() throws {
    let engine = createMessagevisor(MessagevisorOptions(locale: "en"))
    let bridge = ReRuneMessagevisorBridge(
      engine: engine,
      layers: ReRuneLayers(bases: [
        .init(
          name: "project",
          datafiles: ["en": Self.datafile("en", "Hello"), "nl": Self.datafile("nl", "Hallo")])
      ]))
    let set = Locked<[String]>([])
    _ = engine.on(.datafileSet) { event in
      if case .datafileSet(let datafile, _, _, _, _) = event.details {
        set.withLock { $0.append(datafile.locale) }
      }
    }
    let locales = bridge.replaceBaseLayer(
      named: "project",
      datafiles: [
        "en": Self.datafile("en", "Hello again"), "nl": Self.datafile("nl", "Hallo"),
        "de": Self.datafile("de", "Hallo (de)"),
      ], changed: ["en"])
    #expect(locales == ["de", "en"])
    #expect(set.withLock { $0 }.sorted() == ["de", "en"])
    #expect(try engine.translate("title") == "Hello again")
    #expect(try engine.translate("title", options: TranslateOptions(locale: "de")) == "Hallo (de)")
    #expect(bridge.layers.compose("nl")?.translations["title"] == "Hallo")
  }
}
