import Foundation
import Messagevisor
import MessagevisorProject
import TestSupport
import Testing

@Suite("Incremental builds that leave locales for later (pending locales)")
struct PendingLocaleBuildTests {
  @Test func aBuildOfOneLocaleLeavesTheOthersPendingUntilTheyAreAskedFor() throws {
    let project = TempProject.minimal()
    let outcome = ProjectSourceCache(root: project.path).load()
    let build = IncrementalTargetBuild(target: "all")
    let first = try build.update(
      project: try #require(outcome.project), changedMessages: nil, building: ["en"])
    #expect(Set(first.changed.keys) == ["en"])
    #expect(build.locales == ["en", "nl"])
    #expect(build.pendingLocales == ["nl"])
    #expect(build.datafiles.keys.sorted() == ["en"])
    let later = try build.buildPending(["nl"])
    #expect(Set(later.changed.keys) == ["nl"])
    #expect(later.rebuilt == ["nl"])
    #expect(build.pendingLocales.isEmpty)
    #expect(build.datafiles == (try IncrementalBuildTests.fullBuild(project.path, target: "all")))
    // Nothing is pending any more: asking again builds nothing.
    #expect(try build.buildPending(["en", "nl"]).changed.isEmpty)
  }

  @Test func anEditMadeWhileALocaleIsPendingIsInItWhenItIsBuilt() throws {
    let project = TempProject.minimal()
    let cache = ProjectSourceCache(root: project.path)
    let build = IncrementalTargetBuild(target: "all")
    _ = try build.update(
      project: try #require(cache.load().project), changedMessages: nil, building: ["en"])
    project.write(
      "messages/greeting.yml", "translations:\n  en: Good morning\n  nl: Goedemorgen\n")
    let outcome = cache.load(
      changes: ProjectChangeBatch(paths: ["messages/greeting.yml"], eventCount: 1))
    let update = try build.update(
      project: try #require(outcome.project), changedMessages: outcome.changedMessages)
    #expect(Set(update.changed.keys) == ["en"], "the pending locale is not patched")
    #expect(build.pendingLocales == ["nl"], "an edit builds no pending locale")
    _ = try build.buildPending(["nl"])
    #expect(build.datafiles["nl"]?.translations["greeting"] == "Goedemorgen")
    #expect(build.datafiles == (try IncrementalBuildTests.fullBuild(project.path, target: "all")))
  }

  @Test func aStructuralChangeRebuildsTheBuiltLocalesAndKeepsThePendingOnesPending() throws {
    let project = TempProject.minimal()
    let cache = ProjectSourceCache(root: project.path)
    let build = IncrementalTargetBuild(target: "all")
    _ = try build.update(
      project: try #require(cache.load().project), changedMessages: nil, building: ["nl"])
    #expect(build.pendingLocales == ["en"])
    project.write("locales/de.yml", "description: German\n")
    let outcome = cache.load(
      changes: ProjectChangeBatch(paths: ["locales/de.yml"], structureChanged: true, eventCount: 1))
    let update = try build.update(project: try #require(outcome.project), changedMessages: nil)
    #expect(update.rebuilt.sorted() == ["de", "nl"], "a new locale is built, a pending one waits")
    #expect(build.pendingLocales == ["en"])
    _ = try build.buildPending(build.pendingLocales)
    #expect(build.datafiles == (try IncrementalBuildTests.fullBuild(project.path, target: "all")))
  }

  @Test func aLiveBuildAdoptingALoadBuildsTheChosenLocalesFirstAndThePendingOnesOnRequest() throws {
    let project = TempProject.minimal()
    let cache = ProjectSourceCache(root: project.path)
    let (build, result) = LiveProjectBuild.adopting(
      cache, loaded: cache.load(), target: "all", implicitTarget: false, building: ["nl"])
    #expect(result.errors.isEmpty)
    #expect(build.datafiles.keys.sorted() == ["nl"])
    #expect(build.pendingLocales == ["en"])
    let later = build.buildPending(["en"])
    #expect(later.errors.isEmpty)
    #expect(later.update.map { Set($0.changed.keys) } == ["en"])
    #expect(build.pendingLocales.isEmpty)
    #expect(build.datafiles == (try IncrementalBuildTests.fullBuild(project.path, target: "all")))
  }
}
