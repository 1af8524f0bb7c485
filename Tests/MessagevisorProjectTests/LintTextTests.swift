import Foundation
import TerminalSafety
import TestSupport
import Testing

@testable import MessagevisorProject

/// Lint's text checks: untranslated, whitespace and punctuation, invisible characters, fit.
@Suite struct LintTextTests {
  typealias P = LintTestProject

  @Test func missingAndCrossLanguageInheritedTextIsUntranslatedButSameLanguageIsNot() {
    let project = P.make()
    P.message(project, "greeting", ["en": "Good morning", "ru": "Доброе утро", "ja": "おはよう"])
    let findings = P.findings(project, "untranslated")
    // nl inherits English text (another language): reported; en-GB inherits en: fine.
    #expect(findings.map(\.locale) == ["nl"])
    #expect(findings.first?.message.contains("inherited from en") == true)
    P.message(project, "greeting", ["en": "Good morning", "nl": "Goedemorgen", "ja": "おはよう"])
    let missing = P.findings(project, "untranslated")
    #expect(missing.map(\.locale) == ["ru"])
    #expect(missing.first?.message.contains("missing in ru") == true)
  }

  @Test func textIdenticalToTheSourceIsReportedUnlessShortOrAllowed() {
    let project = P.make(config: "lint:\n  allowIdentical: [ReRune Cloud]\n")
    P.message(
      project, "same", ["en": "Open settings", "nl": "Open settings", "ru": "Открыть", "ja": "開く"])
    P.message(
      project, "brand",
      ["en": "ReRune Cloud", "nl": "ReRune Cloud", "ru": "ReRune Cloud", "ja": "ReRune Cloud"])
    P.message(project, "short", ["en": "OK", "nl": "OK", "ru": "OK", "ja": "OK"])
    let findings = P.findings(project, "untranslated")
    #expect(findings.map(\.entityKey) == ["same"])
    #expect(findings.first?.locale == "nl")
    #expect(findings.first?.line == 4)
  }

  @Test func finalPunctuationAndWhitespaceDifferencesAreReported() {
    let project = P.make()
    P.message(project, "label", ["en": "Name:", "nl": "Naam", "ru": "Имя:", "ja": "名前："])
    P.message(project, "spaced", ["en": "Hello", "nl": "Hallo ", "ru": "Привет", "ja": "こんにちは"])
    P.message(project, "double", ["en": "Hi there", "nl": "Hoi  daar", "ru": "Привет", "ja": "やあ"])
    let findings = P.findings(project, "whitespace_mismatch")
    #expect(findings.map(\.entityKey) == ["double", "label", "spaced"])
    #expect(findings.allSatisfy { $0.locale == "nl" })
  }

  @Test func questionMarksInCJKAndArabicFormsMatchTheSource() {
    let project = P.make()
    P.message(
      project, "ask", ["en": "Continue?", "nl": "Doorgaan?", "ru": "Продолжить?", "ja": "続けますか？"])
    #expect(P.findings(project, "whitespace_mismatch").isEmpty)
  }

  @Test func bidiControlsZeroWidthSpacesAndDecomposedTextAreReported() {
    let project = P.make()
    P.message(project, "zwsp", P.all("Hello\u{200B}world"))
    P.message(project, "bidi", P.all("Hello \u{202E}dlrow"))
    P.message(project, "nfd", P.all("Cafe\u{301}"))
    P.message(project, "control", P.all("Bell\u{07}"))
    let keys = Set(P.findings(project, "invisible_characters").map(\.entityKey))
    #expect(keys == ["zwsp", "bidi", "nfd", "control"])
  }

  @Test func emojiZWJSequencesViramaJoinersAndNFCTextAreNotReported() {
    let project = P.make()
    P.message(project, "family", P.all("Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
    P.message(project, "hindi", P.all("\u{0915}\u{094D}\u{200D}\u{0937}"))
    P.message(project, "cafe", P.all("Caf\u{E9}"))
    P.message(project, "lines", P.all("Line one\nLine two"))
    #expect(P.findings(project, "invisible_characters").isEmpty)
  }

  @Test func textLongerThanMaxGraphemesIsReportedInTheLocaleThatOverflows() {
    let project = P.make()
    P.message(
      project, "cta",
      ["en": "Buy now", "nl": "Nu kopen", "ru": "Купить сейчас немедленно", "ja": "今すぐ購入"],
      extra: "translatorContext:\n  maxGraphemes: 12\n")
    let findings = P.findings(project, "fit")
    #expect(findings.map(\.locale) == ["ru"])
    #expect(findings.first?.message.contains("24 graphemes") == true)
  }

  @Test func aScreenBudgetIsCheckedInEveryLocaleWithTheInjectedMeasure() {
    let project = P.make()
    P.message(project, "button", ["en": "Open", "nl": "Openen", "ru": "Открыть", "ja": "開く開く開く"])
    var options = LintOptions()
    options.screenTarget = "app"
    options.screens = [
      LintScreen(
        name: "home", file: "previews/home.yml",
        bindings: [.init(key: "button", width: 10, optional: false, line: 4, column: 11)])
    ]
    // A measure that counts CJK as two columns, as the terminal does.
    options.measure = { text in
      text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) }
    }
    let findings = P.findings(project, "fit", options: options)
    #expect(findings.map(\.locale) == ["ja"])
    #expect(findings.first?.message.contains("12 columns") == true)
  }

  @Test func theNFCQuickCheckNeverPassesTextThatNormalizationWouldChange() {
    func nfcUnchanged(_ text: String) -> Bool {
      text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars)
    }
    // Every scalar on its own (NFC_QC=No scalars change even alone), the BMP and the
    // supplementary Brahmic and ideograph-compatibility planes.
    let ranges: [ClosedRange<UInt32>] = [
      0x300...0xD7FF, 0xE000...0xFFFD, 0x11000...0x11FFF, 0x2F800...0x2FA1F,
    ]
    var checked = 0
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(scalar)
        if LintRun.isCertainlyNFC(text) {
          #expect(nfcUnchanged(text), "U+\(String(value, radix: 16))")
          checked += 1
        }
      }
    }
    #expect(checked > 50_000)
    // Starters that compose with what precedes them, and combining marks.
    for text in [
      "e\u{301}", "A\u{30A}", "\u{1100}\u{1161}", "\u{9C7}\u{9BE}", "\u{B47}\u{B3E}",
      "\u{1025}\u{102E}",
      "\u{1B05}\u{1B35}", "\u{11131}\u{11127}", "\u{11347}\u{1133E}", "\u{304B}\u{3099}",
      "\u{212B}",
      "\u{F900}",
    ] {
      #expect(!LintRun.isCertainlyNFC(text), "\(Array(text.unicodeScalars))")
    }
    // Common copy in scripts without combining marks takes the quick path.
    for text in ["Доброе утро", "おはよう", "مرحبا", "Γειά σου", "café", "日本語", "שלום"] {
      #expect(LintRun.isCertainlyNFC(text), "\(text)")
    }
    #expect(LintRun.isCertainlyNFC("Доброе утро café 日本語"))
  }

  @Test func leadingAndTrailingWhitespaceAreTheWhitespaceCharactersAtEachEnd() {
    let samples = [
      "a", " a", "a ", "\ta b\n", "x\r\n", "\u{A0}Hallo\u{A0}", "e\u{301}", " e\u{301} ", "", "   ",
      "Done.", "\u{3000}日本\u{3000}", "a\u{200B}",
    ]
    for text in samples {
      #expect(LintRun.leadingWhitespace(text) == text.prefix(while: \.isWhitespace), "\(text)")
      let trailing = String(text.reversed().prefix(while: \.isWhitespace).reversed())
      #expect(String(LintRun.trailingWhitespace(text)) == trailing, "\(text)")
    }
  }

  @Test func finalPunctuationOfTheLastCharacterIsReadFromItsBytesOnlyWhenThatIsTheSame() {
    // The reference: the class of the last Character (grapheme) after trailing whitespace.
    func reference(_ text: String) -> String? {
      let trimmed = text[..<LintRun.trailingWhitespace(text).startIndex]
      if trimmed.hasSuffix("...") { return "…" }
      switch trimmed.last {
      case ".", "。", "۔", "．", "｡": return "."
      case ":", "：": return ":"
      case "…", "⋯": return "…"
      case "?", "？", "؟": return "?"
      case "!", "！": return "!"
      default: return nil
      }
    }
    let texts = [
      "", ".", "a.", "Done!", "Why?", "Note:", "Wait...", "x. ", "Hi!\n", "é.", "\u{600}.",
      "a\u{301}", ".\u{301}", "!\u{20DD}", "終わり。", "¿Qué?", "1\u{FE0F}\u{20E3}", "\r\n",
      "a\r\n", "ok", "x\u{200D}.", "\u{1F1FA}\u{1F1F8}.", "a؟", "b．",
    ]
    for text in texts {
      #expect(LintRun.finalPunctuation(text) == reference(text), "\(text.debugDescription)")
    }
  }

  @Test func aTextsShapeAgreesWithTheChecksItStandsInFor() {
    let texts = [
      "", "a", "Hello world", "Hi  there", " x ", "{count, plural, other {#}}", "it's", "<b>x</b>",
      "Bell\u{07}", "tab\tand\nline", "del\u{7F}", "café", "Доброе  утро", "日本語{x}",
      "Hello\u{200B}world", "e\u{301}", "  ", "a\r\nb",
    ]
    for text in texts {
      let shape = TextShape(text)
      #expect(shape.isLiteral == LintRun.isLiteral(text), "\(text.debugDescription)")
      #expect(shape.hasDoubledSpace == LintRun.hasDoubledSpace(text), "\(text.debugDescription)")
      #expect(shape.isASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
      if shape.isASCII {
        // For ASCII text the control-character flag is exactly what the invisible check finds.
        #expect(
          shape.hasASCIIControl == !SafeText.invisibleScalars(in: text).isEmpty,
          "\(text.debugDescription)")
        #expect(LintRun.isCertainlyNFC(text))
      }
    }
  }
}
