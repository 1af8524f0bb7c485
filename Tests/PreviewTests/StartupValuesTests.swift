import Foundation
import ReRune
import TerminalUI
import Testing

@testable import Preview
@testable import PreviewCLI

@Suite("Start-up values are checked")
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

@Suite("Usage and publish wording")
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
    for term in [nil, "", "dumb", "DUMB", "unknown", "nonexistent-term"] {
      #expect(
        TerminalRequirement.refusal(term: term)?.contains("--print") == true, "\(term ?? "nil")")
    }
    for term in [
      "xterm", "xterm-256color", "vt100", "vt52", "screen", "screen-256color", "tmux-256color",
    ] {
      #expect(TerminalRequirement.refusal(term: term) == nil, "\(term)")
    }
  }
}

@Suite("The TERM check asks terminfo, not a list of names")
struct TerminfoRequirementTests {
  @Test func terminfoSaysWhatIsMissing() throws {
    let dumb = TerminalCapabilities.lookUp("dumb")
    #expect(dumb.lookup == .found && !dumb.cursorAddressing, "\(dumb)")
    #expect(
      TerminalRequirement.refusal(term: "dumb")?.contains("no cursor addressing (cup)") == true)
    #expect(TerminalCapabilities.lookUp("nonexistent-term").lookup == .unknown)
    let unknown = try #require(TerminalRequirement.refusal(term: "nonexistent-term"))
    #expect(unknown.contains("terminfo does not know TERM 'nonexistent-term'"), "\(unknown)")
    #expect(TerminalCapabilities.lookUp("vt52").canAddressCursor)
    #expect(TerminalCapabilities.lookUp("xterm-256color").canAddressCursor)
  }

  @Test func theDecisionFollowsTheCapabilities() {
    func refusal(_ capabilities: TerminalCapabilities) -> String? {
      TerminalRequirement.refusal(term: "xterm", capabilities: { _ in capabilities })
    }
    #expect(refusal(.init(lookup: .found, cursorAddressing: true, clearScreen: true)) == nil)
    #expect(
      refusal(.init(lookup: .found, cursorAddressing: false, clearScreen: true))?
        .contains("TERM 'xterm' has no cursor addressing (cup) in terminfo") == true)
    #expect(
      refusal(.init(lookup: .found, cursorAddressing: true, clearScreen: false))?
        .contains("clearing the screen (clear)") == true)
    #expect(
      refusal(.init(lookup: .noDatabase, cursorAddressing: false, clearScreen: false))?
        .contains("no terminfo database") == true)
  }
}

/// The real binary with several TERM values, and terminfo entries compiled for the test (one
/// without `cup` under an ordinary-looking name): no terminal needed for the refusal.
@Suite(
  "messagevisor-preview refuses terminals terminfo cannot address (issue 15, defect 8)",
  .enabled(if: PreviewBinary.exists, "SKIPPED: .build/debug/messagevisor-preview is missing"))
struct TerminfoRefusalTests {
  static let tic = ["/usr/bin/tic", "/usr/local/bin/tic"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static func run(term: String, terminfo: String? = nil, _ arguments: [String] = []) -> Spawn.Result
  {
    let environment = ["TERM=\(term)"] + (terminfo.map { ["TERMINFO=\($0)"] } ?? [])
    return Spawn.run(
      ["/usr/bin/env"] + environment + [PreviewBinary.path] + arguments,
      directory: DemoFixture.packageRoot.path)
  }

  @Test(arguments: ["dumb", "nonexistent-term"])
  func refusedWithExit2AndAdvice(term: String) {
    let result = Self.run(term: term)
    #expect(result.status == 2, "\(result.error)")
    #expect(result.error.contains("needs a terminal with cursor addressing"), "\(result.error)")
    #expect(result.error.contains("TERM=xterm-256color messagevisor-preview"))
    #expect(result.error.contains("--print"))
  }

  @Test(arguments: ["xterm", "screen-256color", "vt52"])
  func addressableTerminalsPassTheCheck(term: String) {
    // Not a tty here: refused by the tty check that comes after the TERM check.
    let result = Self.run(term: term)
    #expect(result.status == 2)
    #expect(!result.error.contains("cursor addressing"), "\(result.error)")
    #expect(result.error.contains("standard input or output is not a terminal"), "\(result.error)")
  }

  @Test(.enabled(if: TerminfoRefusalTests.tic != nil, "SKIPPED: tic is not installed"))
  func anEntryWithoutCupIsRefusedWhateverItsName() throws {
    let directory = DemoFixture.temporaryDirectory("terminfo")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let source = directory + "/entries.ti"
    try """
    mvtest-fancy|a terminal without cursor addressing,
    \tam, cols#80, lines#24, bel=^G, clear=\\E[H\\E[2J, cr=\\r,
    mvtest-plain|a terminal with cursor addressing,
    \tam, cols#80, lines#24, bel=^G, clear=\\E[H\\E[2J, cr=\\r, cup=\\E[%i%p1%d;%p2%dH,

    """.write(toFile: source, atomically: true, encoding: .utf8)
    let compiled = Spawn.run([try #require(Self.tic), "-x", "-o", directory, source])
    try #require(compiled.status == 0, "\(compiled.error)")
    let fancy = Self.run(term: "mvtest-fancy", terminfo: directory)
    #expect(fancy.status == 2)
    #expect(
      fancy.error.contains("TERM 'mvtest-fancy' has no cursor addressing (cup)"), "\(fancy.error)")
    let plain = Self.run(term: "mvtest-plain", terminfo: directory)
    #expect(plain.status == 2)
    #expect(!plain.error.contains("cursor addressing"), "\(plain.error)")
  }

  @Test(.enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
  func printNeedsNoTerminal() {
    let result = Self.run(term: "dumb", ["--print", "--width", "60", "--height", "20"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("Welcome"), "\(result.output)")
  }
}
