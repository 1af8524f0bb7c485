import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

@Suite("Previewer: projects with sets", .serialized)
struct PreviewSetsTests {
  @Test func aSetsProjectOpenedWithoutSetShowsTheFirstSetAndSaysSoInTheStatusBar() throws {
    let fixture = try ProjectSessionFixture(root: try SetsProject.write())
    #expect(fixture.prepared.project.set == "dev")
    #expect(fixture.prepared.project.sets == SetsProject.sets)
    #expect(fixture.loop.state.content?.text("app.title").text == "Dev title")
    let frame = fixture.frame
    #expect(fixture.header.contains("set dev · en-US"), "\(frame)")
    let status = frame.split(separator: "\n").dropLast().last.map(String.init) ?? ""
    #expect(status.contains("this project uses sets: showing set dev"), "\(frame)")
  }

  @Test func anUnknownSetIsAUsageErrorThatSuggestsTheClosestSet() throws {
    let root = try SetsProject.write()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var options = PreviewOptions()
    options.project = root
    options.projectSet = "stagin"
    do {
      _ = try PreviewLauncher.prepare(
        options: options, paths: try DemoPaths.resolve(options, currentDirectory: root),
        modules: [], waitForFix: true)
      Issue.record("an unknown set was accepted")
    } catch let error as PreviewLauncher.Failure {
      #expect(error.isUsageError)
      #expect(error.description.contains("unknown set \"stagin\" (did you mean staging?)"))
      #expect(error.description.contains("dev, production, staging"))
    }
  }

  @Test func theHeaderNamesTheSetAt80x24() throws {
    let fixture = try ProjectSessionFixture(root: try SetsProject.write(), set: "production")
    #expect(fixture.prepared.notice == nil)
    let lines = PreviewView.render(fixture.loop.state).lines()
    #expect(lines.count == 24 && lines[0].count <= 80)
    #expect(lines[0].contains("set production · en-US ltr"), "\(lines[0])")
    #expect(fixture.frame.contains("Production title"))
  }

  @Test func theSetPickerListsEverySetAt80x24AndSwitchesToTheChosenOne() throws {
    let fixture = try ProjectSessionFixture(root: try SetsProject.write())
    // `?` lists the key.
    #expect(KeyTable.bindings.contains { $0.action == .pickSet && $0.keys == [.character("S")] })
    #expect(KeyTable.binding(for: .character("S"), in: fixture.loop.state)?.action == .pickSet)
    fixture.press(.character("S"))
    let picker = fixture.frame
    #expect(picker.contains("Set 1/3"), "\(picker)")
    #expect(picker.contains("▶ dev") && picker.contains("shown"), "\(picker)")
    #expect(picker.contains("  production") && picker.contains("  staging"), "\(picker)")
    fixture.press(.character("j"), .character("j"))
    // Enter asks the runtime for the set and says so until it is on display.
    let (chosen, effects) = PreviewUpdate.update(fixture.loop.state, .key(.enter))
    #expect(effects == [.switchSet("staging")])
    #expect(chosen.notice == "switching to set staging…" && chosen.mode == .screen)
    fixture.press(.enter)
    #expect(fixture.waitFor { $0.content?.projectSet == "staging" })
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Staging title" })
    #expect(fixture.waitFor { $0.notice == nil }, "\(fixture.loop.state.notice ?? "")")
    #expect(fixture.header.contains("set staging"), "\(fixture.frame)")
    #expect(PreviewView.helpLines().contains { $0.keys == "S" && $0.text.hasPrefix("Pick a set") })
    // Choosing the shown set again does nothing.
    fixture.press(.character("S"), .enter)
    #expect(fixture.loop.state.mode == .screen && fixture.loop.state.notice == nil)
  }

  @Test func liveEditingFollowsTheShownSet() throws {
    let root = try SetsProject.write()
    let fixture = try ProjectSessionFixture(root: root, set: "dev", watch: true)
    #expect(fixture.loop.state.content?.text("app.title").text == "Dev title")
    try SetsProject.put(root, "sets/dev/messages/app/title.yml", SetsProject.message("Dev edited"))
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Dev edited" })
    // The watcher built the set: no "this project uses sets" error.
    #expect(!fixture.loop.state.diagnostics.entries.contains { $0.code == "project_error" })
    #expect(fixture.loop.state.notice == nil)

    // Switch to staging through the picker: live editing now builds staging.
    fixture.press(.character("S"), .character("G"), .enter)
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Staging title" })
    #expect(fixture.reload?.build.set == "staging")
    try SetsProject.put(
      root, "sets/staging/messages/app/title.yml", SetsProject.message("Staging edited"))
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Staging edited" })
    #expect(fixture.header.contains("set staging"))
  }

  @Test func aSetThatDoesNotBuildIsReportedAndShownOnceFixed() throws {
    let root = try SetsProject.write("broken-set")
    let title = "sets/staging/messages/app/title.yml"
    try SetsProject.put(root, title, "translations:\n  en-US: [broken\n")
    let fixture = try ProjectSessionFixture(root: root, set: "dev", watch: true)
    fixture.press(.character("S"), .character("G"), .enter)
    #expect(
      fixture.waitFor { $0.notice?.hasPrefix("cannot show set staging until it builds") == true })
    #expect(fixture.loop.state.content?.projectSet == "dev")
    #expect(fixture.loop.state.content?.text("app.title").text == "Dev title")
    try SetsProject.put(root, title, SetsProject.message("Staging fixed"))
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Staging fixed" })
    #expect(fixture.loop.state.content?.projectSet == "staging")
    #expect(fixture.waitFor { $0.notice == nil }, "\(fixture.loop.state.notice ?? "")")
  }

  @Test func aProjectWithoutTargetsOpensWithAnImplicitTargetOfEveryMessageAndLocale() throws {
    let root = try SetsProject.write("no-targets")
    // The dev set alone, as a project without sets and without targets.
    try FileManager.default.removeItem(atPath: root + "/messagevisor.config.yml")
    for kind in ["locales", "messages"] {
      try FileManager.default.moveItem(
        atPath: root + "/sets/dev/" + kind, toPath: root + "/" + kind)
    }
    try FileManager.default.removeItem(atPath: root + "/sets")
    let fixture = try ProjectSessionFixture(root: root)
    #expect(fixture.prepared.project.target == PreviewProjectLoader.implicitTarget)
    #expect(fixture.prepared.project.locales == ["en-US", "nl-NL"])
    #expect(fixture.prepared.project.messageKeys == ["app.body", "app.title"])
    #expect(fixture.frame.contains("Dev title"))
  }

  @Test func aProjectThatDoesNotBuildAtStartOpensWithTheErrorAndShowsOnceFixed() throws {
    let root = try SetsProject.write("broken-at-start")
    try SetsProject.put(
      root, "sets/dev/messages/app/title.yml", "translations:\n  en-US: [broken\n")
    let fixture = try ProjectSessionFixture(root: root, watch: true, waitForFix: true)
    #expect(fixture.prepared.startupFailure?.contains("title.yml") == true)
    #expect(fixture.prepared.project.target == "terminal" && fixture.prepared.project.set == "dev")
    #expect(
      fixture.waitFor { state in
        state.diagnostics.entries.contains {
          $0.code == "project_error" && $0.message.contains("app/title.yml:2:10")
        }
      })
    let waiting = try #require(fixture.loop.state.notice)
    #expect(waiting.contains("waiting for a fix"))

    try SetsProject.put(root, "sets/dev/messages/app/title.yml", SetsProject.message("Fixed"))
    // The project's screen files are read while it waits: its screen is the one that renders.
    #expect(fixture.loop.state.currentScreen?.name == "home")
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Fixed" })
    #expect(fixture.loop.state.currentScreen?.name == "home")
    #expect(fixture.loop.state.content?.locale == "en-US")
    #expect(fixture.waitFor { $0.notice == nil })
    #expect(fixture.frame.contains("Fixed") && fixture.frame.contains("Body of dev"))
  }

  @Test func anErrorInTheStatusBarClearsWhenTheProjectBuildsAgain() throws {
    let root = try SetsProject.write("notice-clears")
    let fixture = try ProjectSessionFixture(root: root, set: "dev", watch: true)
    let path = "sets/dev/messages/app/body.yml"
    try SetsProject.put(root, path, "translations:\n  en-US: [broken\n")
    #expect(fixture.waitFor { $0.notice?.hasPrefix("project: ") == true })
    try SetsProject.put(root, path, SetsProject.message("Body again"))
    #expect(fixture.waitFor { $0.content?.text("app.body").text == "Body again" })
    #expect(fixture.waitFor { $0.notice == nil }, "\(fixture.loop.state.notice ?? "")")
  }

  @Test func attributesAddedWhileThePreviewerRunsReachTheContextControls() throws {
    let root = try SetsProject.write("attributes-added")
    let fixture = try ProjectSessionFixture(root: root, set: "dev", watch: true)
    #expect(fixture.loop.state.content?.attributes.isEmpty == true)
    try SetsProject.put(
      root, "sets/dev/attributes/tier.yml",
      "description: Tier\ntype: string\nenum:\n  - basic\n  - gold\n")
    #expect(fixture.waitFor { $0.content?.attributes.map(\.name) == ["tier"] })
    fixture.press(.character("p"))
    #expect(fixture.waitFor { $0.content?.context["tier"] == "basic" })
  }

  @Test func pOffersTheValuesSegmentsCompareAnObjectAttributesFieldsWith() throws {
    let root = try SetsProject.write("object-attribute")
    try SetsProject.put(
      root, "sets/dev/attributes/account.yml",
      "description: Account\ntype: object\nproperties:\n  country:\n    type: string\n")
    try SetsProject.put(
      root, "sets/dev/segments/dutch.yml",
      "description: Dutch accounts\nconditions:\n  - attribute: account.country\n    operator: equals\n    value: NL\n"
    )
    try SetsProject.put(
      root, "sets/dev/messages/app/title.yml",
      SetsProject.message("Dev title")
        + "overrides:\n  - key: dutch\n    segments: dutch\n    translations:\n      en-US: \"Hello NL\"\n"
    )
    let fixture = try ProjectSessionFixture(root: root, set: "dev")
    let account = fixture.loop.state.content?.attributes.first { $0.name == "account" }
    #expect(account?.values == [.object(["country": "NL"])])
    fixture.press(.character("p"))
    #expect(fixture.waitFor { $0.content?.text("app.title").text == "Hello NL" })
  }

  @Test func aResolvedFailureClearsOnlyItsOwnNotice() {
    var state = PreviewState()
    state = PreviewUpdate.update(state, .failure("project: broken")).0
    state = PreviewUpdate.update(state, .failureResolved("something else")).0
    #expect(state.notice == "project: broken")
    state = PreviewUpdate.update(state, .failureResolved("project: broken")).0
    #expect(state.notice == nil)
  }
}
