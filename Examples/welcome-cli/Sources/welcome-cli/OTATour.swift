import Foundation
import Messagevisor
import ReRune

/// ReRune as the ReRune iOS SDK's README shows it, on Linux: `reRuneSetup(otaPublishId:)`,
/// `NSLocalizedString` (ReRune's, since Linux cannot intercept `Bundle.main`), the revision stream
/// and `reRuneCheckForUpdates()`, plus the bridge that puts the OTA text into the engine.
enum OTATour {
  /// Runs the tour against the local site of `options`; `engine` receives the OTA text.
  static func run(
    options: WelcomeOptions, datafiles: [DatafileContent], engine: Messagevisor
  ) async throws {
    Output.section("ReRune: reRuneSetup, NSLocalizedString, revision stream, reRuneCheckForUpdates")
    guard isDirectory(options.otaSite) else {
      throw WelcomeError("\(options.otaSite): not a directory")
    }
    let cache: ReRuneConfiguration.CacheLocation =
      options.cacheDirectory.map { .directory(URL(fileURLWithPath: $0)) } ?? .disabled
    // No check on start: this run checks once, explicitly, below. An app keeps the default.
    reRuneSetup(
      otaPublishId: "welcome-cli-demo",
      updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
      source: .directory(URL(fileURLWithPath: options.otaSite)),
      cache: cache,
      preferredLanguages: [options.language],
      bundled: try bundledStrings(options.resources)
    )
    guard let client = reRuneSharedClient else { throw WelcomeError("reRuneSetup did not run") }
    // The engine holds each locale's datafile with the applied OTA values over it.
    let bridge = ReRuneMessagevisorBridge(engine: engine, base: datafiles)
    let detach = bridge.attach(to: client)
    defer { detach() }
    let revisions = reRuneRevisionStream

    let language = options.language
    Output.line("revision before the check", "\(reRuneRevision)")
    Output.line(
      "\(language) welcome_title before the check",
      NSLocalizedString("welcome_title", comment: "The Welcome screen's title"))
    Output.line(
      "\(language) story_ota_note before the check",
      NSLocalizedString("story_ota_note", comment: "A line published only over the air"))

    let result = await reRuneCheckForUpdates()
    if result.status == .failed {
      throw WelcomeError("the OTA check failed: \(result.errorMessage ?? "no reason given")")
    }
    Output.line(
      "check", "\(result.status.rawValue), \(result.updatedLocales.count) locale(s) updated")
    if result.revision > 0 {
      for await revision in revisions where revision > 0 {
        Output.line("revision stream", "\(revision)")
        break
      }
    }

    Output.line(
      "\(language) welcome_title after the check",
      NSLocalizedString("welcome_title", comment: "The Welcome screen's title"))
    Output.line(
      "\(language) story_ota_note after the check",
      NSLocalizedString("story_ota_note", comment: "A line published only over the air"))
    Output.line(
      "en-US story_ota_note after the check",
      reRuneLocalizedString("story_ota_note", locale: "en-US"))
    Output.line(
      "engine \(language) welcome_title after the check",
      try engine.translate("welcome_title", options: TranslateOptions(locale: language)))
    Output.line(
      "engine \(language) welcome_new_stories count=2 after the check",
      try engine.translate(
        "welcome_new_stories", values: ["count": .int(2)],
        options: TranslateOptions(locale: language)
      ))
  }

  /// The app's bundled strings by locale (`Base` stands for the catalog's source language).
  static func bundledStrings(_ directory: String?) throws -> [String: [String: CatalogEntry]] {
    guard let directory else { return [:] }
    guard isDirectory(directory) else { throw WelcomeError("\(directory): not a directory") }
    let (catalogs, problems) = CatalogDirectory.load(directory: directory)
    for problem in problems { Output.note(problem.description) }
    var bundled: [String: [String: CatalogEntry]] = [:]
    for catalog in catalogs {
      for (tag, entries) in catalog.locales {
        let locale = tag == "Base" ? catalog.sourceLanguage ?? "en" : tag
        bundled[locale, default: [:]].merge(entries) { _, later in later }
      }
    }
    return bundled
  }

  /// Whether `path` is an existing directory.
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
