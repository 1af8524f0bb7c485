import Foundation
import Messagevisor
import ReRune
import Testing

@Suite("Bundled catalog directory → base datafiles")
struct CatalogDirectoryTests {
  @Test func loadsLprojFilesAndMapsTagsOntoProjectLocales() throws {
    let directory = TestSupport.temporaryDirectory("catalog-directory")
    defer { try? FileManager.default.removeItem(at: directory) }
    let fileManager = FileManager.default
    for tag in ["Base", "nl", "pt_BR"] {
      try fileManager.createDirectory(
        at: directory.appendingPathComponent("\(tag).lproj"), withIntermediateDirectories: true)
    }
    try #""title" = "Welcome";"#.write(
      to: directory.appendingPathComponent("Base.lproj/Localizable.strings"), atomically: true,
      encoding: .utf8)
    try #""title" = "Welkom";"#.write(
      to: directory.appendingPathComponent("nl.lproj/Localizable.strings"), atomically: true,
      encoding: .utf8)
    try #""title" = "Bem-vindo";"#.write(
      to: directory.appendingPathComponent("pt_BR.lproj/Localizable.strings"), atomically: true,
      encoding: .utf8)
    try "this is not a strings file".write(
      to: directory.appendingPathComponent("nl.lproj/Broken.strings"), atomically: true,
      encoding: .utf8)

    let loaded = CatalogDirectory.load(directory: directory.path)
    #expect(loaded.catalogs.count == 3)
    #expect(loaded.problems.count == 1)
    #expect(loaded.problems.first?.file.hasSuffix("nl.lproj/Broken.strings") == true)

    let locales = ["en-US", "nl-NL", "pt-BR"]
    let datafiles = ReRuneMessagevisorBridge.baseDatafiles(
      from: loaded.catalogs, target: "bundle", revision: ""
    ) { tag, catalog in
      CatalogDirectory.mapLocale(
        tag, onto: locales, sourceLocale: "en-US", source: catalog.sourceLanguage)
    }
    #expect(datafiles.map(\.locale) == ["en-US", "nl-NL", "pt-BR"])
    #expect(datafiles.map { $0.translations["title"] } == ["Welcome", "Welkom", "Bem-vindo"])
    #expect(datafiles.allSatisfy { $0.target == "bundle" && $0.revision.isEmpty })
  }

  @Test func missingDirectoryGivesNothing() {
    let loaded = CatalogDirectory.load(directory: "/nonexistent/catalog-directory")
    #expect(loaded.catalogs.isEmpty && loaded.problems.isEmpty)
  }

  @Test func overlayReplacesTranslationsKeepsOverridesAndStampsRevision() {
    let base = DatafileContent(
      messagevisorVersion: "1", revision: "7", target: "t", locale: "de",
      translations: ["a": "A", "b": "B"])
    let merged = ReRuneMessagevisorBridge.overlay(base, with: ["b": "B2", "c": "C"], revision: 4)
    #expect(merged.translations == ["a": "A", "b": "B2", "c": "C"])
    #expect(merged.revision == "7+ota.4")
    var unrevised = base
    unrevised.revision = ""
    #expect(ReRuneMessagevisorBridge.overlay(unrevised, with: [:], revision: 2).revision == "ota.2")
  }
}
