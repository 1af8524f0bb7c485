import Messagevisor
import Testing

@testable import Preview

@Suite("Message browser: inherited text and the untranslated filter")
struct MessageBrowserInheritanceTests {
  typealias F = MessageBrowserFixtures

  /// The fixtures' source, with Dutch `home.legacy` inherited from English.
  static func index() -> MessageIndex {
    var source = F.source()
    source.origin = { key, locale in
      key == "home.legacy" && locale == "nl-NL"
        ? .inherited(from: "en-US", layer: "project app") : .base(layer: "project app")
    }
    return MessageIndex.build(source)
  }

  @Test func inheritedTextIsFlaggedInheritedNotBase() throws {
    let index = Self.index()
    let legacy = try #require(index.entries.first { $0.key == "home.legacy" })
    #expect(legacy.origin == .inherited(from: "en-US", layer: "project app"))
    #expect(legacy.flags.contains(.inherited))
    #expect(!legacy.flags.contains(.missing))
    #expect(legacy.flags.markers.hasPrefix("I"))
    #expect(legacy.flags.words.contains("inherited"))
    let own = try #require(index.entries.first { $0.key == "cart.count" })
    #expect(!own.flags.contains(.inherited))
    #expect(own.flags.markers.hasPrefix("·"))
  }

  @Test func anOverrideWinningOverInheritedBaseTextIsNotInherited() throws {
    var source = F.source()
    source.origin = { _, _ in .inherited(from: "en-US", layer: "project app") }
    let index = MessageIndex.build(source)
    let greeting = try #require(index.entries.first { $0.key == "home.greeting" })
    #expect(greeting.flags.contains(.overridden))
    #expect(!greeting.flags.contains(.inherited))
  }

  @Test func untranslatedFilterListsMissingAndInheritedMessages() {
    let index = Self.index()
    #expect(
      F.keys(index, index.select(query: "", filter: .untranslated))
        == ["home.legacy", "only.english"])
    #expect(index.count(passing: .untranslated) == 2)
    #expect(F.keys(index, index.select(query: "", filter: .missing)) == ["only.english"])
    #expect(index.count(passing: .all) == index.entries.count)
  }
}
