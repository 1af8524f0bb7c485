import Foundation
import Messagevisor
import Testing

@testable import Preview

/// After live edits of some messages (and nothing else), the browser resolves only their rows
/// again and keeps the others; anything else (another locale, another context) resolves every
/// row.
@Suite("Message browser: after an edit only the edited rows are resolved again")
struct MessageIndexEditedRowsTests {
  static let before = MessageIndexKeysTests.before
  static let previous = MessageIndex.build(
    MessageBrowserSource(locale: "en-US", datafiles: before))

  static func text(_ index: MessageIndex, _ key: String) -> String? {
    index.entries.first { $0.key == key }?.text
  }

  @Test func theEditedRowsAreResolvedAgainAndTheOthersKept() {
    var after = Self.before
    after["en-US"]?.translations["a"] = "Edited A"
    // Not named as edited: a kept row shows what it showed (nothing resolved it again).
    after["en-US"]?.translations["b"] = "Not looked at"
    let index = MessageIndex.build(
      MessageBrowserSource(locale: "en-US", datafiles: after), previous: Self.previous,
      edited: ["a"])
    #expect(Self.text(index, "a") == "Edited A")
    #expect(Self.text(index, "b") == "B")
    #expect(index.entries.map(\.key) == Self.previous.entries.map(\.key))
  }

  @Test func rowsKeptWholeKeepTheirSearchTextAndTheEditedRowIsFoundByItsNewText() {
    var after = Self.before
    after["en-US"]?.translations["a"] = "Edited A"
    let source = MessageBrowserSource(locale: "en-US", datafiles: after)
    let index = MessageIndex.build(
      source, previous: Self.previous, edited: ["a"], sameAnnotations: true)
    let fresh = MessageIndex.build(source)
    #expect(index.entries == fresh.entries)
    for query in ["edited", "english", "shared", "", "b"] {
      #expect(
        index.select(query: query, filter: .all) == fresh.select(query: query, filter: .all),
        "\(query)")
    }
  }

  @Test func anEditedMessageThatComesOrGoesIsAddedOrWithdrawn() {
    var after = Self.before
    after["nl-NL"]?.translations["dutch.only"] = "NL"
    after["en-US"]?.translations["b"] = nil
    after["nl-NL"]?.translations["b"] = nil
    let source = MessageBrowserSource(locale: "en-US", datafiles: after)
    let index = MessageIndex.build(source, previous: Self.previous, edited: ["dutch.only", "b"])
    #expect(index.entries == MessageIndex.build(source).entries)
    #expect(index.entries.map(\.key) == ["a", "dutch.only", "english.only", "meta.only", "shared"])
  }

  @Test func anotherLocaleOrContextResolvesEveryRow() {
    let dutch = MessageIndex.build(
      MessageBrowserSource(locale: "nl-NL", datafiles: Self.before), previous: Self.previous,
      edited: ["a"])
    #expect(Self.text(dutch, "b") == "nl B")
    var after = Self.before
    after["en-US"]?.translations["b"] = "Other context"
    let context = MessageIndex.build(
      MessageBrowserSource(locale: "en-US", datafiles: after, context: ["plan": "pro"]),
      previous: Self.previous, edited: ["a"])
    #expect(Self.text(context, "b") == "Other context")
  }
}
