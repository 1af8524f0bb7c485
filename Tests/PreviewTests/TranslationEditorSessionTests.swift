import Foundation
import Messagevisor
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// The translation editor on a private copy of the demo project, through the real loop and
/// session (keys in, files and state out): opening on each kind of origin, saving one scalar,
/// refusals, conflicts and undo.
@Suite(
  "Translation editor on a copy of the demo",
  .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"))
struct TranslationEditorSessionTests {
  /// A loop over a private copy of `Demo/project` (no OTA site), started on the Welcome screen.
  final class Fixture {
    let root: String
    let loop: PreviewLoop
    var project: String { root + "/project" }

    init(locale: String, context: MessagevisorContext = [:]) throws {
      root = DemoFixture.temporaryDirectory("editor")
      try FileManager.default.copyItem(
        atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path,
        toPath: root + "/project")
      var options = PreviewOptions()
      options.project = root + "/project"
      options.locale = locale
      options.cacheDirectory = root + "/cache"
      options.timeZone = "UTC"
      options.currency = "EUR"
      options.context = context
      let paths = try DemoPaths.resolve(options, currentDirectory: root)
      let prepared = try PreviewLauncher.prepare(
        options: options, paths: paths, modules: PreviewLauncher.defaultModules())
      var configuration = prepared.configuration
      configuration.now = { Date(timeIntervalSince1970: 1_800_000_000) }
      let session = PreviewSession(configuration, inbox: PreviewInbox())
      var state = PreviewState(otaSource: prepared.otaSummary, width: 100, height: 30)
      state.screen = "welcome"
      loop = PreviewLoop(
        screen: HeadlessScreen(width: 100, height: 30), session: session, state: state,
        interval: 0)
      loop.start()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func file(_ key: String) -> String { project + "/messages/\(key).yml" }

    func bytes(_ key: String) throws -> [UInt8] {
      Array(try Data(contentsOf: URL(fileURLWithPath: file(key))))
    }

    func press(_ keys: Key...) {
      for key in keys { loop.dispatch(.key(key)) }
    }

    func type(_ text: String) {
      for character in text { loop.dispatch(.key(.character(character))) }
    }

    /// Selects `key` on the screen with `]` (as a user steps through the strings).
    func select(_ key: String) {
      for _ in 0..<80 where loop.state.inspectedKey != key { press(.character("]")) }
    }

    /// Selects `key` and presses `E`.
    func edit(_ key: String) -> TranslationEditorState? {
      select(key)
      press(.character("E"))
      return loop.state.translationEditor
    }
  }

  /// Lines of two texts that differ (same line count assumed, as a one-scalar splice keeps).
  static func changedLines(_ before: [UInt8], _ after: [UInt8]) -> [(String, String)] {
    let old = String(decoding: before, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let new = String(decoding: after, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard old.count == new.count else { return [("line count", "\(old.count) → \(new.count)")] }
    return zip(old, new).filter { $0 != $1 }.map { (String($0), String($1)) }
  }

  @Test func editorOpensOnTheBaseTranslationWithItsNotesAndLine() throws {
    let fixture = try Fixture(locale: "en-US")
    let editor = try #require(fixture.edit("legacy_banner"))
    #expect(editor.path == .translation("en-US"))
    #expect(editor.original == "New: stories now update over the air.")
    #expect(editor.text == editor.original)
    #expect(editor.displayFile == "messages/legacy_banner.yml")
    #expect(editor.line == 12)
    #expect(editor.notes.contains { $0.hasPrefix("description: Old announcement banner") })
    #expect(editor.notes.contains { $0.hasPrefix("meta: component=banner") })
    #expect(editor.rendered == "New: stories now update over the air.")
    #expect(editor.originNote == nil)
  }

  @Test func enterSavesOneScalarAndLogsIt() throws {
    let fixture = try Fixture(locale: "en-US")
    let before = try fixture.bytes("legacy_banner")
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.press(.control("u"))
    fixture.type("Stories travel over the air now.")
    fixture.press(.enter)
    let after = try fixture.bytes("legacy_banner")
    let changed = Self.changedLines(before, after)
    #expect(changed.count == 1)
    #expect(changed.first?.1 == "  en-US: \"Stories travel over the air now.\"")
    #expect(fixture.loop.state.translationEditor == nil)
    #expect(fixture.loop.state.lastSave?.after == after)
    #expect(
      fixture.loop.state.events.entries.contains {
        $0.line.contains("saved legacy_banner en-US in messages/legacy_banner.yml:12")
      })
  }

  @Test func anICUErrorIsRefusedAndTheTextKept() throws {
    let fixture = try Fixture(locale: "en-US")
    let before = try fixture.bytes("legacy_banner")
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.press(.control("u"))
    fixture.type("Hello {name")
    let typed = try #require(fixture.loop.state.translationEditor)
    #expect(typed.checks.syntaxError?.line == 1)
    #expect(typed.checks.syntaxError?.column == 12)
    fixture.press(.enter)
    #expect(try fixture.bytes("legacy_banner") == before)
    let editor = try #require(fixture.loop.state.translationEditor)
    #expect(editor.text == "Hello {name")
    #expect(editor.statusIsError)
    #expect(editor.status?.contains("invalid ICU") == true)
  }

  @Test func typedTextGetsTheLintersTextChecksLive() throws {
    let fixture = try Fixture(locale: "nl-NL")
    _ = try #require(fixture.edit("legacy_banner"))
    #expect(fixture.loop.state.translationEditor?.findings == [])
    fixture.press(.control("u"))
    // A trailing space and a zero-width space the source does not have.
    fixture.type("Nieuw: verhalen\u{200B} worden nu bijgewerkt. ")
    let typed = try #require(fixture.loop.state.translationEditor)
    let codes = Set(typed.findings.map(\.code))
    #expect(codes == ["whitespace_mismatch", "invisible_characters"])
    #expect(typed.findings.allSatisfy { $0.path == "translations.nl-NL" && $0.locale == "nl-NL" })
    let state = fixture.loop.state
    let frame = PreviewView.render(
      state, size: TerminalSize(width: state.width, height: state.height)
    )
    .lines().joined(separator: "\n")
    #expect(frame.contains("whitespace_mismatch"))
    // The source text itself, copied: identical to the English source.
    fixture.press(.control("u"))
    fixture.type("New: stories now update over the air.")
    let copied = try #require(fixture.loop.state.translationEditor)
    #expect(copied.findings.map(\.code) == ["untranslated"])
    // Fixed: nothing left.
    fixture.press(.control("u"))
    fixture.type("Nieuw: verhalen worden nu via OTA bijgewerkt.")
    #expect(fixture.loop.state.translationEditor?.findings == [])
  }

  @Test func escCancelsWithoutWriting() throws {
    let fixture = try Fixture(locale: "en-US")
    let before = try fixture.bytes("legacy_banner")
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.type(" more")
    fixture.press(.escape)
    #expect(fixture.loop.state.translationEditor == nil)
    #expect(try fixture.bytes("legacy_banner") == before)
    #expect(fixture.loop.state.lastSave == nil)
  }

  @Test func aConflictKeepsBothTextsAndTheNextEnterSavesOverTheNewFile() throws {
    let fixture = try Fixture(locale: "en-US")
    _ = try #require(fixture.edit("legacy_banner"))
    let external =
      String(decoding: try fixture.bytes("legacy_banner"), as: UTF8.self) + "# edited elsewhere\n"
    try external.write(toFile: fixture.file("legacy_banner"), atomically: false, encoding: .utf8)
    fixture.press(.control("u"))
    fixture.type("Mine")
    fixture.press(.enter)
    #expect(String(decoding: try fixture.bytes("legacy_banner"), as: UTF8.self) == external)
    let editor = try #require(fixture.loop.state.translationEditor)
    #expect(editor.text == "Mine")
    #expect(editor.status?.contains("changed on disk") == true)
    #expect(fixture.loop.state.lastSave == nil)
    // The next Enter saves over the file as it is now: the external line stays.
    fixture.press(.enter)
    let saved = String(decoding: try fixture.bytes("legacy_banner"), as: UTF8.self)
    #expect(saved.contains("  en-US: \"Mine\"") || saved.contains("  en-US: Mine"))
    #expect(saved.hasSuffix("# edited elsewhere\n"))
  }

  @Test func undoRestoresTheFileByteForByteOnlyWhileItIsWhatTheSaveWrote() throws {
    let fixture = try Fixture(locale: "en-US")
    let before = try fixture.bytes("legacy_banner")
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.type("!")
    fixture.press(.enter)
    #expect(try fixture.bytes("legacy_banner") != before)
    fixture.press(.character("u"))
    #expect(try fixture.bytes("legacy_banner") == before)
    #expect(fixture.loop.state.lastSave == nil)
    #expect(fixture.loop.state.events.entries.contains { $0.line.contains("undid the save") })

    // Saved again, then changed by someone else: u refuses and leaves their edit.
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.type("?")
    fixture.press(.enter)
    let theirs = String(decoding: try fixture.bytes("legacy_banner"), as: UTF8.self) + "# theirs\n"
    try theirs.write(toFile: fixture.file("legacy_banner"), atomically: false, encoding: .utf8)
    fixture.press(.character("u"))
    #expect(String(decoding: try fixture.bytes("legacy_banner"), as: UTF8.self) == theirs)
    #expect(fixture.loop.state.notice?.contains("cannot undo") == true)
  }

  @Test func anInheritedTranslationStartsEmptyWithTheSourceTextShown() throws {
    let fixture = try Fixture(locale: "en-GB")
    let editor = try #require(fixture.edit("legacy_banner"))
    #expect(editor.path == .translation("en-GB"))
    #expect(editor.text == "")
    #expect(editor.originNote?.contains("inherited from en-US") == true)
    #expect(editor.sourceLocale == "en-US")
    #expect(editor.sourceText == "New: stories now update over the air.")
  }

  @Test func theWinningOverrideIsEditedWithItsTranslatorContext() throws {
    let fixture = try Fixture(locale: "en-US", context: ["plan": "enterprise"])
    let editor = try #require(fixture.edit("welcome_title"))
    #expect(editor.path == .override(0, locale: "en-US"))
    #expect(editor.original == "Welcome to ReRune Enterprise")
    #expect(editor.maxGraphemes == 40)
    #expect(editor.notes.contains { $0.contains("Keep the product names") })
  }

  @Test func arabicPluralsRenderEveryCategoryWithTheScreenValues() throws {
    let fixture = try Fixture(locale: "ar")
    let editor = try #require(fixture.edit("welcome_new_stories"))
    #expect(editor.values["count"] == .int(3))
    let plural = try #require(editor.checks.plurals.first)
    #expect(plural.samples.map(\.category) == ["zero", "one", "two", "few", "many", "other"])
    #expect(plural.missing.isEmpty)
    #expect(editor.renderedSamples.count == 6)
    #expect(editor.renderedSamples.first?.hasPrefix("count zero (0): ") == true)
    #expect(editor.rendered?.contains("3") == true)
    // Dropping the `two` branch flags it.
    fixture.press(.control("u"))
    fixture.type("{count, plural, one {واحدة} other {# قصة}}")
    let edited = try #require(fixture.loop.state.translationEditor)
    #expect(edited.checks.plurals.first?.missing == ["zero", "two", "few", "many"])
  }

  @Test func aStringTheProjectDoesNotHaveIsRefusedWithANote() throws {
    let fixture = try Fixture(locale: "en-US")
    fixture.loop.dispatch(
      .translationEditor(
        fixture.loop.session.performEditor(.open(TranslationEditorRequest(key: "no_such_key")))!))
    #expect(fixture.loop.state.translationEditor == nil)
    #expect(fixture.loop.state.notice?.contains("not a message of the project") == true)
  }

  @Test func savingReviewedCopyMarksItTranslated() throws {
    let fixture = try Fixture(locale: "nl-NL")
    let path = fixture.file("legacy_banner")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try
      (text
      + "translationStates:\n  nl-NL:\n    status: reviewed\n    sourceHash: aa\n    targetHash: bb\n")
      .write(toFile: path, atomically: false, encoding: .utf8)
    _ = try #require(fixture.edit("legacy_banner"))
    fixture.type("!")
    fixture.press(.enter)
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(fixture.loop.state.translationEditor == nil)
    #expect(saved.contains("    status: translated\n    sourceHash: aa\n"))
    #expect(saved.contains("  nl-NL: \"Nieuw: verhalen worden nu via OTA bijgewerkt.!\""))
  }

  @Test func anAnchoredTranslationIsRefusedWithAPointerToO() throws {
    let fixture = try Fixture(locale: "en-US")
    let path = fixture.file("legacy_banner")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "  en-US: \"New:", with: "  en-US: &banner \"New:")
      .write(toFile: path, atomically: false, encoding: .utf8)
    _ = try #require(fixture.edit("legacy_banner"))
    let before = try fixture.bytes("legacy_banner")
    fixture.type("!")
    fixture.press(.enter)
    #expect(try fixture.bytes("legacy_banner") == before)
    let editor = try #require(fixture.loop.state.translationEditor)
    #expect(editor.status?.contains("o opens the file") == true)
    #expect(editor.text.hasSuffix("!"))
  }

  @Test func aReadOnlyOrDeletedFileKeepsTheTextWithANote() throws {
    let fixture = try Fixture(locale: "en-US")
    _ = try #require(fixture.edit("legacy_banner"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o444], ofItemAtPath: fixture.file("legacy_banner"))
    fixture.type(" x")
    fixture.press(.enter)
    let editor = try #require(fixture.loop.state.translationEditor)
    #expect(editor.text.hasSuffix(" x"))
    #expect(editor.status?.contains("read-only") == true)

    try FileManager.default.removeItem(atPath: fixture.file("legacy_banner"))
    fixture.press(.enter)
    let after = try #require(fixture.loop.state.translationEditor)
    #expect(after.text.hasSuffix(" x"))
    #expect(after.status?.contains("does not exist") == true)
    #expect(!FileManager.default.fileExists(atPath: fixture.file("legacy_banner")))
  }
}
