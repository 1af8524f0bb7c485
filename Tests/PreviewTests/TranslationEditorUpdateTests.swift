import Foundation
import MessagevisorProject
import TerminalUI
import Testing

@testable import Preview

/// The translation editor as a state value: its keys, the effects it asks for, how it takes the
/// runtime's answers, its live checks and its frames (80×24 and a terminal too small).
@Suite("Translation editor state, update and view")
struct TranslationEditorUpdateTests {
  static let snapshot = FileSnapshot(
    path: "/project/messages/k.yml", bytes: Array("translations:\n  en-US: Hi\n".utf8))

  static func editor(_ text: String = "Hi", locale: String = "en-US") -> TranslationEditorState {
    TranslationEditorState(
      key: "k", locale: locale, path: .translation(locale), snapshot: snapshot,
      displayFile: "messages/k.yml", line: 2, original: text, notes: ["description: a greeting"],
      budget: 12)
  }

  static func state(with editor: TranslationEditorState? = editor()) -> PreviewState {
    var state = PreviewFixtures.state(width: 80, height: 24)
    state.translationEditor = editor
    return state
  }

  @Test func eOnASelectedScreenStringAsksToOpenWithTheBlocksValuesAndBudget() {
    var state = PreviewFixtures.state()
    let yaml = """
      title: Welcome
      blocks:
        - paragraph: welcome_new_stories
          values:
            count: 3
        - button: welcome_open_story_cta
          width: 14
          opens: story
      """
    state.content?.screens = ScreenCatalog(screens: [
      PreviewFixtures.screen(yaml, name: "welcome"),
      PreviewFixtures.screen(PreviewFixtures.storyYAML, name: "story"),
    ])
    state.inspectedKey = "welcome_new_stories"
    let (next, effects) = state.after(.key(.character("E")))
    #expect(next.translationEditor == nil)
    guard case .translationEditor(.open(let request))? = effects.first else {
      Issue.record("no open effect: \(effects)")
      return
    }
    #expect(request.key == "welcome_new_stories")
    #expect(request.values["count"] == .literal(.int(3)))
    #expect(request.budget == nil)
    state.inspectedKey = "welcome_open_story_cta"
    let (_, button) = state.after(.key(.character("E")))
    #expect(
      button == [
        .translationEditor(
          .open(TranslationEditorRequest(key: "welcome_open_story_cta", budget: 14)))
      ])
  }

  @Test func eWithNothingSelectedSaysHowToSelect() {
    let (next, effects) = PreviewFixtures.state().after(.key(.character("E")))
    #expect(effects.isEmpty)
    #expect(next.notice?.contains("not available") == true)
  }

  @Test func typingRechecksAndAsksForARender() {
    let (next, effects) = Self.state().after(.key(.character("!")))
    #expect(next.translationEditor?.text == "Hi!")
    guard case .translationEditor(.render(let request))? = effects.first else {
      Issue.record("no render effect: \(effects)")
      return
    }
    #expect(request.text == "Hi!")
    #expect(request.locale == "en-US")
  }

  @Test func ctrlJInsertsALineBreakAndEnterSavesTheText() {
    let (next, effects) = Self.state().after(
      .key(.control("j")), .key(.character("x")), .key(.enter))
    #expect(next.translationEditor?.text == "Hi\nx")
    #expect(
      effects.last
        == .translationEditor(
          .save(
            text: "Hi\nx", path: .translation("en-US"), snapshot: Self.snapshot,
            label: "k en-US in messages/k.yml:2")))
  }

  @Test func enterOnInvalidICUAsksForNoSaveAndSaysWhere() {
    var editor = Self.editor()
    editor.editor.setText("a\n{b")
    editor.checks = TranslationEditorChecks(text: editor.text, locale: "en-US")
    let (next, effects) = Self.state(with: editor).after(.key(.enter))
    #expect(effects.isEmpty)
    #expect(next.translationEditor?.text == "a\n{b")
    #expect(next.translationEditor?.status?.contains("line 2, column 3") == true)
    #expect(next.translationEditor?.statusIsError == true)
  }

  @Test func escClosesWithoutEffects() {
    let (next, effects) = Self.state().after(.key(.escape))
    #expect(next.translationEditor == nil)
    #expect(effects.isEmpty)
    #expect(next.notice?.contains("unchanged") == true)
  }

  @Test func theMouseDoesNotReachTheViewUnderTheEditor() {
    let state = Self.state()
    let click = MouseEvent(.press(button: 1), x: 5, y: 3)
    let (next, effects) = state.after(.mouse(click))
    #expect(effects.isEmpty)
    #expect(next == state)
  }

  @Test func aSavedAnswerClosesRemembersForUndoAndLogs() {
    let change = SavedFileChange(path: "/p", before: [1], after: [2])
    let (next, _) = Self.state().after(.translationEditor(.saved(change, label: "k en-US")))
    #expect(next.translationEditor == nil)
    #expect(next.lastSave == change)
    #expect(next.events.entries.last?.line.contains("saved k en-US") == true)
    let (undone, effects) = next.after(.key(.character("u")))
    #expect(effects == [.translationEditor(.undo(change, label: "k en-US"))])
    let (after, _) = undone.after(.translationEditor(.undone(label: "k en-US")))
    #expect(after.lastSave == nil)
    #expect(after.events.entries.last?.line.contains("undid the save of k en-US") == true)
  }

  @Test func uWithoutASaveIsNotAvailable() {
    let (next, effects) = PreviewFixtures.state().after(.key(.character("u")))
    #expect(effects.isEmpty)
    #expect(next.notice?.contains("not available") == true)
  }

  @Test func aConflictKeepsTheTypedTextAndTakesTheNewSnapshot() {
    let current = FileSnapshot(path: Self.snapshot.path, bytes: Array("# new\n".utf8))
    let (typed, _) = Self.state().after(.key(.character("!")))
    let (next, _) = typed.after(
      .translationEditor(.saveFailed("not saved: the file changed on disk", current: current)))
    #expect(next.translationEditor?.text == "Hi!")
    #expect(next.translationEditor?.snapshot == current)
    #expect(next.translationEditor?.status == "not saved: the file changed on disk")
  }

  @Test func aRenderForAnOlderTextIsIgnored() {
    let (typed, _) = Self.state().after(.key(.character("!")))
    let (stale, _) = typed.after(
      .translationEditor(.rendered(text: "Hi", result: "Hi", samples: [], findings: [])))
    #expect(stale.translationEditor?.rendered == nil)
    let (fresh, _) = typed.after(
      .translationEditor(.rendered(text: "Hi!", result: "Hi!", samples: ["a"], findings: [])))
    #expect(fresh.translationEditor?.rendered == "Hi!")
    #expect(fresh.translationEditor?.renderedSamples == ["a"])
  }

  @Test func theRenderedResultIsMeasuredAgainstTheBudgetAndMaxGraphemes() {
    var editor = Self.editor()
    editor.maxGraphemes = 5
    editor.rendered = "日本語のテキスト"
    #expect(
      editor.fitProblems == [
        "16 columns where the block allows 12",
        "8 graphemes where translatorContext.maxGraphemes allows 5",
      ])
  }

  @Test func checksFlagMissingArabicCategoriesAndCoverZeroWithExactZero() {
    let checks = TranslationEditorChecks(
      text: "{n, plural, =0 {none} one {one} two {two} other {#}}", locale: "ar")
    #expect(checks.isValid)
    #expect(checks.plurals.first?.missing == ["few", "many"])
    #expect(checks.plurals.first?.samples.map(\.number) == [0, 1, 2, 3, 11, 100])
    let ordinal = TranslationEditorChecks(
      text: "{n, selectordinal, one {#st} other {#th}}", locale: "en-US")
    #expect(ordinal.plurals.first?.ordinal == true)
    #expect(ordinal.plurals.first?.missing == ["two", "few"])
  }

  @Test func theEditorFrameAt80x24ShowsTheTextChecksNotesAndKeys() {
    var editor = Self.editor("Hi {name")
    editor.checks = TranslationEditorChecks(text: editor.text, locale: "en-US")
    let lines = PreviewView.render(Self.state(with: editor)).lines()
    let text = lines.joined(separator: "\n")
    #expect(text.contains("Edit k · en-US"))
    #expect(text.contains("messages/k.yml:2 · translations.en-US"))
    #expect(text.contains("description: a greeting"))
    #expect(lines.contains { $0.contains("> Hi {name▏") })
    #expect(text.contains("✗ invalid ICU: line 1, column 9"))
    #expect(text.contains(PreviewView.editorKeys))
  }

  @Test func anInheritedStringShowsTheSourceTextAndWhatServesItAboveTheEmptyField() {
    var editor = TranslationEditorState(
      key: "k", locale: "en-GB", path: .translation("en-GB"), snapshot: Self.snapshot,
      displayFile: "messages/k.yml", line: 1, original: "", sourceLocale: "en-US",
      sourceText: "Hi there", originNote: "inherited from en-US (Hi there)")
    editor.rendered = ""
    let lines = PreviewView.render(Self.state(with: editor)).lines()
    let note = lines.firstIndex { $0.contains("inherited from en-US (Hi there)") }
    let source = lines.firstIndex { $0.contains("en-US: Hi there") }
    let field = lines.firstIndex { $0.contains("> ▏") }
    #expect(note != nil && source != nil && field != nil)
    if let note, let source, let field { #expect(note < source && source < field) }
  }

  @Test func aTerminalTooSmallForTheEditorSaysSo() {
    var state = Self.state()
    state.width = 36
    state.height = 12
    let text = PreviewView.render(state).lines().joined(separator: "\n")
    #expect(text.contains("The editor needs at least"))
    #expect(text.contains("36×12"))
  }

  @Test func aLongTextKeepsTheCursorRowAndTheKeysInView() {
    var editor = Self.editor()
    editor.editor.setText(Array(repeating: "line", count: 40).joined(separator: "\n"))
    var state = Self.state(with: editor)
    state.height = 16
    let lines = PreviewView.render(state).lines()
    #expect(lines.contains { $0.contains("line▏") })
    #expect(lines.contains { $0.contains(PreviewView.editorKeys) })
  }

  @Test func theExternalEditorGetsThePlusLineArgumentAndItsFailureIsReported() throws {
    let root = DemoFixture.temporaryDirectory("external-editor")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let record = root + "/args"
    let script = root + "/editor.sh"
    try "#!/bin/sh\necho \"$@\" > \(record)\nexit 3\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    // Read by the shell, not executed: a script just written can be "busy" for exec while a
    // child forked meanwhile by a parallel test still holds the writer's descriptor (ETXTBSY).
    let editor = ExternalEditor(environment: ["EDITOR": "/bin/sh '\(script)'"])
    let outcome = editor.open(root + "/file.yml", line: 7)
    #expect(outcome?.contains("exited with status 3") == true)
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "+7 \(root)/file.yml\n")
    #expect(ExternalEditor(environment: [:]).command == "vi")
    #expect(ExternalEditor(environment: ["VISUAL": "nano", "EDITOR": "ed"]).command == "nano")
  }
}
