import Foundation
import ReRune
import Testing

@testable import Preview
@testable import PreviewCLI

@Suite("Start-up values are checked (issue 15, defects 2 and 12)")
struct StartupValuesTests {
  static let loaded = ["en-US", "nl-NL", "ar", "ja-JP"]

  @Test func localesMatchExactlyCaseInsensitivelyOrByLanguage() throws {
    #expect(try StartupValues.locale("nl-NL", loaded: Self.loaded) == ("nl-NL", nil))
    let lower = try StartupValues.locale("NL-nl", loaded: Self.loaded)
    #expect(lower.locale == "nl-NL" && lower.note?.contains("nl-NL") == true)
    let language = try StartupValues.locale("nl", loaded: Self.loaded)
    #expect(language.locale == "nl-NL" && language.note != nil)
    #expect(try StartupValues.locale("ar-SA", loaded: Self.loaded).locale == "ar")
  }

  @Test(arguments: ["pt-BR", "xx-YY", "", "ja-KR-x"])
  func unknownLocalesFailListingTheLoadedOnes(requested: String) {
    do {
      _ = try StartupValues.locale(requested, loaded: Self.loaded)
      Issue.record("\(requested) was accepted")
    } catch {
      #expect(error.isUsageError)
      #expect(error.description.contains("en-US, nl-NL, ar, ja-JP"), "\(error.description)")
    }
  }

  @Test func currenciesAndTimeZones() throws {
    let examples = PreviewChoices().currencies
    #expect(try StartupValues.currency("EUR", examples: examples) == ("EUR", nil))
    #expect(try StartupValues.currency("eur", examples: examples).currency == "EUR")
    for bad in ["", "EURO", "XQZ", "€"] {
      #expect(throws: PreviewLauncher.Failure.self) {
        try StartupValues.currency(bad, examples: examples)
      }
    }
    let zones = PreviewChoices().timeZones
    #expect(
      try StartupValues.timeZone("Europe/Amsterdam", examples: zones).timeZone == "Europe/Amsterdam"
    )
    #expect(try StartupValues.timeZone("Etc/UTC", examples: zones).timeZone == "Etc/UTC")
    do {
      _ = try StartupValues.timeZone("Mars/Base", examples: zones)
      Issue.record("Mars/Base was accepted")
    } catch {
      #expect(error.isUsageError && error.description.contains("Europe/Amsterdam"))
    }
  }

  @Test func prepareRejectsBadValuesWithUsageErrors() throws {
    guard DemoFixture.demoExists else {
      print("[PreviewTests] Demo/ missing; skipping prepareRejectsBadValuesWithUsageErrors")
      return
    }
    let root = DemoFixture.packageRoot.path
    let file = DemoFixture.temporaryDirectory("cachefile") + "/file"
    _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    let cases: [(PreviewOptions) -> PreviewOptions] = [
      {
        var o = $0
        o.locale = "pt-BR"
        return o
      },
      {
        var o = $0
        o.currency = ""
        return o
      },
      {
        var o = $0
        o.timeZone = "Mars/Base"
        return o
      },
      {
        var o = $0
        o.resources = "/nope-\(UUID().uuidString)"
        return o
      },
      {
        var o = $0
        o.cacheDirectory = file
        return o
      },
    ]
    for change in cases {
      let options = change(PreviewOptions())
      let paths = try DemoPaths.resolve(options, currentDirectory: root)
      do {
        _ = try PreviewLauncher.prepare(
          options: options, paths: paths, modules: PreviewLauncher.defaultModules())
        Issue.record("accepted \(options)")
      } catch {
        #expect(error.isUsageError, "\(error.description)")
      }
    }
    var options = PreviewOptions()
    options.locale = "nl"
    options.cacheDirectory = DemoFixture.temporaryDirectory("nlcache")
    let paths = try DemoPaths.resolve(options, currentDirectory: root)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    #expect(prepared.configuration.locale == "nl-NL")
    #expect(prepared.notes.count == 1)
  }
}

@Suite("Usage and publish wording (issue 15, defects 8, 12, 13)")
struct PreviewWordingTests {
  @Test func usageNamesRemoveAndTheCache() {
    #expect(PreviewOptions.usage.contains("--value TEXT | --remove"))
    #expect(PreviewOptions.usage.contains("XDG_CACHE_HOME"))
  }

  @Test func removingAKeyDoesNotPromiseABundledFallback() {
    let result = OTAPublishResult(
      locale: "nl-NL", key: "ota_only", action: .removed, previousValue: "x", value: nil,
      localeVersion: 2, manifestVersion: 3, payloadPath: "nl-NL.xcstrings")
    #expect(!result.summary.contains("now fall back to bundled text"))
    #expect(result.summary.contains("if they have one"))
  }

  @Test func dumbTerminalsAreRefused() {
    for term in [nil, "", "dumb", "DUMB", "unknown"] {
      #expect(TerminalRequirement.refusal(term: term)?.contains("--print") == true)
    }
    for term in ["xterm", "xterm-256color", "vt100", "screen", "tmux-256color"] {
      #expect(TerminalRequirement.refusal(term: term) == nil)
    }
  }
}
