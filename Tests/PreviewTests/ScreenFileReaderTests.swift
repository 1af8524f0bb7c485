import Foundation
import Messagevisor
import Testing

@testable import Preview

@Suite("Screen files: schema, values and errors with file:line:column")
struct ScreenFileReaderTests {
  static func parse(_ yaml: String, name: String = "home") throws(ScreenFileError)
    -> ScreenDefinition
  {
    try ScreenFileReader().parse(Array(yaml.utf8), name: name, file: "previews/\(name).yml")
  }

  /// The error a bad file gives.
  static func error(_ yaml: String) -> ScreenFileError? {
    do {
      _ = try parse(yaml)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyBlockKindAndValueForm() throws {
    let screen = try Self.parse(
      """
      title: Home
      order: 3
      blocks:
        - badge: home.badge
          width: 12
        - heading: home.title
        - paragraph: home.price
          style: accent
          optional: true
          values:
            price: 9.99
            code: $currency
            literal: $$5
            plan: $context.plan
            at: {now: "-5m"}
            fixed: {date: "2027-01-01T12:00:00Z"}
            other: {message: home.other}
            items: {list: [a, b]}
            ago: {relativeTime: $lastSync, unit: hour, preset: ago}
        - list: [home.one, home.two]
        - card:
            - label: home.label
              value: home.value
              values: {when: $lastSync}
        - art: ["  /\\\\  ", " /__\\\\ "]
        - spacer: 2
        - status:
            idle: home.idle
            checking: home.checking
          tab: 2
        - button: home.cta
          opens: detail
          width: 20
          tab: 1
        - button: home.refresh
          action: refresh
        - back: true
      """)
    #expect(screen.name == "home" && screen.title == "Home" && screen.order == 3)
    #expect(screen.blocks.count == 11)
    guard case .chip(let badge) = screen.blocks[0].kind else {
      Issue.record("no chip")
      return
    }
    #expect(badge.key == "home.badge" && badge.line == 4 && badge.column == 12)
    #expect(screen.blocks[0].width == 12)
    guard case .paragraph(let price, let style) = screen.blocks[2].kind else {
      Issue.record("no paragraph")
      return
    }
    #expect(style == .accent && screen.blocks[2].optional)
    #expect(price.values["price"] == .literal(.double(9.99)))
    #expect(price.values["code"] == .currency)
    #expect(price.values["literal"] == .literal(.string("$5")))
    #expect(price.values["plan"] == .context("plan"))
    #expect(price.values["at"] == .now(offset: -300))
    #expect(price.values["fixed"] == .date(Date(timeIntervalSince1970: 1_798_804_800)))
    #expect(price.values["other"] == .message("home.other"))
    #expect(price.values["items"] == .list(["a", "b"]))
    #expect(price.values["ago"] == .relativeTime(.lastSync, unit: "hour", preset: "ago"))
    #expect(
      screen.blocks[3].kind
        == .list([
          TextBinding(key: "home.one", line: 20, column: 12),
          TextBinding(key: "home.two", line: 20, column: 22),
        ]))
    guard case .card(let rows) = screen.blocks[4].kind else {
      Issue.record("no card")
      return
    }
    #expect(rows[0].value.values["when"] == .lastSync)
    #expect(screen.blocks[5].kind == .art(["  /\\  ", " /__\\ "]))
    #expect(screen.blocks[6].kind == .spacer(2))
    guard case .status(let status) = screen.blocks[7].kind else {
      Issue.record("no status")
      return
    }
    // Phases without a message of their own show idle's.
    #expect(status.binding(for: .applying)?.key == "home.idle")
    #expect(status.binding(for: .checking)?.key == "home.checking")
    #expect(screen.blocks[8].action == .open("detail"))
    #expect(screen.blocks[9].action == .refresh)
    #expect(screen.blocks[10].action == .back)
    // Tab order: tab 1, tab 2, then file order.
    #expect(screen.focusOrder == [8, 7, 9, 10])
    #expect(screen.bindings.map(\.key).contains("home.value"))
  }

  @Test(arguments: [
    // (file text, line, column, part of the message); the first is libyaml's syntax error.
    // An unclosed `[` is reported where it opens, not at the end of the file (4:1).
    ("title: Home\nblocks:\n  - heading: [a\n", 3, 14, "invalid YAML"),
    ("blocks:\n  - heading: a\n", 1, 1, "needs a title"),
    ("title: Home\n", 1, 1, "needs blocks"),
    ("title: Home\nblocks: 3\n", 2, 9, "blocks must be a list"),
    ("title: Home\ncolour: red\nblocks: []\n", 2, 1, "unknown field \"colour\""),
    ("title: Home\nblocks:\n  - headline: a\n", 3, 5, "unknown block \"headline\""),
    ("title: Home\nblocks:\n  - heading: a\n    chip: b\n", 4, 5, "one kind"),
    ("title: Home\nblocks:\n  - heading: a\n    style: loud\n", 4, 5, "unknown field \"style\""),
    ("title: Home\nblocks:\n  - paragraph: a\n    style: loud\n", 4, 12, "unknown style \"loud\""),
    ("title: Home\nblocks:\n  - heading: 12\n", 3, 14, "expected a message key"),
    ("title: Home\nblocks:\n  - heading: a\n    width: 10\n", 4, 12, "width is a budget"),
    ("title: Home\nblocks:\n  - button: a\n    width: 0\n", 4, 12, "whole number from 1"),
    ("title: Home\nblocks:\n  - button: a\n    action: fly\n", 4, 13, "unknown action \"fly\""),
    ("title: Home\nblocks:\n  - spacer: 99\n", 3, 13, "from 1 to 20"),
    ("title: Home\nblocks:\n  - status: {checking: a}\n", 3, 13, "needs at least idle"),
    ("title: Home\nblocks:\n  - card: [{label: a}]\n", 3, 12, "needs label: KEY and value: KEY"),
    (
      "title: Home\nblocks:\n  - heading: a\n    values: {x: $tomorrow}\n", 4, 17,
      "unknown value $tomorrow"
    ),
    ("title: Home\nblocks:\n  - heading: a\n    values: {x: {now: soon}}\n", 4, 23, "offset"),
    ("title: Home\nblocks:\n  - heading: a\n    values: {x: {date: nope}}\n", 4, 24, "ISO 8601"),
    (
      "title: Home\nblocks:\n  - heading: a\n    values: {x: {colour: 1}}\n", 4, 18,
      "unknown value \"colour\""
    ),
    (
      "title: Home\nblocks:\n  - heading: a\n    values: {x: {relativeTime: $now, unit: aeon}}\n",
      4, 44, "unknown unit aeon"
    ),
    ("title: Home\nblocks:\n  - art: [1]\n", 3, 11, "each art line must be a string"),
  ])
  func badFilesSayWhereAndWhat(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(Self.error(text), "accepted:\n\(text)")
    #expect(error.file == "previews/home.yml")
    #expect(error.line == line && error.column == column, "\(error)")
    #expect(error.message.contains(message), "\(error)")
    #expect(error.description.hasPrefix("previews/home.yml:\(line):\(column): "))
  }

  @Test func aBadFileDoesNotStopTheOthers() throws {
    let directory = DemoFixture.temporaryDirectory("screens")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "title: A\nblocks:\n  - heading: a\n".write(
      toFile: directory + "/a.yml", atomically: true, encoding: .utf8)
    try "title: B\nblocks:\n  - heading: [b\n".write(
      toFile: directory + "/b.yml", atomically: true, encoding: .utf8)
    try "not a screen".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
    let read = ScreenFileReader().readDirectory(directory)
    #expect(read.screens.map(\.name) == ["a"])
    #expect(read.errors.count == 1)
    #expect(read.errors.first?.file == "previews/b.yml")
    let catalog = ScreenCatalog(screens: read.screens, errors: read.errors)
    #expect(catalog.names == ["a", "messages"])
    #expect(catalog.defaultScreen == "a")
  }

  @Test func oversizedFilesAreRefused() throws {
    let directory = DemoFixture.temporaryDirectory("big")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let big = "title: Big\n# " + String(repeating: "x", count: ScreenFileReader.maxFileSize) + "\n"
    try big.write(toFile: directory + "/big.yml", atomically: true, encoding: .utf8)
    let read = ScreenFileReader().readDirectory(directory)
    #expect(read.screens.isEmpty)
    #expect(read.errors.first?.message.contains("limited to") == true)
  }

  @Test func catalogOrderAndUnknownKeys() throws {
    let second = try Self.parse("title: Z\norder: 2\nblocks:\n  - heading: z.title\n", name: "z")
    let first = try Self.parse(
      "title: A\norder: 1\nblocks:\n  - heading: a.title\n  - heading: a.gone\n"
        + "  - paragraph: a.maybe\n    optional: true\n  - button: a.go\n    opens: nowhere\n",
      name: "y")
    let catalog = ScreenCatalog(screens: [second, first])
    #expect(catalog.names == ["y", "z", "messages"])
    let layers = DatafileLayers(bases: [
      .init(
        name: "project", translations: ["en-US": ["a.title": "A", "z.title": "Z", "a.go": "Go"]],
        target: "t")
    ])
    let diagnostics = ScreenDiagnostics.check(catalog, layers: layers)
    let unknown = diagnostics.filter { $0.code == "screen_unknown_key" }
    // Optional blocks may name keys that are not there (yet); required ones are reported.
    #expect(unknown.map { $0.detail("messageKey") } == ["a.gone"])
    #expect(unknown.first?.message.hasPrefix("previews/y.yml:5:14: ") == true)
    #expect(diagnostics.contains { $0.code == "screen_unknown_screen" })
  }

  @Test func theDemosScreenFilesAreValidAndNameOnlyExistingKeys() throws {
    guard DemoFixture.demoExists else { return }
    let project = try PreviewProjectLoader.load(
      path: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path, target: nil)
    #expect(project.target == "terminal")
    #expect(project.screens.errors.isEmpty, "\(project.screens.errors)")
    #expect(project.screens.names == ["welcome", "story", "messages"])
    let layers = DatafileLayers(bases: [
      .init(name: project.layerName, datafiles: project.datafiles)
    ])
    #expect(ScreenDiagnostics.check(project.screens, layers: layers).isEmpty)
  }
}
