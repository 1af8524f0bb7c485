import Foundation
import Messagevisor
import ReRune
import Testing

@testable import Preview
@testable import PreviewCLI

@Suite("PreviewOptions and DemoPaths")
struct PreviewOptionsTests {
  @Test func parsesEveryFlag() throws {
    let options = try PreviewOptions.parse([
      "--project", "p", "--ota-site", "s", "--ota-base-url", "http://127.0.0.1:9/x",
      "--ota-publish-id", "id", "--interval", "2.5", "--locale", "nl-NL", "--currency", "EUR",
      "--time-zone", "Europe/Amsterdam", "--context", #"{"plan":"pro","beta":true}"#, "--print",
      "--screen", "story", "--width", "60", "--height", "24", "--inspect", "--cache-dir", "c",
      "--resources", "r", "--target", "ios", "--set", "blue",
    ])
    #expect(options.target == "ios" && options.projectSet == "blue")
    #expect(options.project == "p" && options.otaSite == "s" && options.resources == "r")
    #expect(options.otaBaseURL == "http://127.0.0.1:9/x" && options.otaPublishID == "id")
    #expect(options.interval == 2.5 && options.cacheDirectory == "c")
    #expect(options.locale == "nl-NL" && options.currency == "EUR")
    #expect(options.timeZone == "Europe/Amsterdam")
    #expect(options.context == ["plan": "pro", "beta": true])
    #expect(options.print && options.inspect && options.screen == "story")
    #expect(options.width == 60 && options.height == 24)
    #expect(try PreviewOptions.parse(["--help"]).help)
    #expect(try PreviewOptions.parse(["--locale=ja-JP"]).locale == "ja-JP")
  }

  @Test func noWatchTurnsLiveReloadOffAndTheUsageDescribesLiveEditing() throws {
    #expect(PreviewOptions().watch)
    #expect(try PreviewOptions.parse(["--print"]).watch)
    #expect(try !PreviewOptions.parse(["--no-watch"]).watch)
    #expect(PreviewOptions.usage.contains("--no-watch"))
    #expect(PreviewOptions.usage.contains("LIVE EDITING"))
    #expect(PreviewOptions.usage.contains("for 50 ms (at most 250 ms"))
    #expect(PreviewOptions.usage.contains("last good content"))
  }

  @Test(arguments: [
    (["--bogus"], PreviewOptionsError.unknownOption("--bogus")),
    (["--locale"], .missingValue("--locale")),
    (["--interval", "-1"], .invalidValue("--interval", "-1", "a number of seconds ≥ 0")),
    (
      ["--screen", "a/b"],
      .invalidValue("--screen", "a/b", "a screen name such as welcome or messages")
    ),
  ])
  func rejects(arguments: [String], error: PreviewOptionsError) {
    #expect(throws: error) { try PreviewOptions.parse(arguments) }
  }

  @Test func rejectsNonObjectContext() {
    #expect(throws: PreviewOptionsError.self) { try PreviewOptions.parse(["--context", "[1]"]) }
    #expect(throws: PreviewOptionsError.self) { try PreviewOptions.parse(["--context", "{"]) }
  }

  @Test func findsDemoUpwardsAndExplainsWhenMissing() throws {
    guard DemoFixture.demoExists else { return }
    let nested = DemoFixture.packageRoot.appendingPathComponent("Sources/Preview").path
    let paths = try DemoPaths.resolve(PreviewOptions(), currentDirectory: nested)
    #expect(paths.project.hasSuffix("/Demo/project"))
    #expect(paths.otaSite?.hasSuffix("/Demo/ota") == true)
    let empty = DemoFixture.temporaryDirectory("nodemo")
    defer { try? FileManager.default.removeItem(atPath: empty) }
    #expect(throws: DemoPaths.NotFound.self) {
      try DemoPaths.resolve(PreviewOptions(), currentDirectory: empty)
    }
    var explicit = PreviewOptions()
    explicit.project = "/x/project"
    explicit.otaBaseURL = "https://example.invalid"
    let resolved = try DemoPaths.resolve(explicit, currentDirectory: empty)
    #expect(resolved.project == "/x/project" && resolved.otaSite == nil)
  }

  @Test func bundleLocaleMapping() {
    let locales = ["ar", "en-GB", "en-US", "ja-JP", "nl-NL"]
    #expect(CatalogDirectory.mapLocale("Base", onto: locales, sourceLocale: "en-US") == "en-US")
    #expect(CatalogDirectory.mapLocale("en", onto: locales, sourceLocale: "en-US") == "en-US")
    #expect(CatalogDirectory.mapLocale("nl", onto: locales, sourceLocale: "en-US") == "nl-NL")
    #expect(CatalogDirectory.mapLocale("ja-JP", onto: locales, sourceLocale: "en-US") == "ja-JP")
    #expect(CatalogDirectory.mapLocale("pt_BR", onto: locales, sourceLocale: "en-US") == "pt-BR")
  }

  @Test func layersComposeInOrderWithOverlayOnTop() {
    let layers = DatafileLayers(
      bases: [
        .init(
          name: "bundle", translations: ["en-US": ["a": "bundle a", "b": "bundle b"]], target: "t"),
        .init(
          name: "project", translations: ["en-US": ["b": "project b"], "ar": ["b": "ب"]],
          target: "t"),
      ], overlay: ["en-US": ["c": "ota c"]], overlayRevision: 4)
    #expect(layers.locales == ["ar", "en-US"])
    let composed = layers.compose("en-US")
    #expect(composed?.translations == ["a": "bundle a", "b": "project b", "c": "ota c"])
    #expect(composed?.revision == "base+ota.4")
    #expect(layers.compose("ar")?.direction == "rtl")
    #expect(layers.origin(of: "a", locale: "en-US") == .layer("bundle"))
    #expect(layers.origin(of: "b", locale: "en-US") == .layer("project"))
    #expect(layers.origin(of: "c", locale: "en-US") == .ota(locale: "en-US", revision: 4))
    #expect(layers.origin(of: "z", locale: "en-US") == nil)
    #expect(layers.compose("fr-FR") == nil)
  }

  @Test func otaLocalesLandOnTheProjectsLocales() {
    var layers = DatafileLayers(bases: [
      .init(name: "project", translations: ["nl-NL": ["a": "project a"]], target: "t")
    ])
    // A manifest keyed nl_NL overlays nl-NL (the bridge's locale rule), and inspect says so.
    let touched = layers.setOverlay(["nl_NL": ["a": "ota a"]], revision: 2)
    #expect(touched == ["nl-NL"])
    #expect(layers.compose("nl-NL")?.translations["a"] == "ota a")
    #expect(layers.origin(of: "a", locale: "nl-NL") == .ota(locale: "nl_NL", revision: 2))
    #expect(TextOrigin(.ota(locale: "nl_NL", revision: 2)) == .otaOverlay(revision: 2))
  }
}
