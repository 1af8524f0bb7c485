import Testing

@_spi(MessagevisorModules) @testable import Messagevisor

/// One generated CLDR sample group: every sample of one category of one locale.
struct PluralSampleGroup: Sendable, CustomTestStringConvertible {
  var ordinal: Bool
  var locale: String
  var category: String
  var samples: [String]

  var testDescription: String { "\(ordinal ? "ordinal" : "cardinal") \(locale) \(category)" }

  static let all: [PluralSampleGroup] = pluralSampleTable.split(separator: "\n").map { line in
    let fields = line.split(separator: " ").map(String.init)
    return PluralSampleGroup(
      ordinal: fields[0] == "ordinal", locale: fields[1], category: fields[2],
      samples: Array(fields.dropFirst(3)))
  }
}

@Suite struct PluralRulesTests {
  @Test func sampleTableCoversEveryLocale() {
    let groups = PluralSampleGroup.all
    #expect(groups.reduce(0) { $0 + $1.samples.count } > 14_000)
    #expect(
      Set(groups.filter { !$0.ordinal }.map(\.locale)) == Set(PluralRules.locales(ordinal: false)))
    #expect(
      Set(groups.filter { $0.ordinal }.map(\.locale)) == Set(PluralRules.locales(ordinal: true)))
  }

  @Test(arguments: PluralSampleGroup.all)
  func cldrSamplesSelectTheirCategory(_ group: PluralSampleGroup) throws {
    for sample in group.samples {
      let operands = try #require(PluralOperands(sample), "sample \(sample)")
      let category = PluralRules.category(
        for: operands, locale: group.locale, ordinal: group.ordinal)
      #expect(category == group.category, "\(group.testDescription): sample \(sample)")
    }
  }

  @Test(arguments: [
    ("1", PluralOperands(n: 1, i: 1, v: 0, w: 0, f: 0, t: 0)),
    ("1.0", PluralOperands(n: 1, i: 1, v: 1, w: 0, f: 0, t: 0)),
    ("1.00", PluralOperands(n: 1, i: 1, v: 2, w: 0, f: 0, t: 0)),
    ("1.3", PluralOperands(n: 1.3, i: 1, v: 1, w: 1, f: 3, t: 3)),
    ("1.30", PluralOperands(n: 1.3, i: 1, v: 2, w: 1, f: 30, t: 3)),
    ("1.03", PluralOperands(n: 1.03, i: 1, v: 2, w: 2, f: 3, t: 3)),
    ("1.230", PluralOperands(n: 1.23, i: 1, v: 3, w: 2, f: 230, t: 23)),
    ("-12.5", PluralOperands(n: 12.5, i: 12, v: 1, w: 1, f: 5, t: 5)),
    ("1200000", PluralOperands(n: 1_200_000, i: 1_200_000, v: 0, w: 0, f: 0, t: 0, e: 0)),
    ("1.2c6", PluralOperands(n: 1_200_000, i: 1_200_000, v: 0, w: 0, f: 0, t: 0, e: 6)),
    ("123c6", PluralOperands(n: 123_000_000, i: 123_000_000, v: 0, w: 0, f: 0, t: 0, e: 6)),
    ("1.0000001c6", PluralOperands(n: 1_000_000.1, i: 1_000_000, v: 1, w: 1, f: 1, t: 1, e: 6)),
    ("1.2e3", PluralOperands(n: 1200, i: 1200, v: 0, w: 0, f: 0, t: 0, e: 3)),
  ])
  func operandsFollowUTS35(_ text: String, _ expected: PluralOperands) {
    #expect(PluralOperands(text) == expected)
  }

  @Test(arguments: ["", "-", "1.2.3", "abc", "1e", "1,5", "1c-2"])
  func malformedOperandTextIsRejected(_ text: String) {
    #expect(PluralOperands(text) == nil)
  }

  @Test func hugeNumbersKeepTheirLowDigits() throws {
    // 10^24 + 1: i % 10 = 1 still holds; 10^24 keeps i != 0 and i % 1000000 == 0.
    let big = try #require(PluralOperands("1000000000000000000000001"))
    #expect(big.i % 10 == 1)
    #expect(PluralRules.category(for: big, locale: "ru", ordinal: false) == "one")
    let round = try #require(PluralOperands("1000000000000000000000000"))
    #expect(round.i != 0 && round.i % 1_000_000 == 0)
    #expect(PluralRules.category(for: round, locale: "fr", ordinal: false) == "many")
    let longFraction = try #require(PluralOperands("0." + String(repeating: "0", count: 40) + "1"))
    #expect(longFraction.v == 41 && longFraction.t == 1)
  }

  @Test(arguments: [
    // (locale, ordinal, sample, expected)
    ("en-GB", false, "1", "one"),  // en-GB → en-001 → en
    ("en_US", false, "1.0", "other"),
    ("pt-PT", false, "0", "other"),  // pt-PT has its own rules
    ("pt-AO", false, "0", "other"),  // parent pt-PT
    ("pt-BR", false, "0", "one"),  // truncation to pt
    ("zh-Hant-TW", false, "1", "other"),
    ("sr-Latn-RS", false, "21", "one"),  // sr-Latn's parent is root: truncate to sr instead
    ("nb-NO", false, "1", "one"),
    ("cy-GB", false, "2", "two"),
    ("ar-EG", false, "3", "few"),
    ("ru-RU@numbers=latn", false, "21", "one"),
    ("EN-us", true, "22", "two"),
    ("en-u-nu-arab", true, "3", "few"),
    ("xx-Unknown", false, "1", "other"),  // root
    ("", false, "1", "other"),
    ("und", false, "1", "other"),
  ])
  func localeFallback(_ locale: String, _ ordinal: Bool, _ sample: String, _ expected: String)
    throws
  {
    let operands = try #require(PluralOperands(sample))
    #expect(PluralRules.category(for: operands, locale: locale, ordinal: ordinal) == expected)
  }

  @Test func englishOrdinals() {
    let expected = [
      1: "one", 2: "two", 3: "few", 4: "other", 11: "other", 12: "other", 13: "other", 21: "one",
      22: "two", 23: "few", 101: "one", 111: "other",
    ]
    for (value, category) in expected {
      #expect(
        PluralRules.category(for: PluralOperands(integer: value), locale: "en", ordinal: true)
          == category, "\(value)")
    }
  }
}
