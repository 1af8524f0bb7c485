import Foundation
import Messagevisor
import MessagevisorProject
import TestSupport
import Testing

/// A live build says which messages an update changed when it changed nothing else, so that a
/// viewer refreshes only those (and says nothing when anything may have changed).
@Suite("LiveProjectBuild: the messages an update changed")
struct LiveProjectBuildChangedMessagesTests {
  static func edit(_ path: String) -> ProjectChangeBatch {
    ProjectChangeBatch(paths: [path], eventCount: 1)
  }

  @Test func anEditOfOneMessageNamesItAndOnlyIt() throws {
    let project = TempProject.minimal()
    project.write("messages/other.yml", "translations:\n  en: Other\n")
    let live = LiveProjectBuild(root: project.path, target: "all")
    let first = live.update(nil)
    #expect(first.errors.isEmpty, "\(first.errors)")
    #expect(first.changedMessages == nil, "a first build may have changed anything")
    project.write(
      "messages/greeting.yml", "translations:\n  en: Good morning\n  nl: Goedemorgen\n")
    let result = live.update(Self.edit("messages/greeting.yml"))
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.changedMessages == ["greeting"])
    #expect(Set(result.update?.changed.keys.map { $0 } ?? []) == ["en", "nl"])
    #expect(live.datafiles == (try IncrementalBuildTests.fullBuild(project.path, target: "all")))
  }

  @Test func aLocaleEditNamesNoMessages() throws {
    let project = TempProject.minimal()
    let live = LiveProjectBuild(root: project.path, target: "all")
    #expect(live.update(nil).errors.isEmpty)
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\ndirection: ltr\n")
    let result = live.update(Self.edit("locales/nl.yml"))
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.update?.changed["nl"]?.direction == "ltr")
    #expect(result.changedMessages == nil)
  }

  @Test func theUpdateThatRecoversFromABrokenFileNamesNoMessages() throws {
    let project = TempProject.minimal()
    let live = LiveProjectBuild(root: project.path, target: "all")
    #expect(live.update(nil).errors.isEmpty)
    project.write("messages/greeting.yml", "translations:\n  en: [broken\n")
    #expect(!live.update(Self.edit("messages/greeting.yml")).errors.isEmpty)
    project.write("messages/greeting.yml", "translations:\n  en: Fixed\n")
    let fixed = live.update(Self.edit("messages/greeting.yml"))
    #expect(fixed.recovered)
    #expect(fixed.changedMessages == nil, "every locale was built whole again")
  }
}
