import Foundation
import Messagevisor
import Testing

@testable import ReRune

@Suite("OTASitePublisher atomicity")
struct PublishingAtomicityTests {
  /// What a polling reader saw.
  struct ReaderReport: Sendable {
    var reads = 0
    var brokenReads: [String] = []
    var orderViolations: [String] = []
    var versionWentBack = false
  }

  @Test func readersNeverSeePartialFilesOrAManifestAheadOfItsPayload() async throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let directory = site.directory
    let edits = 60
    // ~17 KB
    let filler = String(repeating: "Woorden veranderen snel; je app houdt bij. ", count: 400)

    let writer = Task.detached { () -> String? in
      let publisher = OTASitePublisher(siteDirectory: directory)
      for index in 1...edits {
        do {
          try publisher.publish(
            locale: "en-US", key: "welcome_title", value: "Edit \(index) \(filler)")
        } catch {
          return "publish \(index) failed: \(error)"
        }
      }
      return nil
    }
    let reader = Task.detached { () -> ReaderReport in
      var report = ReaderReport()
      var lastVersion = 0
      let manifestURL = directory.appendingPathComponent("manifest.json")
      let payloadURL = directory.appendingPathComponent("en-US.xcstrings")
      // Bounded in count; stops early once the writer's last version is visible.
      for _ in 0..<20_000 {
        report.reads += 1
        guard let manifestData = try? Data(contentsOf: manifestURL),
          let payloadData = try? Data(contentsOf: payloadURL)
        else {
          report.brokenReads.append("a file was missing during a read")
          continue
        }
        guard let manifest = try? JSONDecoder().decode(MessagevisorValue.self, from: manifestData),
          let version = manifest.objectValue?["version"]?.intValue
        else {
          report.brokenReads.append("manifest did not parse (\(manifestData.count) bytes)")
          continue
        }
        guard let payload = try? JSONDecoder().decode(MessagevisorValue.self, from: payloadData),
          let value = payload.objectValue?["strings"]?.objectValue?["welcome_title"]?.objectValue?[
            "localizations"]?.objectValue?["en-US"]?.objectValue?["stringUnit"]?.objectValue?[
              "value"]?
            .stringValue
        else {
          report.brokenReads.append("payload did not parse (\(payloadData.count) bytes)")
          continue
        }
        if version < lastVersion { report.versionWentBack = true }
        lastVersion = version
        // Manifest version 5 + i is written after the payload of edit i, and the manifest is read
        // first here, so the payload must be at edit i or later.
        let editInManifest = version - 5
        let editInPayload =
          value.hasPrefix("Edit ")
          ? Int(value.dropFirst(5).prefix(while: { $0.isNumber })) ?? -1 : 0
        if editInPayload < editInManifest {
          report.orderViolations.append(
            "manifest at edit \(editInManifest), payload at \(editInPayload)")
        }
        if version == 5 + edits { break }
      }
      return report
    }

    let writerFailure = await writer.value
    let report = await reader.value
    #expect(writerFailure == nil)
    #expect(report.reads > 0)
    #expect(report.brokenReads.count == 0, "first: \(report.brokenReads.first ?? "")")
    #expect(report.orderViolations.count == 0, "first: \(report.orderViolations.first ?? "")")
    #expect(!report.versionWentBack)
    #expect(try site.manifestVersion() == 5 + edits)
    #expect(try site.files().allSatisfy { !$0.hasSuffix(".tmp") })
  }

  @Test func concurrentPublishersNeverLoseAnEdit() async throws {
    let site = try PublishingTestSite()
    defer { site.remove() }
    let directory = site.directory
    let perPublisher = 25

    func publishLoop(key: String) -> Task<String?, Never> {
      Task.detached {
        let publisher = OTASitePublisher(siteDirectory: directory)
        for index in 1...perPublisher {
          do {
            try publisher.publish(locale: "en-US", key: key, value: "\(key) \(index)")
          } catch {
            return "\(key) \(index): \(error)"
          }
        }
        return nil
      }
    }
    let first = publishLoop(key: "welcome_title")
    let second = publishLoop(key: "story_caption")
    #expect(await first.value == nil)
    #expect(await second.value == nil)

    #expect(try site.manifestVersion() == 5 + 2 * perPublisher)
    #expect(try site.localeVersion("en-US") == 2 + 2 * perPublisher)
    #expect(
      try site.value("en-US.xcstrings", key: "welcome_title", tag: "en-US") == "welcome_title 25")
    #expect(
      try site.value("en-US.xcstrings", key: "story_caption", tag: "en-US") == "story_caption 25")
    #expect(try site.value("en-US.xcstrings", key: "story_title", tag: "en-US") == "Built to adapt")
  }
}
