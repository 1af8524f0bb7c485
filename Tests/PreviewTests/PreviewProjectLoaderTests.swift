import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// A small project written to a temporary directory: two targets, an enum attribute, a numeric
/// attribute compared in a segment, a feature flag, and one screen file.
enum TinyProject {
  static func write(targets: [String] = ["app", "web"], screen: String? = nil) throws -> String {
    let root = DemoFixture.temporaryDirectory("tiny")
    func put(_ path: String, _ text: String) throws {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try put("locales/en-US.yml", "description: English\n")
    try put("locales/nl-NL.yml", "description: Dutch\n")
    try put("attributes/tier.yml", "description: Tier\ntype: string\nenum:\n  - basic\n  - gold\n")
    try put("attributes/age.yml", "description: Age\ntype: integer\n")
    try put(
      "segments/adult.yml",
      "description: Adults\nconditions:\n  - attribute: age\n    operator: greaterThanOrEquals\n    value: 18\n"
    )
    try put(
      "segments/early.yml",
      "description: Early access\nconditions:\n  - feature: earlyAccess\n    operator: isEnabled\n"
    )
    try put(
      "messages/home/title.yml",
      """
      description: Title
      translations:
        en-US: "Home"
        nl-NL: "Thuis"
      overrides:
        - key: gold
          conditions:
            - attribute: tier
              operator: equals
              value: gold
          translations:
            en-US: "Gold home"
            nl-NL: "Gouden thuis"

      """)
    for target in targets {
      // Only "web" specialises: its build-time context makes the gold override always match.
      let context = target == "web" ? "context:\n  tier: gold\n" : ""
      try put(
        "targets/\(target).yml",
        "description: \(target)\nincludeMessages: \"*\"\nlocales:\n  - en-US\n  - nl-NL\n" + context
      )
    }
    if let screen { try put("previews/home.yml", screen) }
    return root
  }
}

@Suite("PreviewProjectLoader: targets, attributes, screens")
struct PreviewProjectLoaderTests {
  @Test func lintRunsInTheBackgroundUnlessPrintWaitsForIt() throws {
    let root = try TinyProject.write(targets: ["app"], screen: "title: Home\nblocks: []\n")
    defer { try? FileManager.default.removeItem(atPath: root) }
    var options = PreviewOptions()
    options.project = root
    options.cacheDirectory = root + "/cache"
    let paths = try DemoPaths.resolve(options, currentDirectory: root)
    let interactive = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    #expect(interactive.configuration.lintInBackground)
    options.print = true
    let printed = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    #expect(!printed.configuration.lintInBackground)
    #expect(PreviewSession(printed.configuration, inbox: PreviewInbox()).lintQueue == .foreground)
  }

  @Test func targetSelection() throws {
    #expect(try PreviewProjectLoader.chooseTarget(nil, in: ["only"], path: "p") == "only")
    #expect(
      try PreviewProjectLoader.chooseTarget(nil, in: ["ios", "terminal"], path: "p") == "terminal")
    #expect(
      try PreviewProjectLoader.chooseTarget("ios", in: ["ios", "terminal"], path: "p") == "ios")
    #expect(throws: PreviewProjectLoader.Failure.ambiguousTarget(available: ["ios", "web"])) {
      try PreviewProjectLoader.chooseTarget(nil, in: ["web", "ios"], path: "p")
    }
    #expect(throws: PreviewProjectLoader.Failure.unknownTarget("tv", available: ["ios", "web"])) {
      try PreviewProjectLoader.chooseTarget("tv", in: ["web", "ios"], path: "p")
    }
    #expect(throws: PreviewProjectLoader.Failure.noTargets("p")) {
      try PreviewProjectLoader.chooseTarget(nil, in: [], path: "p")
    }
    let ambiguous = PreviewProjectLoader.Failure.ambiguousTarget(available: ["ios", "web"])
    #expect(ambiguous.description.contains("--target NAME: ios, web"))
    #expect(ambiguous.isUsageError)
    #expect(!PreviewProjectLoader.Failure.project("x").isUsageError)
  }

  @Test func aProjectWithSeveralTargetsNeedsOne() throws {
    let root = try TinyProject.write()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(throws: PreviewProjectLoader.Failure.ambiguousTarget(available: ["app", "web"])) {
      try PreviewProjectLoader.load(path: root, target: nil)
    }
    let project = try PreviewProjectLoader.load(path: root, target: "web")
    #expect(project.target == "web" && project.locales == ["en-US", "nl-NL"])
    #expect(project.messageKeys == ["home.title"])
    // Without previews/ only the built-in message list is there.
    #expect(project.screens.names == ["messages"])
  }

  @Test func attributesAndDefaultsComeFromTheProject() throws {
    let root = try TinyProject.write()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let project = try PreviewProjectLoader.load(path: root, target: "web")
    let byName = Dictionary(uniqueKeysWithValues: project.attributes.map { ($0.name, $0) })
    #expect(project.attributes.map(\.name) == ["age", "tier", "earlyAccess"])
    #expect(byName["tier"]?.values == ["basic", "gold"] && byName["tier"]?.isEnum == true)
    // Numeric comparisons offer the boundary and its neighbours.
    #expect(byName["age"]?.values == [17, 18, 19])
    #expect(byName["earlyAccess"]?.source == .flag && byName["earlyAccess"]?.isBoolean == true)
    // Defaults: first enum value, flags off, then the target's context (tier: gold) over them.
    #expect(project.defaultContext == ["tier": "gold", "earlyAccess": false])
    let app = try PreviewProjectLoader.load(path: root, target: "app")
    #expect(app.defaultContext == ["tier": "basic", "earlyAccess": false])
  }

  @Test func genericControlsDriveTheEngine() throws {
    let root = try TinyProject.write(
      targets: ["app"],
      screen: "title: Home\nblocks:\n  - heading: home.title\n  - heading: home.missing\n")
    defer { try? FileManager.default.removeItem(atPath: root) }
    var options = PreviewOptions()
    options.project = root
    options.locale = "nl-NL"
    options.cacheDirectory = root + "/cache"
    let paths = try DemoPaths.resolve(options, currentDirectory: root)
    #expect(paths.resources == nil && paths.otaSite == nil)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    #expect(prepared.configuration.ota == nil && prepared.otaSummary.isEmpty)
    #expect(prepared.diagnostics.map(\.code) == ["screen_unknown_key"])
    #expect(prepared.diagnostics.first?.message.hasPrefix("previews/home.yml:4:14: ") == true)
    let session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    var state = PreviewState(width: 100, height: 30)
    state.otaEnabled = false
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: 100, height: 30), session: session, state: state, interval: 0)
    loop.start()
    #expect(loop.state.screen == "home")
    #expect(loop.state.content?.text("home.title").text == "Thuis")
    // P selects tier (after age); p cycles it to gold: the override matches.
    loop.dispatch(.key(.character("P")))
    #expect(loop.state.selectedAttribute?.name == "tier")
    loop.dispatch(.key(.character("p")))
    #expect(loop.state.content?.context["tier"] == "gold")
    #expect(loop.state.content?.text("home.title").text == "Gouden thuis")
    #expect(loop.state.content?.text("home.title").origin == .override(key: "gold"))
    // b toggles the project's only flag.
    loop.dispatch(.key(.character("b")))
    #expect(loop.state.content?.context["earlyAccess"] == true)
    let text = PreviewView.render(loop.state).plainText
    #expect(text.contains("no OTA site for this project"))
    #expect(text.contains("▶ tier"))
    // r does nothing without an OTA source.
    #expect(KeyTable.binding(for: .character("r"), in: loop.state) == nil)
  }

  @Test func reloadSwapsTheProjectThroughTheEngine() throws {
    let root = try TinyProject.write(targets: ["app"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    var options = PreviewOptions()
    options.project = root
    options.cacheDirectory = root + "/cache"
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: try DemoPaths.resolve(options, currentDirectory: root),
      modules: PreviewLauncher.defaultModules())
    let session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: 100, height: 30), session: session,
      state: PreviewState(width: 100, height: 30), interval: 0)
    loop.start()
    #expect(loop.state.screen == .messages)
    // The message list is the browser: its index holds every message's text.
    #expect(loop.state.browser.index?.entries.first { $0.key == "home.title" }?.text == "Home")
    // Edit the message and add a screen; reload; the loop picks both up from the inbox.
    let message = root + "/messages/home/title.yml"
    let edited = try String(contentsOfFile: message, encoding: .utf8)
      .replacingOccurrences(of: "\"Home\"", with: "\"Home, edited\"")
    try edited.write(toFile: message, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: root + "/previews", withIntermediateDirectories: true)
    try "title: Home\norder: 1\nblocks:\n  - heading: home.title\n".write(
      toFile: root + "/previews/home.yml", atomically: true, encoding: .utf8)
    session.reload(project: try PreviewProjectLoader.load(path: root, target: nil))
    for message in session.inbox.drain() { loop.dispatch(message) }
    #expect(loop.state.content?.text("home.title").text == "Home, edited")
    #expect(loop.state.content?.screens.names == ["home", "messages"])
    #expect(loop.state.events.entries.contains { $0.line.contains("project app reloaded") })
  }

  @Test func aProjectThatDoesNotLoadNamesTheFile() throws {
    let root = try TinyProject.write(targets: ["app"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    try "description: [broken\n".write(
      toFile: root + "/messages/home/title.yml", atomically: true, encoding: .utf8)
    do {
      _ = try PreviewProjectLoader.load(path: root, target: nil)
      Issue.record("a broken message file loaded")
    } catch {
      #expect(!error.isUsageError)
      // At the unclosed `[` (column 14), not at the end of the file (2:1).
      #expect(error.description.contains("messages/home/title.yml:1:14"), "\(error)")
    }
  }

  @Test func projectsWithSetsNeedSetAndUseTheSetsScreens() throws {
    let root = DemoFixture.temporaryDirectory("sets")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let set = try TinyProject.write(
      targets: ["app"], screen: "title: Blue\nblocks:\n  - heading: home.title\n")
    try FileManager.default.createDirectory(
      atPath: root + "/sets", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: set, toPath: root + "/sets/blue")
    try "sets: true\n".write(
      toFile: root + "/messagevisor.config.yml", atomically: true, encoding: .utf8)
    do {
      _ = try PreviewProjectLoader.load(path: root, target: nil)
      Issue.record("loaded without a set")
    } catch {
      #expect(error.description.contains("--set NAME"), "\(error)")
      #expect(error.description.contains("blue"))
    }
    let project = try PreviewProjectLoader.load(path: root, target: nil, set: "blue")
    #expect(project.screens.names == ["home", "messages"])
    #expect(project.screens.definitions.first?.file == "sets/blue/previews/home.yml")
  }

  @Test func projectOneWithTheSwiftTarget() throws {
    let fixture = "/work/shared/fixtures/messagevisor-project-1"
    guard FileManager.default.fileExists(atPath: fixture) else {
      print("SKIPPED: \(fixture) is missing")
      return
    }
    let project = try PreviewProjectLoader.load(path: fixture, target: "swift")
    #expect(project.locales.count == 16)
    #expect(project.messageKeys.contains("auth.signin"))
    #expect(
      project.attributes.contains {
        $0.name == "plan" && $0.values == ["free", "pro", "enterprise"]
      })
    #expect(throws: PreviewProjectLoader.Failure.self) {
      try PreviewProjectLoader.load(path: fixture, target: nil)
    }
  }
}
