import Testing

@testable import TerminalUI

@Suite("BidiReorderer")
struct BidiReordererTests {
  @Test(
    "visual order",
    arguments: [
      // Digits after Latin take its direction (rule W7): "ABC 123" is one left-to-right run.
      ("مرحبا ABC 123", TextDirection.auto, "ABC 123 ابحرم"),
      ("مرحبا ABC 123", .rtl, "ABC 123 ابحرم"),
      ("العدد 42 فقط", .auto, "طقف 42 ددعلا"),
      ("مرحبا 123 ABC", .auto, "ABC 123 ابحرم"),
      ("Hello مرحبا world", .auto, "Hello ابحرم world"),
      ("Hello مرحبا world", .ltr, "Hello ابحرم world"),
      ("(مرحبا)", .rtl, "(ابحرم)"),  // brackets mirrored
      ("رصيدك 1,234.50 €", .auto, "€ 1,234.50 كديصر"),
      ("plain ascii", .auto, "plain ascii"),
      ("שלום", .auto, "םולש"),
      ("abc", .rtl, "abc"),
      // Graphemes are reordered whole: a flag is not turned into another flag, a family stays
      // together, marks stay on their base.
      ("مرحبا 🇸🇦", .auto, "🇸🇦 ابحرم"),
      ("أهلا 👨‍👩‍👧 بكم", .auto, "مكب 👨‍👩‍👧 الهأ"),
      ("«مرحبا»", .rtl, "«ابحرم»"),
      ("", .auto, ""),
    ])
  func visualOrder(logical: String, direction: TextDirection, visual: String) {
    #expect(BidiReorderer.visualOrder(logical, baseDirection: direction) == visual)
  }

  @Test("bidi controls are applied and removed")
  func controls() {
    #expect(BidiReorderer.visualOrder("\u{202E}abc\u{202C}", baseDirection: .ltr) == "cba")
    #expect(BidiReorderer.visualOrder("\u{200F}abc", baseDirection: .auto) == "abc")
  }

  @Test("combining marks stay after their base")
  func combining() {
    // Arabic letters with a shadda (U+0651).
    let visual = BidiReorderer.visualOrder("بّت", baseDirection: .auto)
    #expect(visual == "تبّ")
  }

  @Test("resolved direction")
  func direction() {
    #expect(BidiReorderer.resolvedDirection(of: "123 مرحبا") == .rtl)
    #expect(BidiReorderer.resolvedDirection(of: "abc مرحبا") == .ltr)
    #expect(BidiReorderer.resolvedDirection(of: "123") == .ltr)
    #expect(BidiReorderer.containsRightToLeft("abc") == false)
    #expect(BidiReorderer.containsRightToLeft("abc ש") == true)
  }

  @Test(
    "the approximation used without ICU agrees with ICU on common lines",
    arguments: [
      ("مرحبا ABC 123", TextDirection.auto),
      ("Hello مرحبا world", .auto),
      ("العدد 42 فقط", .auto),
      ("مرحبا 123 ABC", .auto),
      ("رصيدك 1,234.50 €", .auto),
      ("שלום עולם", .auto),
      ("abc", .rtl),
      ("مرحبا بكم ", .auto),
      ("السعر 50% اليوم", .auto),
      ("الساعة 10:30 مساء", .auto),
    ])
  func approximation(text: String, direction: TextDirection) {
    let approximate = BidiReorderer.approximateLevels(text, baseDirection: direction)
    #expect(approximate.count == text.utf16.count)
    var offset = 0
    var exact: [UInt8] = []
    for grapheme in text {
      // Compare per grapheme at the first code unit; ICU gives the level per code unit.
      exact.append(BidiReorderer.levelsForTesting(text, baseDirection: direction)?[offset] ?? 99)
      offset += grapheme.utf16.count
    }
    offset = 0
    var approximated: [UInt8] = []
    for grapheme in text {
      approximated.append(approximate[offset])
      offset += grapheme.utf16.count
    }
    #expect(approximated == exact)
  }
}
