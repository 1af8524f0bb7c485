import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

@Suite("PreviewUpdate: every key of the key table")
struct PreviewUpdateTests {
  @Test func quitKeysQuit() {
    for key in [Key.character("q"), .control("c")] {
      let (state, effects) = PreviewFixtures.state().after(.key(key))
      #expect(state.quitting)
      #expect(effects == [.quit])
    }
  }

  @Test func helpTogglesAndEscapeCloses() {
    let (open, _) = PreviewFixtures.state().after(.key(.character("?")))
    #expect(open.mode == .help)
    #expect(open.after(.key(.character("?"))).0.mode == .screen)
    #expect(open.after(.key(.escape)).0.mode == .screen)
    #expect(open.after(.key(.backspace)).0.mode == .screen)
  }

  @Test func enterOnCallToActionOpensStoryAndBackReturns() {
    let (story, effects) = PreviewFixtures.state().after(.key(.enter))
    #expect(story.screen == "story")
    #expect(effects == [.resolveContent])
    #expect(story.after(.key(.escape)).0.screen == "welcome")
    #expect(story.after(.key(.backspace)).0.screen == "welcome")
    // Back on Welcome does nothing (disabled binding).
    let (welcome, more) = PreviewFixtures.state().after(.key(.escape))
    #expect(welcome.screen == "welcome" && more.isEmpty)
  }

  @Test func tabMovesFocusAndWraps() {
    // The button (tab: 1) comes before the status line (tab: 2), though it is drawn after it.
    let start = PreviewFixtures.state()
    #expect(start.focusedAction == .open("story"))
    let (one, _) = start.after(.key(.tab))
    #expect(one.focusedAction == .refresh)
    #expect(one.after(.key(.tab)).0.focusedAction == .open("story"))
    #expect(start.after(.key(.backTab)).0.focusedAction == .refresh)
    // Enter on the refresh line runs a check.
    let (checking, effects) = one.after(.key(.enter))
    #expect(effects == [.checkForUpdates])
    #expect(checking.phase == .checking && checking.checkRunning)
  }

  @Test func storyButtonRunsCheckAndSpinnerTicks() {
    let (story, _) = PreviewFixtures.state().after(.key(.enter))
    #expect(story.focusedAction == .refresh)
    let (running, effects) = story.after(.key(.enter), .tick, .tick)
    #expect(effects == [.checkForUpdates])
    #expect(running.spinner == 2)
    // A second press while running does nothing.
    #expect(running.after(.key(.enter)).1.isEmpty)
    let (back, _) = story.after(.key(.tab), .key(.enter))
    #expect(back.screen == "welcome")
  }

  @Test func localeCycleAsksEngineForNextLoadedLocale() {
    let (_, effects) = PreviewFixtures.state().after(.key(.character("l")))
    #expect(effects == [.setLocale("ja-JP")])
    var last = PreviewFixtures.state()
    last.content?.locale = "nl-NL"
    #expect(last.after(.key(.character("l"))).1 == [.setLocale("ar")])
    var single = PreviewFixtures.state()
    single.content?.loadedLocales = ["en-US"]
    #expect(single.after(.key(.character("l"))).1.isEmpty)
  }

  @Test func localePickerNavigatesAndChooses() {
    let (picker, _) = PreviewFixtures.state().after(.key(.character("L")))
    #expect(picker.mode == .localePicker(selection: 1))
    // j/↓ wrap around at the end now (issue 15, defect 10): two steps from en-US reach nl-NL.
    let (moved, _) = picker.after(.key(.character("j")), .key(.down))
    #expect(moved.mode == .localePicker(selection: 3))
    let (up, _) = moved.after(.key(.character("k")))
    #expect(up.mode == .localePicker(selection: 2))
    let (chosen, effects) = up.after(.key(.enter))
    #expect(chosen.mode == .screen)
    #expect(effects == [.setLocale("ja-JP")])
    #expect(picker.after(.key(.escape)).0.mode == .screen)
  }

  @Test func contextKeysCycleTheProjectsAttributes() {
    let state = PreviewFixtures.state()
    // p cycles the selected attribute (the first: plan) through its enum values.
    #expect(state.after(.key(.character("p"))).1 == [.setContext(["plan": "pro"])])
    // P selects the next attribute; p then cycles it.
    let (platform, none) = state.after(.key(.character("P")))
    #expect(none.isEmpty && platform.selectedAttribute?.name == "platform")
    #expect(platform.after(.key(.character("p"))).1 == [.setContext(["platform": "ios"])])
    // b toggles the first flag when the selected attribute is not boolean.
    #expect(state.after(.key(.character("b"))).1 == [.setContext(["betaStories": true])])
    var on = state
    on.content?.context["betaStories"] = true
    #expect(on.after(.key(.character("b"))).1 == [.setContext(["betaStories": false])])
    // Selecting the flag: p toggles it too; P wraps to the first attribute.
    let (flag, _) = state.after(.key(.character("P")), .key(.character("P")))
    #expect(flag.selectedAttribute?.name == "betaStories")
    #expect(flag.after(.key(.character("p"))).1 == [.setContext(["betaStories": true])])
    #expect(flag.after(.key(.character("P"))).0.selectedAttribute?.name == "plan")
  }

  @Test func contextKeysWithoutAttributesDoNothing() {
    var state = PreviewFixtures.state()
    state.content?.attributes = []
    #expect(state.after(.key(.character("p"))).1.isEmpty)
    #expect(state.after(.key(.character("b"))).1.isEmpty)
    // An attribute with no known values explains what to do instead.
    state.content?.attributes = [ContextAttribute(name: "userId", type: "string")]
    let (noted, effects) = state.after(.key(.character("p")))
    #expect(effects.isEmpty)
    #expect(noted.notice?.contains("press e") == true)
  }

  @Test func screenKeyCyclesScreensIncludingTheMessageList() {
    let state = PreviewFixtures.state()
    let (story, effects) = state.after(.key(.character("s")))
    #expect(story.screen == "story" && effects == [.resolveContent])
    let (messages, _) = story.after(.key(.character("s")))
    #expect(messages.screen == .messages)
    #expect(messages.after(.key(.character("s"))).0.screen == "welcome")
    // Esc from a screen reached by s returns to the first screen.
    #expect(messages.after(.key(.escape)).0.screen == "welcome")
  }

  @Test func currencyAndTimeZoneCycle() {
    let state = PreviewFixtures.state()
    #expect(state.after(.key(.character("c"))).1 == [.setCurrency("EUR")])
    #expect(state.after(.key(.character("t"))).1 == [.setTimeZone("Europe/Amsterdam")])
  }

  @Test func contextEditorParsesJSONAndBareWords() {
    let (editor, _) = PreviewFixtures.state().after(.key(.character("e")))
    #expect(editor.mode == .contextEditor(ContextEditorState()))
    var typing = editor
    for c in "seats=3x" { typing = typing.after(.key(.character(c))).0 }
    typing = typing.after(.key(.backspace)).0
    let (done, effects) = typing.after(.key(.enter))
    #expect(done.mode == .screen)
    #expect(effects == [.setContext(["seats": 3])])
    // Invalid JSON stays in the editor with an error.
    var bad = editor
    for c in "name=Ada Lovelace" { bad = bad.after(.key(.character(c))).0 }
    let (rejected, none) = bad.after(.key(.enter))
    #expect(none.isEmpty)
    guard case .contextEditor(let state) = rejected.mode else {
      Issue.record("editor closed")
      return
    }
    #expect(state.error?.contains("not JSON") == true)
    // Keys typed in the editor are text, not commands.
    #expect(!editor.after(.key(.character("q"))).0.quitting)
    #expect(editor.after(.key(.escape)).0.mode == .screen)
  }

  @Test(arguments: [
    ("plan=pro", "plan", MessagevisorValue.string("pro")),
    ("beta=true", "beta", .bool(true)),
    ("seats = 12", "seats", .int(12)),
    ("name=\"Ada Lovelace\"", "name", .string("Ada Lovelace")),
    ("tags=[\"a\",1]", "tags", .array(["a", 1])),
    ("user={\"id\":7}", "user", .object(["id": 7])),
  ])
  func contextEditorValues(line: String, key: String, value: MessagevisorValue) {
    #expect(
      ContextEditorParser.parse(line) == .success(.init(key: key, value: value)))
  }

  @Test func contextEditorRejections() {
    // `plan=` is not rejected any more: it unsets plan (issue 15, defect 11).
    for line in ["plan", "=pro", "x={bad"] {
      if case .success = ContextEditorParser.parse(line) { Issue.record("accepted \(line)") }
    }
  }

  @Test func refreshKeyStartsOneCheckAndPhasesFlow() {
    let (running, effects) = PreviewFixtures.state().after(.key(.character("r")))
    #expect(effects == [.checkForUpdates])
    #expect(running.after(.key(.character("r"))).1.isEmpty)
    let finished = CheckOutcome(
      status: .updated, updatedLocales: ["nl-NL"], finishedAt: Date(timeIntervalSince1970: 100),
      manual: true)
    let (done, more) = running.after(
      .checkPhase(.downloading), .checkPhase(.applying), .checkFinished(finished))
    #expect(done.phase == .success)
    #expect(!done.checkRunning)
    #expect(done.lastSynced == Date(timeIntervalSince1970: 100))
    #expect(more == [.resolveContent])
    #expect(done.events.entries.last?.line.contains("updated nl-NL") == true)
  }

  @Test func periodicCheckDoesNotTouchPhaseButUpdatesLastSynced() {
    let outcome = CheckOutcome(
      status: .noChange, finishedAt: Date(timeIntervalSince1970: 5), manual: false)
    let (state, _) = PreviewFixtures.state().after(
      .checkStarted(manual: false), .checkFinished(outcome))
    #expect(state.phase == .idle)
    #expect(state.lastSynced == Date(timeIntervalSince1970: 5))
    #expect(state.lastCheck?.status == CheckOutcome.Status.noChange)
  }

  @Test func inspectToggles() {
    let (on, _) = PreviewFixtures.state().after(.key(.character("i")))
    #expect(on.inspect)
    #expect(!on.after(.key(.character("i"))).0.inspect)
  }

  @Test func diagnosticsPanelFilterSelectExpandClear() {
    var state = PreviewFixtures.state()
    state =
      state.after(
        .diagnostic(PreviewFixtures.diagnostic("missing_translation")),
        .diagnostic(PreviewFixtures.diagnostic("deprecated_message", level: .warn)),
        .diagnostic(PreviewFixtures.diagnostic("message_override_matched", level: .debug)),
        .diagnostic(PreviewFixtures.diagnostic("missing_translation"))
      ).0
    #expect(state.diagnostics.entries.count == 3)
    #expect(state.diagnostics.entries.last?.code == "missing_translation")
    #expect(state.diagnostics.entries.last?.count == 2)
    let (panel, _) = state.after(.key(.character("d")))
    #expect(panel.mode == .diagnostics)
    #expect(panel.diagnostics.visible.first?.code == "missing_translation")
    let (moved, _) = panel.after(.key(.character("j")), .key(.down), .key(.down))
    #expect(moved.diagnostics.selection == 2)
    #expect(moved.after(.key(.character("k"))).0.diagnostics.selection == 1)
    #expect(moved.after(.key(.pageUp)).0.diagnostics.selection == 0)
    #expect(panel.after(.key(.pageDown)).0.diagnostics.selection == 2)
    let (filtered, _) = moved.after(.key(.character("f")))
    #expect(filtered.diagnostics.filter == .error)
    #expect(filtered.diagnostics.visible.map(\.code) == ["missing_translation"])
    #expect(filtered.diagnostics.selection == 0)
    let (warn, _) = filtered.after(.key(.character("f")))
    #expect(warn.diagnostics.visible.count == 2)
    let (all, _) = warn.after(.key(.character("f")), .key(.character("f")))
    #expect(all.diagnostics.filter == nil)
    let (expanded, _) = panel.after(.key(.enter))
    #expect(expanded.diagnostics.expanded)
    #expect(!expanded.after(.key(.character(" "))).0.diagnostics.expanded)
    let (cleared, _) = panel.after(.key(.character("x")))
    #expect(cleared.diagnostics.entries.isEmpty)
    #expect(panel.after(.key(.character("d"))).0.mode == .screen)
    #expect(panel.after(.key(.escape)).0.mode == .screen)
  }

  @Test func eventsLogRecordsEngineAndOTAAndScrolls() {
    let (state, effects) = PreviewFixtures.state().after(
      .engineEvent(
        EngineEventInfo(type: "change", source: "locale_set", version: 4, detail: "en-US → nl-NL")),
      .otaRevision(12, at: Date(timeIntervalSince1970: 0)))
    #expect(effects == [.resolveContent, .resolveContent])
    #expect(state.revision == 12)
    #expect(
      state.events.entries.map(\.line) == [
        "#1 change ← locale_set v4  en-US → nl-NL", "#2 OTA revision 12",
      ])
    let (log, _) = state.after(.key(.character("v")))
    #expect(log.mode == .events)
    #expect(log.after(.key(.character("j"))).0.events.scroll == 1)
    #expect(log.after(.key(.character("j")), .key(.character("k"))).0.events.scroll == 0)
  }

  @Test func resizeAndFailureNotice() {
    let (state, _) = PreviewFixtures.state().after(
      .resize(width: 60, height: 20), .failure("no datafile for xx"))
    #expect(state.width == 60 && state.height == 20)
    #expect(state.notice == "no datafile for xx")
    #expect(state.after(.key(.character("i"))).0.notice == nil)
  }

  @Test func everyActionHasABindingAndEveryBindingADescription() {
    let bound = Set(KeyTable.bindings.map(\.action))
    #expect(bound == Set(PreviewAction.allCases))
    #expect(KeyTable.bindings.allSatisfy { !$0.description.isEmpty && !$0.keys.isEmpty })
  }

  @Test func helpBarShowsOnlyEnabledBindings() {
    var state = PreviewFixtures.state()
    #expect(KeyTable.barBindings(in: state).map(\.action).contains(.refresh))
    state.checkRunning = true
    #expect(!KeyTable.barBindings(in: state).map(\.action).contains(.refresh))
    state.mode = .diagnostics
    #expect(KeyTable.barBindings(in: state).first?.action == .selectNext)
  }

  @Test func diagnosticsAreBounded() {
    var state = PreviewFixtures.state()
    for i in 0..<(PreviewState.diagnosticsLimit + 20) {
      state = state.after(.diagnostic(PreviewFixtures.diagnostic("code\(i)"))).0
    }
    #expect(state.diagnostics.entries.count == PreviewState.diagnosticsLimit)
    #expect(state.diagnostics.entries.last?.code == "code\(PreviewState.diagnosticsLimit + 19)")
  }
}

@Suite("PreviewUpdate: events log folding")
struct PreviewEventFoldingTests {
  @Test func repeatedPeriodicNoChangeChecksFoldIntoOneLine() {
    func periodic(_ status: CheckOutcome.Status, _ t: Double) -> PreviewMessage {
      .checkFinished(
        CheckOutcome(status: status, finishedAt: Date(timeIntervalSince1970: t), manual: false))
    }
    let (state, _) = PreviewFixtures.state().after(
      periodic(.noChange, 1), periodic(.noChange, 2), periodic(.noChange, 3),
      periodic(.updated, 4), periodic(.noChange, 5))
    #expect(state.events.entries.count == 3)
    #expect(state.events.entries[0].line == "#1 OTA check (periodic) no change ×3")
    #expect(state.events.entries[0].at == Date(timeIntervalSince1970: 3))
    #expect(state.events.entries[1].line == "#2 OTA check (periodic) updated")
    #expect(state.events.entries[2].repeats == 1)
  }
}

@Suite("PreviewUpdate: q and Esc close views")
struct PreviewCloseViewTests {
  @Test func qClosesEveryViewAndQuitsOnlyFromAScreen() {
    for opener in [Key.character("?"), .character("d"), .character("v"), .character("L")] {
      let (open, _) = PreviewFixtures.state().after(.key(opener))
      #expect(open.mode != .screen, "\(opener) opens a view")
      for closer in [Key.character("q"), .escape] {
        let (closed, effects) = open.after(.key(closer))
        #expect(closed.mode == .screen, "\(closer) closes the view \(opener) opened")
        #expect(!closed.quitting && !effects.contains(.quit))
      }
    }
    #expect(PreviewFixtures.state().after(.key(.character("q"))).0.quitting)
  }
}

@Suite("PreviewUpdate: t skips equivalent time zones")
struct PreviewTimeZoneCycleTests {
  @Test func etcUTCDoesNotSwitchToUTC() {
    var state = PreviewFixtures.state()
    state.content?.timeZone = "Etc/UTC"
    #expect(state.after(.key(.character("t"))).1 == [.setTimeZone("Europe/Amsterdam")])
    #expect(TimeZoneEquivalence.equivalent("Etc/UTC", "UTC"))
    #expect(!TimeZoneEquivalence.equivalent("Europe/Amsterdam", "Europe/London"))
    #expect(!TimeZoneEquivalence.equivalent("Mars/Base", "UTC"))
    // A zone outside the list, equivalent to none, starts at the first one.
    state.content?.timeZone = "Australia/Sydney"
    #expect(state.after(.key(.character("t"))).1 == [.setTimeZone("UTC")])
  }
}
