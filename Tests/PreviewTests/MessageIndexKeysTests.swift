import Foundation
import Messagevisor
import MessagevisorProject
import Testing

@testable import Preview

/// The browser index takes its keys from the index built before and looks only at the locales
/// whose keys changed (an edit or a locale switch must not collect every locale's keys again);
/// the keys must be exactly the ones collected from scratch.
@Suite("Message browser: keys carried over from the previous index")
struct MessageIndexKeysTests {
  static func datafile(
    _ locale: String, _ translations: [String: String],
    messages: [String: DatafileMessage] = [:]
  ) -> DatafileContent {
    DatafileContent(
      messagevisorVersion: "1", target: "app", locale: locale, messages: messages,
      translations: translations)
  }

  static let before: [String: DatafileContent] = [
    "en-US": datafile(
      "en-US", ["a": "A", "b": "B", "shared": "Shared", "english.only": "English"],
      messages: ["meta.only": DatafileMessage(deprecated: true)]),
    "nl-NL": datafile("nl-NL", ["a": "nl A", "b": "nl B", "shared": "nl Shared"]),
  ]

  static func edited(_ edit: (inout [String: DatafileContent]) -> Void) -> [String: DatafileContent]
  {
    var datafiles = before
    edit(&datafiles)
    return datafiles
  }

  static let previous = MessageIndex.build(
    MessageBrowserSource(locale: "en-US", datafiles: before))

  static let edits: [(String, [String: DatafileContent], [String])] = [
    ("nothing changed", before, ["a", "b", "english.only", "meta.only", "shared"]),
    (
      "a text edited", edited { $0["en-US"]?.translations["a"] = "Edited" },
      ["a", "b", "english.only", "meta.only", "shared"]
    ),
    (
      "a key added in one locale", edited { $0["nl-NL"]?.translations["dutch.only"] = "NL" },
      ["a", "b", "dutch.only", "english.only", "meta.only", "shared"]
    ),
    (
      "a key removed from one locale only",
      edited { $0["en-US"]?.translations["shared"] = nil },
      ["a", "b", "english.only", "meta.only", "shared"]
    ),
    (
      "a key removed from every locale",
      edited {
        $0["en-US"]?.translations["b"] = nil
        $0["nl-NL"]?.translations["b"] = nil
      }, ["a", "english.only", "meta.only", "shared"]
    ),
    (
      "a translation that becomes message metadata only",
      edited {
        $0["en-US"]?.translations["english.only"] = nil
        $0["en-US"]?.messages["english.only"] = DatafileMessage(meta: ["note": "x"])
      }, ["a", "b", "english.only", "meta.only", "shared"]
    ),
    (
      "message metadata removed", edited { $0["en-US"]?.messages["meta.only"] = nil },
      ["a", "b", "english.only", "shared"]
    ),
    (
      "a locale added",
      edited { $0["de-DE"] = datafile("de-DE", ["a": "de A", "german.only": "DE"]) },
      ["a", "b", "english.only", "german.only", "meta.only", "shared"]
    ),
    (
      "a locale removed", edited { $0["en-US"] = nil }, ["a", "b", "shared"]
    ),
    (
      "a locale added whose keys are all listed",
      edited { $0["de-DE"] = datafile("de-DE", ["a": "de A", "shared": "de Shared"]) },
      ["a", "b", "english.only", "meta.only", "shared"]
    ),
    (
      "a locale removed and another added",
      edited {
        $0["en-US"] = nil
        $0["de-DE"] = datafile(
          "de-DE", ["a": "de A", "english.only": "de"],
          messages: ["german.meta": DatafileMessage(deprecated: true)])
      }, ["a", "b", "english.only", "german.meta", "shared"]
    ),
  ]

  @Test("after each kind of edit the carried-over keys are the keys of every locale")
  func carriedOverKeysEqualCollectedKeys() {
    for (name, datafiles, expected) in Self.edits {
      let carried = MessageIndex.sortedKeys(of: datafiles, previous: Self.previous)
      #expect(carried == expected, "\(name)")
      #expect(carried == MessageIndex.sortedKeys(of: datafiles, previous: nil), "\(name)")
    }
  }

  @Test("an index built from the previous one has the rows of an index built from scratch")
  func rowsEqualAFreshBuild() {
    for (name, datafiles, _) in Self.edits {
      let locale = datafiles["en-US"] == nil ? "nl-NL" : "en-US"
      let source = MessageBrowserSource(
        locale: locale, compareLocale: "nl-NL", datafiles: datafiles)
      let carried = MessageIndex.build(source, previous: Self.previous)
      #expect(carried.entries == MessageIndex.build(source).entries, "\(name)")
    }
  }

  @Test("rows kept when only lint or review notes changed equal rows resolved again")
  func rowsKeptForNewLintAndReviewsEqualAFreshBuild() {
    typealias F = MessageBrowserFixtures
    let finding = LintFinding(
      level: .warning, filePath: "messages/home/greeting.yml", entityType: "message",
      entityKey: "home.greeting", message: "whitespace", path: "translations.nl-NL",
      code: "whitespace_mismatch", line: 3, column: 7, locale: "nl-NL")
    var linted = F.reviewedSource()
    linted.lint = ["home.greeting": [finding]]
    linted.compareLocale = "en-US"
    var plain = F.source(compare: "en-US")
    plain.notes = [:]
    for (before, after) in [(plain, linted), (linted, plain)] {
      let previous = MessageIndex.build(before)
      let kept = MessageIndex.build(after, previous: previous, sameResolution: true)
      #expect(kept.entries == MessageIndex.build(after).entries)
      #expect(kept.count(.lint) == (after.lint.isEmpty ? 0 : 1))
    }
    // Another locale is resolved again even when asked to keep the rows.
    let english = F.source(locale: "en-US")
    let previous = MessageIndex.build(F.source())
    #expect(
      MessageIndex.build(english, previous: previous, sameResolution: true).entries
        == MessageIndex.build(english).entries)
  }
}
