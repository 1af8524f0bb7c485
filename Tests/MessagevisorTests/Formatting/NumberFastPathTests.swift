import Foundation
import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

/// The prepared ICU number formatter (the hot path) must give exactly the text the Foundation
/// FormatStyle path gives, for every plan that uses it.
@Suite struct NumberFastPathTests {
  static let locales = [
    "en-US", "en-GB", "nl-NL", "de-DE", "fr-FR", "ar", "ja-JP", "ru", "pl", "cy", "bn", "hi-IN",
  ]
  static let extraOptionSets: [FormatOptions] = [
    [
      "style": "currency", "currency": "EUR", "minimumFractionDigits": 2,
      "maximumFractionDigits": 2,
    ],
    ["style": "currency", "currency": "INR"],
    ["style": "currency", "currency": "GBP", "currencyDisplay": "name", "signDisplay": "always"],
    ["style": "currency", "currency": "USD", "trailingZeroDisplay": "stripIfInteger"],
    ["style": "currency", "currency": "BHD"],
    ["style": "currency", "currency": "EUR", "signDisplay": "negative"],
    ["style": "percent", "maximumFractionDigits": 2, "signDisplay": "negative"],
    ["style": "percent", "useGrouping": false],
    ["notation": "compact", "signDisplay": "always"],
    ["notation": "scientific", "minimumFractionDigits": 3, "maximumFractionDigits": 3],
    ["maximumFractionDigits": 20],
    ["minimumFractionDigits": 0, "maximumFractionDigits": 0, "roundingMode": "halfEven"],
    ["minimumIntegerDigits": 3],
    ["maximumSignificantDigits": 1, "roundingMode": "ceil"],
    ["numberingSystem": "latn"],
    ["numberingSystem": "deva"],
    ["useGrouping": "auto", "signDisplay": "exceptZero"],
    ["trailingZeroDisplay": "stripIfInteger", "maximumFractionDigits": 3],
  ]
  static let values: [Double] = [
    0, -0.0, 1, -1, 2, 5, 11, 21, 0.5, -0.4, 1.5, -2.5, 0.125, 0.005, -0.004, 1234.5678,
    -98765.4321, 1e-7, 123_456_789.987, 1_000_000, -1_500_000, 0.96, 999.9999, 99_999.5, 1e15,
    -1e21, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
  ]

  @Test(arguments: locales)
  func preparedFormatterMatchesFormatStyle(_ locale: String) throws {
    let formatters = NativeFormatters()
    var compared = 0
    var differences: [String] = []
    for options in NumberStyleMappingTests.optionSets + Self.extraOptionSets {
      let plan = try formatters.numberPlan(locale: locale, options: options)
      guard plan.notes.isEmpty, plan.unitSuffix == nil else {
        #expect(plan.prepared == nil, "\(options) has notes but a prepared formatter")
        continue
      }
      // Plans that already format with an ICU skeleton have no FormatStyle to compare with.
      if case .skeleton = plan.style { continue }
      #expect(plan.prepared != nil, "\(options) has no prepared formatter")
      for value in Self.values {
        let fast = plan.format(value)
        let reference = plan.formatWithStyle(value)
        compared += 1
        if fast != reference {
          differences.append(
            "\(options) \(value): fast \"\(fast)\" vs FormatStyle \"\(reference)\" [\(plan.referenceSkeleton ?? "")]"
          )
        }
      }
    }
    #expect(compared > 500)
    #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
  }

  /// Plans with unsupported notes keep the documented FormatStyle fallback (no prepared formatter).
  @Test func plansWithNotesKeepFormatStyle() throws {
    let formatters = NativeFormatters()
    let plan = try formatters.numberPlan(
      locale: "en-US", options: ["notation": "compact", "compactDisplay": "long"])
    #expect(!plan.notes.isEmpty)
    if case .skeleton = plan.style {
      #expect(plan.prepared == nil)
    }
    #expect(plan.format(1234) == plan.formatWithStyle(1234))
  }

  /// Concurrent callers share one prepared formatter (its result object is lock-guarded; busy
  /// callers use their own) and all get the right text.
  @Test func concurrentFormattingIsConsistent() async throws {
    let formatters = NativeFormatters()
    let options: FormatOptions = ["style": "currency", "currency": "EUR"]
    let plan = try formatters.numberPlan(locale: "nl-NL", options: options)
    let expected = (0..<200).map { plan.formatWithStyle(Double($0) * 1.25) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var bad = 0
          for _ in 0..<5 {
            for index in 0..<200 where plan.format(Double(index) * 1.25) != expected[index] {
              bad += 1
            }
          }
          return bad
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

/// `trailingZeroDisplay: stripIfInteger` with a currency's default digits drops ".00" on whole
/// amounts (Intl: `$1`, `$1.50`), on both the prepared and the FormatStyle path.
@Suite struct CurrencyStripIfIntegerTests {
  @Test(arguments: [(1.0, "$1"), (1.5, "$1.50"), (-2, "-$2"), (1234.567, "$1,234.57")])
  func wholeAmountsDropTheFraction(_ value: Double, _ expected: String) throws {
    let plan = try NativeFormatters().numberPlan(
      locale: "en-US",
      options: ["style": "currency", "currency": "USD", "trailingZeroDisplay": "stripIfInteger"])
    #expect(plan.format(value) == expected)
    #expect(plan.formatWithStyle(value) == expected)
  }
}

/// The UTF-16 → String decoding used for ICU results matches the standard library's, including
/// surrogate pairs and unpaired surrogates.
@Suite struct ICUTextDecodingTests {
  @Test(arguments: [
    "", "1,234.50", "€\u{00A0}1.234,50", "١٬٢٣٤٫٥", "\u{200F}-١ US$", "12\u{202F}345 ₽", "𝟘𝟙 😀 x",
    "日本円 ¥1,235",
  ])
  func decodesLikeTheStandardLibrary(_ text: String) {
    let units = Array(text.utf16)
    let decoded = units.withUnsafeBufferPointer { ICUBridge.string(fromUTF16: $0) }
    #expect(decoded == text)
  }

  @Test func unpairedSurrogatesBecomeReplacementCharacters() {
    let units: [UInt16] = [0x41, 0xD800, 0x42, 0xDC00, 0xD83D, 0xDE00, 0xD83D]
    let decoded = units.withUnsafeBufferPointer { ICUBridge.string(fromUTF16: $0) }
    #expect(decoded == String(decoding: units, as: UTF16.self))
    #expect(decoded == "A\u{FFFD}B\u{FFFD}😀\u{FFFD}")
  }
}

/// The identity memo only answers for the very same option storage and locale.
@Suite struct OptionIdentityMemoTests {
  @Test func answersOnlyForTheSameStorageAndLocale() {
    let memo = OptionIdentityMemo<Int>(capacity: 2)
    let options: FormatOptions = ["style": "currency", "currency": "EUR"]
    memo.store(1, locale: "nl-NL", options: options)
    #expect(memo.lookup(locale: "nl-NL", options: options) == 1)
    #expect(memo.lookup(locale: "de-DE", options: options) == nil)
    var changed = options
    changed["currency"] = "USD"
    #expect(memo.lookup(locale: "nl-NL", options: changed) == nil)
    let rebuilt: FormatOptions = ["style": "currency", "currency": "EUR"]
    #expect(memo.lookup(locale: "nl-NL", options: rebuilt) == nil)
  }

  @Test func formattersGiveTheSameResultThroughTheMemo() throws {
    let formatters = NativeFormatters()
    var options: FormatOptions = ["style": "currency", "currency": "EUR"]
    let first = try formatters.formatNumber(12.5, locale: "nl-NL", options: options)
    #expect(try formatters.formatNumber(12.5, locale: "nl-NL", options: options) == first)
    #expect(first.text == "€\u{00A0}12,50")
    options["currency"] = "USD"
    #expect(
      try formatters.formatNumber(12.5, locale: "nl-NL", options: options).text
        == "US$\u{00A0}12,50")
    #expect(try formatters.formatNumber(12.5, locale: "en-US", options: options).text == "$12.50")
  }

  @Test func evictsTheOldestSlot() {
    let memo = OptionIdentityMemo<Int>(capacity: 2)
    let bags: [FormatOptions] = [["a": 1], ["b": 2], ["c": 3]]
    for (index, bag) in bags.enumerated() { memo.store(index, locale: "en", options: bag) }
    #expect(memo.lookup(locale: "en", options: bags[0]) == nil)
    #expect(memo.lookup(locale: "en", options: bags[1]) == 1)
    #expect(memo.lookup(locale: "en", options: bags[2]) == 2)
  }
}
