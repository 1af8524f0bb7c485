import Foundation
import Testing

@testable import Preview

/// `--locale pseudo` and `--locale en-XA` start in the pseudo-locale (as `--help` and README say),
/// `gallery --locales pseudo` renders it, and `en-XA` never becomes `en` by language.
@Suite struct PseudoLocaleStartupTests {
  static let loaded = ["en", "en-US", "nl-NL"]

  @Test func thePseudoAliasAndIdentifierSelectThePseudoLocale() throws {
    #expect(
      try StartupValues.locale("pseudo", loaded: Self.loaded, pseudo: "en-XA") == ("en-XA", nil))
    #expect(
      try StartupValues.locale("en-XA", loaded: Self.loaded, pseudo: "en-XA") == ("en-XA", nil))
    let typed = try StartupValues.locale("EN_xa", loaded: Self.loaded, pseudo: "en-XA")
    #expect(typed.locale == "en-XA")
    #expect(typed.note?.contains("pseudo-locale en-XA") == true)
  }

  @Test func anUnknownLocaleListsThePseudoLocaleAndSuggestsTheClosest() {
    do {
      _ = try StartupValues.locale("nl-NK", loaded: Self.loaded, pseudo: "en-XA")
      Issue.record("nl-NK was accepted")
    } catch {
      #expect(error.isUsageError)
      #expect(error.description.contains("did you mean nl-NL?"), "\(error.description)")
      #expect(error.description.contains("en-XA (--locale pseudo)"), "\(error.description)")
    }
  }

  @Test func galleryLocalesAcceptThePseudoLocale() throws {
    let project = PreviewProject(
      path: "/nonexistent", target: "app", datafiles: [:], locales: ["en-US", "nl-NL"],
      sourceLocale: "en-US")
    #expect(project.pseudoLocale == "en-XA")
    #expect(
      try GalleryRenderer.locales(["pseudo", "nl-NL"], project: project) == ["en-XA", "nl-NL"])
    #expect(try GalleryRenderer.locales(["en-XA"], project: project) == ["en-XA"])
    do {
      _ = try GalleryRenderer.locales(["nl-NK"], project: project)
      Issue.record("nl-NK was accepted")
    } catch {
      #expect(error.description.contains("did you mean nl-NL?"), "\(error.description)")
    }
  }

  @Test func aProjectWithTheLocaleItselfHasNoSeparatePseudoLocale() {
    let project = PreviewProject(
      path: "/nonexistent", target: "app", datafiles: [:], locales: ["en-US", "en-XA"],
      sourceLocale: "en-US")
    #expect(project.pseudoLocale == nil)
  }
}

/// The real binary on upstream's project-1 (`../shared`), whose locales include `en`.
@Suite(
  "messagevisor-preview --locale en-XA on project-1 (needs ../shared)",
  .enabled(if: PreviewBinary.exists, "SKIPPED: .build/debug/messagevisor-preview is missing"),
  .enabled(
    if: FileManager.default.fileExists(atPath: ProjectOneFixture.path),
    "SKIPPED: ../shared/fixtures/messagevisor-project-1 is missing"))
struct PseudoLocaleProjectOneTests {
  static let fixture = ProjectOneFixture.path

  @Test(arguments: ["en-XA", "pseudo"])
  func printStartsInThePseudoLocaleNotInEnglish(locale: String) {
    let result = Spawn.run([
      PreviewBinary.path, "--project", Self.fixture, "--target", "swift", "--locale", locale,
      "--screen", "messages", "--print", "--width", "120", "--height", "30",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("en-XA"), "\(result.output)")
    #expect(!result.error.contains("using en,"), "\(result.error)")
    #expect(!result.error.contains("not a locale"), "\(result.error)")
  }
}

/// Where upstream's project-1 is (`../shared`).
enum ProjectOneFixture {
  static let path = "/work/shared/fixtures/messagevisor-project-1"
}
