import Foundation
import Messagevisor
import MessagevisorProject
import Synchronization
import Testing

/// The diagnostics the previewer's panel shows come from real demo content.
@Suite("Demo diagnostics through the engine")
struct DemoDiagnosticsTests {
  final class Collected: Sendable {
    let diagnostics = Mutex<[MessagevisorDiagnostic]>([])
    var codes: [String] { diagnostics.withLock { $0.map(\.code) } }
    func first(_ code: String) -> MessagevisorDiagnostic? {
      diagnostics.withLock { list in list.first { $0.code == code } }
    }
  }

  static func engine(locale: String, context: MessagevisorContext = [:], beta: Bool = false) throws
    -> (
      Messagevisor, Collected
    )
  {
    let project = try ProjectLoader().load(path: DemoPaths.project.path)
    var options = TestRunOptions()
    options.target = "terminal"
    let datafile = try TestRunner(project: project, options: options).datafile(
      target: "terminal", locale: locale)
    let collected = Collected()
    let engine = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile.content, context: context,
        resolveFlag: { feature, _ in beta && feature == "betaStories" },
        onDiagnostic: { diagnostic in collected.diagnostics.withLock { $0.append(diagnostic) } },
        logLevel: .debug))
    return (engine, collected)
  }

  @Test func japaneseStoryCaptionIsARealMissingTranslation() throws {
    let (engine, collected) = try Self.engine(locale: "ja-JP")
    #expect(try engine.translate("story_caption") == "story_caption")
    let diagnostic = try #require(collected.first("missing_translation"))
    #expect(diagnostic.level == .error)
    #expect(diagnostic.details["messageKey"] == "story_caption")
    #expect(diagnostic.details["locale"] == "ja-JP")
    // Every other visible key translates without a missing-translation diagnostic.
    let (other, otherCollected) = try Self.engine(locale: "ja-JP")
    for key in DemoPaths.seedKeys where key != "story_caption" {
      _ = try other.translate(key)
    }
    #expect(!otherCollected.codes.contains("missing_translation"))
  }

  @Test func legacyBannerIsDeprecated() throws {
    let (engine, collected) = try Self.engine(locale: "de-DE")
    #expect(
      try engine.translate("legacy_banner") == "Neu: Geschichten werden jetzt per OTA aktualisiert."
    )
    let diagnostic = try #require(collected.first("deprecated_message"))
    #expect(diagnostic.level == .warn)
    #expect(
      diagnostic.details["deprecationWarning"]?.stringValue?.contains("story_caption") == true)
  }

  @Test func planOverridesReportTheMatchedOverride() throws {
    let (engine, collected) = try Self.engine(
      locale: "nl-NL", context: ["plan": "pro", "platform": "terminal"])
    #expect(try engine.translate("welcome_title") == "Welkom terug bij ReRune Pro")
    #expect(collected.first("message_override_matched")?.details["overrideKey"] == "pro")
    engine.setContext(["plan": "enterprise"])
    #expect(try engine.translate("welcome_title") == "Welkom bij ReRune Enterprise")
    engine.setContext(["plan": "free"])
    #expect(try engine.translate("welcome_title") == "Welkom bij ReRune")
  }

  @Test func betaFlagSelectsTheBetaCopy() throws {
    let (off, _) = try Self.engine(locale: "fr-FR")
    #expect(
      try off.translate("story_body_secondary")
        == "ReRune applique les mises à jour de traduction publiées directement dans votre application."
    )
    let (on, _) = try Self.engine(locale: "fr-FR", beta: true)
    #expect(
      try on.translate("story_body_secondary")
        == "Bêta\u{00A0}: ReRune actualise désormais cette histoire tout seul pendant votre lecture."
    )
  }
}
