import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct BadInputTests {
  func loadError(_ project: TempProject) -> ProjectError? {
    do {
      _ = try ProjectLoader().load(path: project.path)
      return nil
    } catch {
      return error
    }
  }

  @Test func minimalProjectLoadsAndBuilds() throws {
    let project = TempProject.minimal()
    let loaded = try ProjectLoader().load(path: project.path)
    let builder = DatafileBuilder(
      project: loaded, evaluatePredicate: EngineBridge.evaluatePredicate)
    let datafile = try builder.build(target: "all", locale: "nl")
    #expect(datafile.objectValue?["translations"] == ["greeting": "Hello"])
    #expect(datafile.objectValue?["segments"]?.objectValue?["web"] != nil)
  }

  @Test func badYAMLReportsFileAndLine() throws {
    let project = TempProject.minimal()
    project.write("messages/broken.yml", "description: x\ntranslations:\n  en: [unclosed\n")
    let error = try #require(loadError(project))
    #expect(error.file == "messages/broken.yml")
    #expect(error.line >= 3)
  }

  @Test func translationForAnUnknownLocaleIsReportedAtItsLineInKeyOrder() throws {
    let project = TempProject.minimal()
    // Two messages share a known locale list; two use unknown locales (one in an override). The
    // first in key order is reported, at the unknown locale's own line.
    project.write("messages/alpha.yml", "translations:\n  en: A\n  nl: A\n")
    project.write("messages/omega.yml", "translations:\n  en: O\n  nl: O\n")
    project.write("messages/zulu.yml", "translations:\n  en: Z\n  xx: Z\n")
    project.write(
      "messages/mike.yml",
      "translations:\n  en: M\noverrides:\n  - key: a\n    segments: [web]\n    translations:\n      en: W\n      yy: W\n"
    )
    let error = try #require(loadError(project))
    #expect(error.code == "unknown_locale")
    #expect(error.file == "messages/mike.yml")
    #expect(error.line == 8)
    #expect(error.message.contains("\"yy\""))
    project.write("messages/mike.yml", "translations:\n  en: M\n")
    let next = try #require(loadError(project))
    #expect(next.file == "messages/zulu.yml")
    #expect(next.line == 3)
    project.write("messages/zulu.yml", "translations:\n  en: Z\n")
    #expect(loadError(project) == nil)
  }

  @Test func unknownOperatorReportsLine() throws {
    let project = TempProject.minimal()
    project.write(
      "segments/odd.yml",
      "description: odd\nconditions:\n  - attribute: platform\n    operator: semverEquals\n    value: x\n"
    )
    let error = try #require(loadError(project))
    #expect(error.file == "segments/odd.yml")
    #expect(error.line == 4)
    #expect(error.message.contains("semverEquals"))
  }

  @Test func unknownFieldReportsLine() throws {
    let project = TempProject.minimal()
    project.write("messages/extra.yml", "description: x\ntranslations:\n  en: Hi\ncolour: red\n")
    let error = try #require(loadError(project))
    #expect(error.file == "messages/extra.yml")
    #expect(error.line == 4)
    #expect(error.message.contains("colour"))
  }

  @Test func missingLocaleIsReported() throws {
    let project = TempProject.minimal()
    project.write("messages/fr.yml", "description: x\ntranslations:\n  fr: Bonjour\n")
    let error = try #require(loadError(project))
    #expect(error.file == "messages/fr.yml")
    #expect(error.message.contains("\"fr\""))
  }

  @Test func missingSegmentIsReported() throws {
    let project = TempProject.minimal()
    project.write(
      "messages/seg.yml",
      "description: x\ntranslations:\n  en: Hi\noverrides:\n  - key: a\n    segments: [nope]\n    translations:\n      en: A\n"
    )
    let error = try #require(loadError(project))
    #expect(error.file == "messages/seg.yml")
    #expect(error.line == 6)
    #expect(error.message.contains("nope"))
  }

  @Test func inheritanceCycleIsReportedWithChain() throws {
    let project = TempProject.minimal()
    project.write("locales/en.yml", "inheritTranslationsFrom: nl\n")
    let error = try #require(loadError(project))
    #expect(error.message.contains("cycle"))
    #expect(error.message.contains("en → nl → en") || error.message.contains("nl → en → nl"))
  }

  @Test func unreadableFileIsReported() throws {
    let project = TempProject.minimal()
    let path = project.path + "/messages/locked.yml"
    project.write("messages/locked.yml", "description: x\ntranslations:\n  en: Hi\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
    guard FileManager.default.contents(atPath: path) == nil else { return }  // running as root
    let error = try #require(loadError(project))
    #expect(error.file == "messages/locked.yml")
  }

  @Test func missingProjectDirectory() {
    #expect(throws: ProjectError.self) { try ProjectLoader().load(path: "/nonexistent/mv-project") }
  }

  @Test func jsonProjectsLoad() throws {
    let project = TempProject()
    project.write("messagevisor.config.json", #"{"parser": "json", "modules": ["icu"]}"#)
    project.write("locales/en.json", #"{"description": "English"}"#)
    project.write("messages/hello.json", #"{"description": "x", "translations": {"en": "Hi"}}"#)
    project.write("targets/all.json", #"{"includeMessages": "*"}"#)
    let loaded = try ProjectLoader().load(path: project.path)
    #expect(loaded.config.parser == .json)
    #expect(loaded.config.icuModule)
    #expect(loaded.messages["hello"]?.translations == ["en": "Hi"])
  }

  @Test func javaScriptConfigIsScannedNotExecuted() throws {
    let project = TempProject.minimal()
    project.write(
      "messagevisor.config.js",
      "const { createICUModule } = require('x');\nmodule.exports = { sourceLocale: 'en', namespaceCharacter: '.', modules: [createICUModule()] };\n"
    )
    let config = try ProjectConfig.load(directory: project.path)
    #expect(config.icuModule)
    #expect(!config.interpolationModule)
    #expect(config.sourceLocale == "en")
    #expect(config.notes.first?.contains("not executed") == true)
  }

  @Test func unknownConfigKeyIsAnError() {
    let project = TempProject.minimal()
    project.write("messagevisor.config.yml", "parser: yml\nbogus: 1\n")
    #expect(throws: ProjectError.self) { try ProjectConfig.load(directory: project.path) }
  }

}

@Suite struct NotAProjectTests {
  @Test func emptyDirectoryIsNotAProject() {
    let empty = TempProject()
    do {
      _ = try ProjectLoader().load(path: empty.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("not a Messagevisor project"))
    }
  }
}
