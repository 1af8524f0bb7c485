import Foundation
import Messagevisor
import MessagevisorProject
import Testing

/// The demo project, read through `MessagevisorProject` (the same loader `messagevisor-swift` uses).
@Suite("Demo project")
struct DemoProjectTests {
  static func load() throws -> Project {
    try ProjectLoader().load(path: DemoPaths.project.path)
  }

  static func builder(_ project: Project) -> DatafileBuilder {
    DatafileBuilder(project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
  }

  @Test func projectDeclaresTheDemoLocalesAndTargets() throws {
    let project = try Self.load()
    #expect(project.locales.keys.sorted() == DemoPaths.locales.sorted())
    #expect(project.targets.keys.sorted() == ["mobile", "terminal"])
    #expect(project.targets["terminal"]?.context["platform"] == "terminal")
    #expect(project.targets["terminal"]?.locales?.sorted() == DemoPaths.locales.sorted())
    #expect(project.config.icuModule)
    #expect(project.config.namespaceCharacter == ".")
  }

  @Test func arabicIsRightToLeftAndEveryOtherLocaleLeftToRight() throws {
    let project = try Self.load()
    for locale in DemoPaths.locales {
      #expect(project.locales[locale]?.direction == (locale == "ar" ? "rtl" : "ltr"), "\(locale)")
    }
    let datafile = try Self.builder(project).build(target: "terminal", locale: "ar")
    #expect(datafile["direction"] == "rtl")
  }

  @Test func enGBInheritsFromEnUSWithOwnSpellings() throws {
    let project = try Self.load()
    #expect(project.locales["en-GB"]?.inheritTranslationsFrom == "en-US")
    #expect(project.locales["en-GB"]?.inheritFormatsFrom == "en-US")
    let own = project.messages.values.filter { $0.translations["en-GB"] != nil }.map(\.key).sorted()
    #expect(own == ["story_body_secondary", "welcome_badge", "welcome_locale_value"])
    #expect(project.messages["welcome_badge"]?.translations["en-GB"] == "Localisation OTA Demo")
  }

  @Test func projectHasTheSeedKeysAndNeitherLayerOnlyKey() throws {
    let project = try Self.load()
    for key in DemoPaths.seedKeys {
      #expect(project.messages[key] != nil, "\(key)")
    }
    #expect(project.messages[DemoPaths.bundleOnlyKey] == nil)
    #expect(project.messages[DemoPaths.otaOnlyKey] == nil)
  }

  /// Every message is shown by the previewer (the Welcome and Story screens, or as a list item or
  /// value of one); each must have a translation in every locale's datafile, except the one gap.
  @Test(arguments: DemoPaths.locales)
  func everyVisibleKeyExistsInEveryLocaleExceptTheGap(locale: String) throws {
    let project = try Self.load()
    let datafile = try Self.builder(project).build(target: "terminal", locale: locale)
    let translated = Set(try #require(datafile["translations"]?.objectValue).keys)
    var expected = Set(project.messages.keys)
    if locale == DemoPaths.gap.locale { expected.remove(DemoPaths.gap.key) }
    #expect(translated == expected)
    for key in translated {
      #expect(
        datafile["translations", key]?.stringValue?.isEmpty == false, "\(locale) \(key) is empty")
    }
  }

  @Test func theOnlyGapIsStoryCaptionInJapanese() throws {
    let project = try Self.load()
    let full = DemoPaths.locales.filter { $0 != "en-GB" }
    var gaps: [String] = []
    for message in project.messages.values {
      for locale in full where message.translations[locale] == nil {
        gaps.append("\(locale) \(message.key)")
      }
      for override in message.overrides {
        for locale in full
        where message.translations[locale] != nil && override.translations[locale] == nil {
          gaps.append("\(locale) \(message.key) override \(override.key)")
        }
      }
    }
    #expect(gaps == ["\(DemoPaths.gap.locale) \(DemoPaths.gap.key)"])
  }

  @Test func engineFeaturesArePresent() throws {
    let project = try Self.load()
    let legacy = try #require(project.messages["legacy_banner"])
    #expect(legacy.deprecated)
    #expect(legacy.deprecationWarning?.isEmpty == false)
    #expect(project.messages.values.filter { $0.deprecated }.count == 1)
    #expect(project.messages["welcome_title"]?.meta?["maxWidth"] == 40)
    #expect(project.messages["welcome_title"]?.overrides.map(\.key) == ["enterprise", "pro"])
    let beta = try #require(project.segments["beta-readers"]?.conditions.arrayValue?.first)
    #expect(beta["feature"] == "betaStories")
    #expect(beta["operator"] == "isEnabled")
    let texts = project.messages.values.flatMap { message in
      Array(message.translations.values)
        + message.overrides.flatMap { Array($0.translations.values) }
    }
    for fragment in [
      ", plural,", ", selectordinal,", ", select,", ", number, money}", ", date, syncDate}",
      ", time, release}",
    ] {
      #expect(texts.contains { $0.contains(fragment) }, "some message uses \(fragment)")
    }
  }

  @Test func testSpecsCoverEveryKind() throws {
    let project = try Self.load()
    let kinds = Set(project.tests.map(\.kind.rawValue))
    #expect(kinds == ["message", "segment", "target", "locale"])
    let tested = Set(project.tests.filter { $0.kind == .message }.map(\.subject))
    for key in [
      "welcome_title", "welcome_new_stories", "welcome_visit_ordinal", "welcome_plan_summary",
      "welcome_price", "welcome_last_synced_value", "story_next_chapter", "story_caption",
      "legacy_banner",
    ] {
      #expect(tested.contains(key), "\(key) has a message spec")
    }
  }

  /// The demo's own specs, run in process exactly as `messagevisor-swift test
  /// --projectDirectoryPath=Demo/project --withIcuModule` runs them (no space normalisation).
  @Test(
    .enabled(
      if: ProjectModules.icuAvailable,
      "the project runner has no ICU module wired yet (ProjectModules.icuAvailable is false)"))
  func demoTestSpecsPass() throws {
    let project = try Self.load()
    var options = TestRunOptions()
    options.target = "terminal"
    options.withICUModule = true
    let summary = try TestRunner(project: project, options: options).run()
    let failures = summary.specs.flatMap { spec in
      spec.assertions.filter { !$0.passed }.map {
        "\(spec.file): \($0.description): expected \($0.expected ?? "-"), got \($0.actual ?? "-") \($0.problems)"
      }
    }
    #expect(summary.assertionsPassed >= 170)
    #expect(
      failures.isEmpty, "\(failures.count) failing:\n\(failures.prefix(10).joined(separator: "\n"))"
    )
  }

  @Test func otaPayloadsPublishWhatTheTerminalDatafilesShow() throws {
    let project = try Self.load()
    let builder = Self.builder(project)
    for locale in DemoPaths.locales where locale != "en-GB" {
      let datafile = try builder.build(target: "terminal", locale: locale)
      let payload = try DemoPaths.json(DemoPaths.ota.appendingPathComponent("\(locale).xcstrings"))
      for key in DemoPaths.seedKeys
      where !(locale == DemoPaths.gap.locale && key == DemoPaths.gap.key) {
        // The terminal copy: an unconditional (build-time specialised) override, else the base text.
        let overrides = datafile["messages", key, "overrides"]?.arrayValue ?? []
        let unconditional = overrides.first { $0["conditions"] == nil && $0["segments"] == nil }
        let shown = unconditional?["translation"] ?? datafile["translations", key]
        let published = payload["strings", key, "localizations", locale, "stringUnit", "value"]
        #expect(published == shown, "\(locale) \(key)")
      }
    }
  }
}
