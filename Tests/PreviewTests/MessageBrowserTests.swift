import Foundation
import Messagevisor
import MessagevisorICU
import Testing

@testable import Preview

@Suite("Message browser: index, search, filters, compare, detail")
struct MessageBrowserTests {
  typealias F = MessageBrowserFixtures

  @Test func everyKeyOfEveryLocaleIsListedWithItsOriginAndFlags() throws {
    let index = F.index()
    #expect(index.entries.map(\.key) == F.english.keys.sorted())
    let byKey = Dictionary(uniqueKeysWithValues: index.entries.map { ($0.key, $0) })
    let greeting = try #require(byKey["home.greeting"])
    #expect(greeting.text == "Welkom terug, Pro")
    #expect(greeting.origin == .override(key: "pro"))
    #expect(greeting.flags.contains(.overridden))
    let missing = try #require(byKey["only.english"])
    #expect(missing.text == nil && missing.flags.contains(.missing))
    #expect(missing.origin == .fallbackToKey)
    #expect(byKey["home.legacy"]?.flags.contains(.deprecated) == true)
    #expect(byKey["cart.broken"]?.flags.contains(.icuError) == true)
    #expect(byKey["cart.count"]?.flags.contains(.icuError) == false)
    #expect(byKey["news.ota"]?.flags.contains(.fromOTA) == true)
    #expect(byKey["news.ota"]?.origin == .otaOverlay(revision: 7))
    #expect(byKey["cart.count"]?.origin == .base(layer: "project app"))
  }

  @Test func theContextDecidesWhichOverrideWinsLikeTheEngine() throws {
    // The same datafile in the engine: the browser's choice must be the engine's translation.
    for context: MessagevisorContext in [
      ["plan": "free"], ["plan": "pro"], ["plan": "pro", "beta": true],
    ] {
      let source = F.source(context: context)
      let engine = createMessagevisor(MessagevisorOptions(context: context))
      engine.setDatafile(try #require(source.datafiles["nl-NL"]))
      try engine.setLocale("nl-NL")
      let index = MessageIndex.build(source)
      let greeting = try #require(index.entries.first { $0.key == "home.greeting" })
      #expect(greeting.text == (try engine.translate("home.greeting")), "\(context)")
    }
  }

  @Test func searchMatchesKeysAndTextsCaseInsensitivelyAndEveryWord() {
    let index = F.index(compare: "en-US")
    #expect(
      F.keys(index, index.select(query: "CART", filter: .all)) == ["cart.broken", "cart.count"])
    #expect(F.keys(index, index.select(query: "banner", filter: .all)) == ["home.legacy"])
    #expect(F.keys(index, index.select(query: "vers server", filter: .all)) == ["news.ota"])
    #expect(F.keys(index, index.select(query: "vers nope", filter: .all)).isEmpty)
    // The compare locale's text is searched too.
    #expect(F.keys(index, index.select(query: "only in english", filter: .all)) == ["only.english"])
    #expect(index.select(query: "", filter: .all).count == index.entries.count)
    #expect(index.select(query: "zzzz", filter: .all).isEmpty)
  }

  @Test func nonASCIISearchFoldsCase() {
    var source = F.source()
    source.datafiles["nl-NL"]?.translations["home.legacy"] = "ÉÉN Überschrift"
    let index = MessageIndex.build(source)
    #expect(F.keys(index, index.select(query: "één über", filter: .all)) == ["home.legacy"])
  }

  @Test(arguments: [
    (MessageFilter.missing, ["only.english"]),
    (.overridden, ["home.greeting"]),
    (.deprecated, ["home.legacy"]),
    (.fromOTA, ["news.ota"]),
    (.icuError, ["cart.broken"]),
  ])
  func eachFilterListsOnlyItsMessages(filter: MessageFilter, expected: [String]) {
    let index = F.index()
    #expect(F.keys(index, index.select(query: "", filter: filter)) == expected)
    #expect(index.count(filter.required) == expected.count)
  }

  @Test func filtersCycleThroughEveryCase() {
    var filter = MessageFilter.all
    var seen: [MessageFilter] = []
    for _ in MessageFilter.allCases {
      seen.append(filter)
      filter = filter.next
    }
    #expect(seen == MessageFilter.allCases && filter == .all)
  }

  @Test func compareResolvesTheSecondLocaleInTheSameContext() throws {
    let index = F.index(compare: "en-US")
    #expect(index.compareLocale == "en-US")
    let greeting = try #require(index.entries.first { $0.key == "home.greeting" })
    #expect(greeting.compareText == "Welcome back, Pro")
    #expect(greeting.compareOrigin == .override(key: "pro"))
    let missing = try #require(index.entries.first { $0.key == "only.english" })
    #expect(missing.compareText == "Only in English")
  }

  @Test func detailExplainsAMatchingAndANonMatchingOverrideWithContextValues() throws {
    let index = F.index(context: ["plan": "pro", "beta": false])
    let detail = try #require(
      MessageDetail.of(index.position(of: "home.greeting") ?? -1, in: index))
    try #require(detail.overrides.count == 2)
    let beta = detail.overrides[0]
    #expect(beta.key == "beta" && !beta.matched && !beta.chosen)
    let segment = try #require(beta.segments)
    #expect(segment.node == .segment("beta-users"))
    #expect(segment.children.first?.actual == .bool(false))
    let pro = detail.overrides[1]
    #expect(pro.key == "pro" && pro.matched && pro.chosen)
    #expect(pro.conditions?.actual == "pro")
    #expect(pro.translation == "Welkom terug, Pro")
  }

  @Test func detailListsICUArgumentsExamplesErrorsAndDeprecation() throws {
    let index = F.index()
    let count = try #require(MessageDetail.of(index.position(of: "cart.count") ?? -1, in: index))
    #expect(count.arguments == [ICUArgument(name: "count", kind: "plural")])
    #expect(count.examples.first?.values["count"] == 3)
    #expect(count.file == "messages/cart/count.yml")
    let broken = try #require(MessageDetail.of(index.position(of: "cart.broken") ?? -1, in: index))
    #expect(broken.icuError != nil)
    let legacy = try #require(MessageDetail.of(index.position(of: "home.legacy") ?? -1, in: index))
    #expect(legacy.deprecationWarning == "use home.greeting")
  }

  @Test func icuArgumentsCoverEveryBranchInFirstUseOrder() throws {
    let text =
      "{who} has {n, plural, one {# file in {folder}} other {{n, number} files, {when, date, short}}}"
    let arguments = ICUArgument.of(try ICUParser.parse(text))
    #expect(arguments.map(\.name) == ["who", "n", "folder", "when"])
    #expect(arguments[1].kind == "plural/number")
    #expect(arguments[3].kind == "date")
  }

  @Test func selectionKeepsItsKeyWhenTheFilterChanges() throws {
    var browser = MessageBrowserState()
    browser.index = F.index()
    browser.refilter()
    browser.selection = try #require(
      browser.visible.firstIndex { browser.index?.entries[$0].key == "home.greeting" })
    browser.filter = .overridden
    browser.refilter()
    #expect(browser.selectedKey == "home.greeting")
    browser.filter = .deprecated
    browser.refilter()
    #expect(browser.selectedKey == "home.legacy")
  }

  @Test func movingScrollsOnlyWhenTheSelectionLeavesTheView() {
    var browser = MessageBrowserState()
    browser.visible = Array(0..<100)
    browser.select(row: 5, rows: 10)
    #expect(browser.selection == 5 && browser.scroll == 0)
    browser.select(row: 10, rows: 10)
    #expect(browser.selection == 10 && browser.scroll == 1)
    browser.select(row: 7, rows: 10)
    #expect(browser.scroll == 1)
    browser.move(.last, rows: 10)
    #expect(browser.selection == 99 && browser.scroll == 90)
    browser.move(.pageUp, rows: 10)
    #expect(browser.selection == 89 && browser.scroll == 89)
    browser.move(.first, rows: 10)
    #expect(browser.selection == 0 && browser.scroll == 0)
  }
}
