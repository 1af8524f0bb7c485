import Foundation
import Messagevisor
import MessagevisorProject
import TestSupport
import Testing

@Suite("Incremental project builds (ProjectSourceCache + IncrementalTargetBuild)")
struct IncrementalBuildTests {
  /// Every datafile of `target`, built from scratch with ProjectLoader + DatafileBuilder.
  static func fullBuild(_ path: String, target: String) throws -> [String: DatafileContent] {
    let project = try ProjectLoader().load(path: path)
    let builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
    var result: [String: DatafileContent] = [:]
    for locale in builder.locales(of: try builder.target(target)) {
      result[locale] = try builder.buildContent(target: target, locale: locale).content
    }
    return result
  }

  /// A cache and a target build, loaded once.
  static func start(_ path: String, target: String) throws -> (
    ProjectSourceCache, IncrementalTargetBuild
  ) {
    let cache = ProjectSourceCache(root: path)
    let outcome = cache.load()
    #expect(outcome.errors.isEmpty, "\(outcome.errors)")
    let build = IncrementalTargetBuild(target: target)
    _ = try build.update(project: try #require(outcome.project), changedMessages: nil)
    return (cache, build)
  }

  static func edit(_ path: String) -> ProjectChangeBatch {
    ProjectChangeBatch(paths: [path], eventCount: 1)
  }

  @Test func theFirstBuildEqualsAFullBuild() throws {
    let project = TempProject.minimal()
    let (_, build) = try Self.start(project.path, target: "all")
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
    #expect(build.locales == ["en", "nl"])
  }

  @Test func anEditedMessageIsTheOnlyFileParsedAndItsLocalesArePatched() throws {
    let project = TempProject.minimal()
    project.write("messages/other.yml", "translations:\n  nl: Ander\n")
    let (cache, build) = try Self.start(project.path, target: "all")
    project.write(
      "messages/greeting.yml", "translations:\n  en: Good morning\n  nl: Goedemorgen\n")
    let outcome = cache.load(changes: Self.edit("messages/greeting.yml"))
    #expect(outcome.parsedFiles == ["messages/greeting.yml"])
    #expect(outcome.changedMessages == ["greeting"])
    #expect(!outcome.structuralChange)
    let update = try build.update(
      project: try #require(outcome.project), changedMessages: outcome.changedMessages)
    #expect(Set(update.changed.keys) == ["en", "nl"])
    #expect(update.rebuilt.isEmpty, "patched, not rebuilt")
    #expect(update.changed["nl"]?.translations["greeting"] == "Goedemorgen")
    // The override (and with it the segment `web`) is gone, as in a full build.
    #expect(update.changed["en"]?.segments.isEmpty == true)
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func everyLocaleSharesOneKeyTableAndAnAddedMessageKeepsItRight() throws {
    let project = TempProject.minimal()
    project.write("locales/de.yml", "description: German\n")
    project.write("messages/other.yml", "translations:\n  nl: Ander\n  de: Andere\n")
    let (cache, build) = try Self.start(project.path, target: "all")
    let keys = try #require(build.datafiles["en"]?.translationTable.keys)
    let messageKeys = try #require(build.datafiles["en"]?.messageTable.keys)
    #expect(messageKeys.keys == ["greeting"], "only messages with metadata")
    let english = try #require(build.datafiles["en"]?.translationTable)
    for locale in ["de", "nl"] {
      #expect(build.datafiles[locale]?.translationTable.keys === keys, "locale \(locale)")
      // The texts are picks from the project's own translations, one set of rows for all.
      #expect(
        build.datafiles[locale]?.translationTable.picksFromSameRows(as: english) == true,
        "locale \(locale)")
      #expect(build.datafiles[locale]?.messageTable.keys === messageKeys, "locale \(locale)")
    }
    // A message added after the build is outside the shared keys: each locale still has it.
    project.write("messages/added.yml", "translations:\n  en: Added\n  de: Neu\n")
    let outcome = cache.load(
      changes: ProjectChangeBatch(
        paths: ["messages/added.yml"], structureChanged: true, eventCount: 1))
    #expect(outcome.changedMessages == ["added"])
    let update = try build.update(
      project: try #require(outcome.project), changedMessages: outcome.changedMessages)
    #expect(Set(update.changed.keys) == ["de", "en", "nl"], "\(update)")
    #expect(build.datafiles["de"]?.translationTable["added"] == "Neu")
    #expect(build.datafiles["nl"]?.translationTable["added"] == "Added")
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
    // Metadata given to a message that had none is outside the shared message keys too.
    project.write(
      "messages/other.yml", "deprecated: true\ntranslations:\n  nl: Ander\n  de: Andere\n")
    let edited = cache.load(changes: Self.edit("messages/other.yml"))
    _ = try build.update(
      project: try #require(edited.project), changedMessages: edited.changedMessages)
    #expect(build.datafiles["de"]?.messageTable["other"]?.deprecated == true)
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func anEditOfAHashedRevisionTargetRebuildsItsLocalesWholeAsAFullBuildDoes() throws {
    let project = TempProject.minimal()
    project.write("targets/hashed.yml", "includeMessages: '*'\nrevisionFromHash: true\n")
    project.write("messages/other.yml", "translations:\n  nl: Ander\n")
    let (cache, build) = try Self.start(project.path, target: "hashed")
    project.write(
      "messages/greeting.yml", "translations:\n  en: Good morning\n  nl: Goedemorgen\n")
    let outcome = cache.load(changes: Self.edit("messages/greeting.yml"))
    let update = try build.update(
      project: try #require(outcome.project), changedMessages: outcome.changedMessages)
    #expect(Set(update.rebuilt) == ["en", "nl"], "a hashed revision cannot be patched")
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "hashed")))
    #expect(build.datafiles["nl"]?.translations["greeting"] == "Goedemorgen")
  }

  @Test func aMessageOnlyOneLocaleSeesLeavesTheOtherAlone() throws {
    let project = TempProject.minimal()
    project.write("messages/other.yml", "translations:\n  nl: Ander\n")
    let (cache, build) = try Self.start(project.path, target: "all")
    project.write("messages/other.yml", "translations:\n  nl: Anders\n")
    let outcome = cache.load(changes: Self.edit("messages/other.yml"))
    let update = try build.update(
      project: try #require(outcome.project), changedMessages: outcome.changedMessages)
    // en does not inherit from nl: its datafile has no `other` before or after.
    #expect(Array(update.changed.keys) == ["nl"])
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func withoutAWatcherStampsDecideWhatIsParsed() throws {
    let project = TempProject.minimal()
    let (cache, _) = try Self.start(project.path, target: "all")
    #expect(cache.load().parsedFiles.isEmpty)
    project.write("messages/greeting.yml", "translations:\n  en: Hello there, a longer text\n")
    #expect(cache.load().parsedFiles == ["messages/greeting.yml"])
  }

  @Test func aBrokenFileIsAnErrorWithItsLineAndTheLastGoodDatafilesStay() throws {
    let project = TempProject.minimal()
    let (cache, build) = try Self.start(project.path, target: "all")
    let good = build.datafiles
    project.write("messages/greeting.yml", "translations:\n  en: [unclosed\n  nl: x\n")
    let broken = cache.load(changes: Self.edit("messages/greeting.yml"))
    #expect(broken.project == nil)
    let error = try #require(broken.errors.first)
    #expect(error.file == "messages/greeting.yml")
    #expect(error.line >= 2, "\(error)")
    #expect(build.datafiles == good)
    // Another file changing does not hide the broken one.
    project.write("messages/more.yml", "translations:\n  en: More\n")
    let still = cache.load(
      changes: ProjectChangeBatch(paths: ["messages/more.yml"], structureChanged: true))
    #expect(still.project == nil)
    #expect(still.errors.map(\.file) == ["messages/greeting.yml"])
    // Fixed: builds again, with both edits.
    project.write("messages/greeting.yml", "translations:\n  en: Fixed\n")
    let fixed = cache.load(changes: Self.edit("messages/greeting.yml"))
    #expect(fixed.errors.isEmpty)
    let update = try build.update(
      project: try #require(fixed.project), changedMessages: fixed.changedMessages)
    #expect(update.changed["en"]?.translations["greeting"] == "Fixed")
    #expect(update.changed["en"]?.translations["more"] == "More")
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func aCrossCheckFailureKeepsTheLastGoodBuild() throws {
    let project = TempProject.minimal()
    let (cache, build) = try Self.start(project.path, target: "all")
    project.write("messages/greeting.yml", "translations:\n  xx: Unknown locale\n")
    let outcome = cache.load(changes: Self.edit("messages/greeting.yml"))
    #expect(outcome.project == nil)
    #expect(outcome.errors.first?.message.contains("unknown locale \"xx\"") == true)
    #expect(build.datafiles["en"]?.translations["greeting"] == "Hello")
  }

  @Test func addedAndRemovedMessageFiles() throws {
    let project = TempProject.minimal()
    let (cache, build) = try Self.start(project.path, target: "all")
    project.write("messages/nested/added.yml", "translations:\n  en: Added\n")
    let added = cache.load(
      changes: ProjectChangeBatch(paths: ["messages/nested"], structureChanged: true))
    #expect(added.parsedFiles == ["messages/nested/added.yml"])
    #expect(added.changedMessages == ["nested.added"])
    _ = try build.update(
      project: try #require(added.project), changedMessages: added.changedMessages)
    #expect(build.datafiles["nl"]?.translations["nested.added"] == "Added")
    try FileManager.default.removeItem(atPath: project.path + "/messages/nested/added.yml")
    let removed = cache.load(
      changes: ProjectChangeBatch(paths: ["messages/nested/added.yml"], structureChanged: true))
    #expect(removed.parsedFiles.isEmpty)
    #expect(removed.changedMessages == ["nested.added"])
    _ = try build.update(
      project: try #require(removed.project), changedMessages: removed.changedMessages)
    #expect(build.datafiles["en"]?.translations["nested.added"] == nil)
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func aLocaleEditRebuildsEveryLocale() throws {
    let project = TempProject.minimal()
    let (cache, build) = try Self.start(project.path, target: "all")
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\ndirection: ltr\n")
    let outcome = cache.load(changes: Self.edit("locales/nl.yml"))
    #expect(outcome.parsedFiles == ["locales/nl.yml"])
    #expect(outcome.structuralChange)
    let update = try build.update(project: try #require(outcome.project), changedMessages: nil)
    #expect(Set(update.rebuilt) == ["en", "nl"])
    #expect(update.changed["nl"]?.direction == "ltr")
    #expect(build.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func aVanishedProjectIsAnErrorAndComesBack() throws {
    let project = TempProject.minimal()
    let (cache, _) = try Self.start(project.path, target: "all")
    let saved = project.path + "-saved"
    try FileManager.default.moveItem(atPath: project.path, toPath: saved)
    defer { try? FileManager.default.removeItem(atPath: saved) }
    let gone = cache.load(changes: ProjectChangeBatch(rootRemoved: true))
    #expect(gone.project == nil)
    #expect(gone.errors.first?.message == "project directory not found")
    try FileManager.default.moveItem(atPath: saved, toPath: project.path)
    let back = cache.load(changes: ProjectChangeBatch(rescan: true))
    #expect(back.project != nil)
    #expect(back.parsedFiles.isEmpty, "stamps are unchanged: nothing to parse")
  }

  @Test func aTargetThatNoLongerBuildsKeepsTheLastGoodDatafilesUntilItIsBack() throws {
    let project = TempProject.minimal()
    let live = LiveProjectBuild(root: project.path, target: "all")
    #expect(live.update(nil).errors.isEmpty)
    let good = live.datafiles
    let saved = try String(contentsOfFile: project.path + "/targets/all.yml", encoding: .utf8)
    try FileManager.default.removeItem(atPath: project.path + "/targets/all.yml")
    let broken = live.update(
      ProjectChangeBatch(paths: ["targets/all.yml"], structureChanged: true))
    #expect(broken.errors.first?.message.contains("unknown target \"all\"") == true)
    #expect(broken.update == nil)
    #expect(live.datafiles == good)
    project.write("messages/greeting.yml", "translations:\n  en: Meanwhile\n")
    #expect(!live.update(Self.edit("messages/greeting.yml")).errors.isEmpty)
    project.write("targets/all.yml", saved)
    let back = live.update(ProjectChangeBatch(paths: ["targets/all.yml"], structureChanged: true))
    #expect(back.errors.isEmpty)
    #expect(back.recovered)
    #expect(live.datafiles["en"]?.translations["greeting"] == "Meanwhile")
    #expect(live.datafiles == (try Self.fullBuild(project.path, target: "all")))
  }

  @Test func changesOutsideTheProjectSourcesAreIgnored() throws {
    let project = TempProject.minimal()
    let live = LiveProjectBuild(root: project.path, target: "all")
    #expect(live.update(nil).errors.isEmpty)
    project.write("previews/welcome.yml", "title: x\n")
    project.write("messages/.greeting.yml.swp", "binary")
    let result = live.update(
      ProjectChangeBatch(
        paths: ["previews/welcome.yml", "messages/.greeting.yml.swp", "messages/greeting.yml~"],
        structureChanged: true))
    #expect(result.ignored)
    #expect(result.parsedFiles.isEmpty)
  }

  /// Upstream's project-1: edits of several kinds of message, compared with a full build in every
  /// locale of the `swift` target (16 locales with inheritance chains).
  @Test func project1EditsMatchFullBuilds() throws {
    guard let fixture = FixturePaths.project1 else { return }
    let copy = NSTemporaryDirectory() + "mv-incremental-\(UUID().uuidString)"
    try FileManager.default.copyItem(atPath: fixture, toPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let (cache, build) = try Self.start(copy, target: "swift")
    #expect(build.datafiles == (try Self.fullBuild(copy, target: "swift")))
    let messages = try FileManager.default.subpathsOfDirectory(atPath: copy + "/messages")
      .filter { $0.hasSuffix(".yml") }.sorted()
    #expect(messages.count > 10)
    for relative in messages.prefix(12) {
      let path = "messages/" + relative
      let text = try String(contentsOfFile: copy + "/" + path, encoding: .utf8)
      // Drop the overrides (and segments with them) and change every translation.
      let cut = text.components(separatedBy: "\noverrides:").first ?? text
      let edited = cut.replacingOccurrences(of: ": \"", with: ": \"edited ")
      try edited.write(toFile: copy + "/" + path, atomically: false, encoding: .utf8)
      let outcome = cache.load(changes: Self.edit(path))
      #expect(outcome.parsedFiles == [path])
      let project = try #require(outcome.project, "\(outcome.errors)")
      _ = try build.update(project: project, changedMessages: outcome.changedMessages)
      #expect(
        build.datafiles == (try Self.fullBuild(copy, target: "swift")), "after editing \(path)")
    }
  }
}
