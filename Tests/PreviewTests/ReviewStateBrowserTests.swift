import Foundation
import Messagevisor
import MessagevisorProject
import Testing

@testable import Preview

/// The browser's review states, read from the project's `translationStates` (upstream's
/// statuses and SHA-256 hashes): reviewed, stale when the source changed, unreviewed, filtered.
@Suite("Message browser: review state of translations")
struct ReviewStateBrowserTests {
  typealias F = MessageBrowserFixtures

  /// A copy of the demo project whose `legacy_banner` has recorded states: nl-NL reviewed against
  /// an older English text (stale), de-DE reviewed against today's (fresh), fr-FR a draft.
  static func notes() throws -> [String: MessageNotes] {
    let root = DemoFixture.temporaryDirectory("review-states")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let project = root + "/project"
    try FileManager.default.copyItem(
      atPath: DemoFixture.packageRoot.appendingPathComponent("Demo/project").path,
      toPath: project)
    let file = project + "/messages/legacy_banner.yml"
    var yaml = try String(contentsOfFile: file, encoding: .utf8)
    // SHA-256 of "New: stories now update over the air." (today's en-US text).
    let english = "5ec6815ee05bcec837dfaa7d17e3691603a3696f55be4b40c5204b8f75f524ba"
    yaml += """
      translationStates:
        nl-NL:
          status: reviewed
          sourceHash: "0000000000000000000000000000000000000000000000000000000000000000"
        de-DE:
          status: reviewed
          sourceHash: "\(english)"
        fr-FR:
          status: draft

      """
    try yaml.write(toFile: file, atomically: true, encoding: .utf8)
    let loaded = try PreviewProjectLoader.load(path: project, target: nil)
    return loaded.project.map(MessageNotes.of) ?? [:]
  }

  @Test(.enabled(if: DemoFixture.demoExists))
  func reviewsComeFromTranslationStatesAndStaleOnesAreFlagged() throws {
    let reviews = try #require(try Self.notes()["legacy_banner"]?.reviews)
    #expect(reviews["nl-NL"]?.state?.status == .reviewed)
    #expect(reviews["nl-NL"]?.isStale == true)
    #expect(reviews["de-DE"]?.state?.status == .reviewed)
    #expect(reviews["de-DE"]?.isStale == false)
    #expect(reviews["fr-FR"]?.state?.status == .draft)
    #expect(reviews["fr-FR"]?.isStale == false)
    #expect(reviews["ja-JP"] != nil && reviews["ja-JP"]?.state == nil)
    // The source locale is not a translation to review.
    #expect(reviews["en-US"] == nil)
  }

  @Test(.enabled(if: DemoFixture.demoExists))
  func oneReviewLookupAgreesWithTheWholeTableWithoutStoringUntrackedOnes() throws {
    let notes = try #require(try Self.notes()["legacy_banner"])
    let table = notes.reviews
    for locale in Array(table.keys) + ["en-US", "xx-XX"] {
      #expect(notes.review(for: locale) == table[locale], "\(locale)")
    }
    #expect(
      notes.review(for: "ja-JP")
        == TranslationReview(state: nil, isStale: false, targetChanged: false))
    // Only the three recorded states are stored; the untracked ones are derived.
    #expect(notes.recordedReviews.count == 3)
    // Locations are relative to the project and point into the message's file.
    let location = try #require(notes.location(of: .base(layer: "project"), locale: "nl-NL"))
    #expect(location.file == "messages/legacy_banner.yml")
    #expect((location.line ?? 0) > 1)
  }

  @Test func staleAndUnreviewedTranslationsPassTheNeedsReviewFilter() throws {
    let source = F.reviewedSource()
    let index = MessageIndex.build(source)
    let legacy = try #require(index.entries.first { $0.key == "home.legacy" })
    #expect(legacy.flags.contains(.stale))
    #expect(legacy.flags.words.contains("stale review"))
    let count = try #require(index.entries.first { $0.key == "cart.count" })
    #expect(count.flags.isDisjoint(with: [.stale, .unreviewed]))
    #expect(
      F.keys(index, index.select(query: "", filter: .needsReview)) == ["home.legacy", "news.ota"])
    // The detail says which state and why it needs a review.
    let position = try #require(index.position(of: "home.legacy"))
    let detail = try #require(MessageDetail.of(position, in: index))
    let text = MessageDetailLines.lines(detail, compareLocale: nil).map(\.text)
    #expect(text.contains { $0.contains("review: reviewed · stale: the source text changed") })
  }
}
