import Foundation
import TestSupport
import Testing

/// The translation editor as a translator uses it: the real previewer in tmux on a private copy
/// of the demo project; `legacy_banner` (a string only the project provides) is picked in the
/// message browser, edited with `E`, saved with Enter, refused when its ICU is broken, undone
/// with `u`, caught in a conflict with an external edit, and opened with `o` in `$EDITOR`.
@Suite(
  "messagevisor-preview translation editor in tmux", .tmuxEndToEnd(needs: .previewBinary, .demo))
struct TranslationEditorTmuxTests {
  static let original = "New: stories now update over the air."

  /// The previewer on the fixture's project (no OTA site), en-US, `EDITOR` set to `editor`.
  static func start(_ tmux: PreviewTmuxFixture, editor: String = "false") {
    let program = [
      PreviewBinary.path, "--project", tmux.project, "--cache-dir", tmux.cache, "--interval",
      "0", "--locale", "en-US", "--time-zone", "UTC",
    ].map(PreviewTmuxFixture.quoted).joined(separator: " ")
    tmux.tmux.start(
      "cd \(PreviewTmuxFixture.quoted(tmux.root)) && LANG=C.UTF-8 EDITOR="
        + PreviewTmuxFixture.quoted(editor) + " exec \(program)", width: 100, height: 30)
  }

  /// Opens the message browser on `legacy_banner` and presses `E`.
  static func openEditor(_ tmux: PreviewTmuxFixture) -> (ok: Bool, screen: String) {
    tmux.send("m")
    _ = tmux.waitFor { $0.contains("Messages") }
    tmux.send("/")
    tmux.send("-l", "legacy_banner")
    tmux.send("Enter")
    _ = tmux.waitFor { $0.contains("1/1 of") }
    tmux.send("E")
    return tmux.waitFor { $0.contains("Edit legacy_banner · en-US") }
  }

  static func lines(_ path: String) throws -> [Substring] {
    try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func editSaveRefuseUndoAndConflictOnLegacyBanner() throws {
    let tmux = try PreviewTmuxFixture("editor", copying: ["project"])
    defer { tmux.stop() }
    let file = tmux.project + "/messages/legacy_banner.yml"
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    Self.start(tmux)
    var step = tmux.waitFor(seconds: 20) { $0.contains("Welcome") }
    try #require(step.ok, "did not start:\n\(step.screen)")
    step = Self.openEditor(tmux)
    try #require(step.ok, "the editor did not open:\n\(step.screen)")
    #expect(step.screen.contains("> \(Self.original)"))
    #expect(step.screen.contains("description: Old announcement banner"))

    // Clear, type, Enter: exactly one line of the file changes and the frame shows the text.
    tmux.send("C-u")
    tmux.send("-l", "Fresh tales arrive by air.")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("saved legacy_banner en-US") }
    #expect(step.ok, "no save note:\n\(step.screen)")
    let old = try Self.lines(file).count
    let changed = zip(
      String(decoding: before, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false),
      try Self.lines(file)
    ).filter { $0 != $1 }
    #expect(
      old
        == String(decoding: before, as: UTF8.self).split(
          separator: "\n", omittingEmptySubsequences: false
        ).count)
    #expect(changed.map { String($0.1) } == ["  en-US: \"Fresh tales arrive by air.\""])
    step = tmux.waitFor(seconds: 10) {
      $0.contains("legacy_banner Fresh tales arrive by air.") && !$0.contains("Edit legacy_banner")
    }
    #expect(step.ok, "the browser never showed the saved text:\n\(step.screen)")

    // An unbalanced ICU text is refused; the file stays as saved.
    let saved = try Data(contentsOf: URL(fileURLWithPath: file))
    tmux.send("E")
    _ = tmux.waitFor { $0.contains("Edit legacy_banner") }
    tmux.send("C-u")
    tmux.send("-l", "Broken {count, plural, one {x}")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("not saved: invalid ICU") }
    #expect(step.ok, "no refusal:\n\(step.screen)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == saved)
    tmux.send("Escape")
    _ = tmux.waitFor { !$0.contains("Edit legacy_banner") }

    // u restores the file byte for byte, and the frame follows.
    tmux.send("u")
    step = tmux.waitFor { $0.contains("undid the save of legacy_banner") }
    #expect(step.ok, "no undo note:\n\(step.screen)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    step = tmux.waitFor(seconds: 10) { $0.contains("legacy_banner New: stories") }
    #expect(step.ok, "the undo never showed:\n\(step.screen)")

    // An external edit while the editor is open: a conflict, and neither text is lost.
    tmux.send("E")
    _ = tmux.waitFor { $0.contains("Edit legacy_banner") }
    let external = String(decoding: before, as: UTF8.self).replacingOccurrences(
      of: Self.original, with: "Changed elsewhere.")
    try external.write(toFile: file, atomically: false, encoding: .utf8)
    tmux.send("C-u")
    tmux.send("-l", "Typed here.")
    tmux.send("Enter")
    step = tmux.waitFor { $0.contains("changed on disk") }
    #expect(step.ok, "no conflict note:\n\(step.screen)")
    #expect(step.screen.contains("> Typed here."))
    #expect(step.screen.contains("its text now: “Changed"), "the note does not show their text")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == external)
    tmux.send("q")
  }

  @Test func aStringTheOTAOverlayServesSaysSoAndEditsTheProjectText() throws {
    let tmux = try PreviewTmuxFixture("editor-ota", copying: ["project", "ota"])
    defer { tmux.stop() }
    tmux.start(
      [
        "--project", tmux.project, "--ota-site", tmux.site, "--cache-dir", tmux.cache,
        "--interval", "0", "--locale", "en-US", "--time-zone", "UTC",
      ], width: 100, height: 30)
    var step = tmux.waitFor(seconds: 20) { $0.contains("rev 1") }
    try #require(step.ok, "no OTA revision:\n\(step.screen)")
    tmux.send("m")
    _ = tmux.waitFor { $0.contains("Messages") }
    tmux.send("/")
    tmux.send("-l", "welcome_badge")
    tmux.send("Enter")
    _ = tmux.waitFor { $0.contains("1/1 of") }
    tmux.send("E")
    step = tmux.waitFor { $0.contains("Edit welcome_badge") }
    #expect(step.screen.contains("OTA revision 1 serves this string"), "\(step.screen)")
    #expect(step.screen.contains("you edit the project's text beneath"))
    #expect(step.screen.contains("messages/welcome_badge.yml:7 · translations.en-US"))
    tmux.send("Escape")
    tmux.send("q")
  }

  @Test func oOpensTheFileInEditorAtItsLineAndReloads() throws {
    let tmux = try PreviewTmuxFixture("editor-o", copying: ["project"])
    defer { tmux.stop() }
    let file = tmux.project + "/messages/legacy_banner.yml"
    let record = tmux.root + "/editor-args"
    let script = tmux.root + "/editor.sh"
    try """
    #!/bin/sh
    echo "$@" > \(PreviewTmuxFixture.quoted(record))
    sed -i 's/New: stories now update/Edited outside: stories update/' "$2"
    """.write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    Self.start(tmux, editor: script)
    var step = tmux.waitFor(seconds: 20) { $0.contains("Welcome") }
    try #require(step.ok, "did not start:\n\(step.screen)")
    tmux.send("m")
    _ = tmux.waitFor { $0.contains("Messages") }
    tmux.send("/")
    tmux.send("-l", "legacy_banner")
    tmux.send("Enter")
    _ = tmux.waitFor { $0.contains("1/1 of") }
    tmux.send("o")
    step = tmux.waitFor(seconds: 10) { $0.contains("legacy_banner Edited outside") }
    #expect(step.ok, "the external edit never showed:\n\(step.screen)")
    #expect(step.screen.contains("back from the editor"))
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "+12 \(file)\n")

    // An editor that fails is reported.
    try "#!/bin/sh\nexit 4\n".write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    tmux.send("o")
    step = tmux.waitFor { $0.contains("exited with status 4") }
    #expect(step.ok, "no failure note:\n\(step.screen)")
    tmux.send("q")
  }
}
