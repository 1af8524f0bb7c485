import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

@testable import MessagevisorICU

/// The small-number memo (decimal text and category slot per integer 0…999 and locale) must give
/// exactly what a formatter without memo state gives, for cardinal and ordinal rules, across
/// locales with many categories, with offsets and with interleaved locales.
@Suite struct ICUSmallNumberMemoTests {
  static let cardinal =
    "{n, plural, =7 {seven} zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}"
  static let ordinal = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
  static let withOffset = "{n, plural, offset:1 one {one+#} few {few+#} other {other+#}}"

  @Test(arguments: ["en-US", "ru", "pl", "cy", "ar", "fr-FR", "ja-JP"])
  func memoizedResultsMatchAFreshFormatter(_ locale: String) throws {
    let memoized = ICUHarness()
    let numbers = Array(0...130) + [999, 1000, 1001, 21, 22, 23, 101, 111]
    for round in 0..<2 {
      for number in numbers {
        for message in [Self.cardinal, Self.ordinal, Self.withOffset] {
          let values: MessagevisorValues = ["n": .int(number)]
          let expected = try ICUHarness().text(message, values, locale: locale)
          #expect(
            try memoized.text(message, values, locale: locale) == expected,
            "\(locale) \(number) round \(round): \(message)")
        }
      }
    }
  }

  @Test func interleavedLocalesNeverShareSlots() throws {
    let memoized = ICUHarness()
    for number in 0..<40 {
      for locale in ["ru", "en-US", "ar", "cy"] {
        let values: MessagevisorValues = ["n": .int(number)]
        #expect(
          try memoized.text(Self.cardinal, values, locale: locale)
            == ICUHarness().text(Self.cardinal, values, locale: locale))
      }
    }
    #expect(try memoized.text(Self.cardinal, ["n": 3], locale: "ru") == "f3")
    #expect(try memoized.text(Self.cardinal, ["n": 5], locale: "ru") == "m5")
    #expect(try memoized.text(Self.cardinal, ["n": 2], locale: "cy") == "t2")
    #expect(try memoized.text(Self.ordinal, ["n": 22], locale: "en-US") == "22nd")
    #expect(try memoized.text(Self.cardinal, ["n": 7], locale: "en-US") == "seven")
  }

  @Test func categorySlots() {
    for (name, index) in [("zero", 0), ("one", 1), ("two", 2), ("few", 3), ("many", 4)] {
      let slot = ICUPlural.Slot(category: name)
      #expect(slot.index == index)
      #expect(ICUPlural.Slot(code: slot.code) == slot)
    }
    #expect(ICUPlural.Slot(category: "other").index == 5)
    #expect(ICUPlural.Slot(category: "unknown").index == 5)
    #expect(ICUPlural.Slot(code: 0) == nil)
    #expect(ICUPlural.Slot(code: 7) == nil)
  }

  @Test func memoIsBoundedByLocales() {
    let memo = SmallNumberMemo()
    for index in 0..<(SmallNumberMemo.maximumLocales + 5) {
      memo.storeDecimal(1, locale: "x-\(index)", text: "1")
    }
    #expect(memo.decimal(1, locale: "x-0") == nil)
    #expect(memo.decimal(1, locale: "x-\(SmallNumberMemo.maximumLocales + 4)") == "1")
    #expect(memo.plural(5000, ordinal: false, locale: "x-1").slot == nil)
  }
}
