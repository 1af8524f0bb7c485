import Foundation
import Testing

@testable import TerminalSafety

@Suite("SafeText")
struct SafeTextTests {
  @Test(
    "controls and separators become visible symbols",
    arguments: [
      ("\u{1B}[2J", "␛[2J"),
      ("\u{7}", "␇"),
      ("\u{0}", "␀"),
      ("a\tb", "a␉b"),
      ("a\nb", "a␊b"),
      ("a\r\nb", "a␤b"),
      ("a\rb", "a␍b"),
      ("\u{7F}", "␡"),
      ("\u{9B}2J", "\u{FFFD}2J"),  // C1 CSI
      ("\u{9D}52;c;x\u{9C}", "\u{FFFD}52;c;x\u{FFFD}"),  // C1 OSC … ST
      ("\u{85}", "\u{FFFD}"),  // NEL
      ("a\u{2028}b\u{2029}c", "a\u{FFFD}b\u{FFFD}c"),
      ("\u{FFF9}", "\u{FFFD}"),
      ("nl\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{7}", "nl␛[2J␛]52;c;ZXZpbA==␇"),
    ])
  func placeholders(input: String, expected: String) {
    #expect(SafeText.neutralized(input) == expected)
  }

  @Test(
    "bidi controls are removed",
    arguments: [
      ("abc\u{202E}txt.exe", "abctxt.exe"),
      ("\u{202A}a\u{202B}b\u{202C}c\u{202D}d", "abcd"),
      ("\u{2066}a\u{2067}b\u{2068}c\u{2069}", "abc"),
      ("a\u{200E}b\u{200F}c\u{61C}d", "abcd"),
      ("مرحبا\u{202E}abc", "مرحباabc"),
    ])
  func bidi(input: String, expected: String) {
    #expect(SafeText.neutralized(input) == expected)
  }

  @Test(
    "joiners are kept only where they shape",
    arguments: [
      // Emoji ZWJ sequences (family, rainbow flag after VS16, skin tone, heart on fire, polar bear).
      ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"),
      ("🏳\u{FE0F}\u{200D}🌈", "🏳\u{FE0F}\u{200D}🌈"),
      ("👩🏽\u{200D}💻", "👩🏽\u{200D}💻"),
      ("❤\u{FE0F}\u{200D}🔥", "❤\u{FE0F}\u{200D}🔥"),
      ("🧑\u{200D}🦰", "🧑\u{200D}🦰"),
      // Devanagari: half form (virama + ZWJ), explicit virama (virama + ZWNJ), eyelash ra.
      ("क्\u{200D}ष", "क्\u{200D}ष"),
      ("क्\u{200C}ष", "क्\u{200C}ष"),
      ("र\u{200D}्य", "र\u{200D}्य"),
      // Malayalam chillu, Sinhala yansaya.
      ("അവന്\u{200D} ", "അവന്\u{200D} "),
      ("ന്\u{200D}", "ന്"),
      ("ක්\u{200D}ය", "ක්\u{200D}ය"),
      // Persian ZWNJ, Arabic ZWJ between letters.
      ("می\u{200C}خواهم", "می\u{200C}خواهم"),
      ("ب\u{200D}ب", "ب\u{200D}ب"),
      ("ی\u{200C}", "ی\u{200C}"),
      // Elsewhere they go.
      ("a\u{200D}b", "ab"),
      ("a\u{200C}b", "ab"),
      ("Привет\u{200D}мир", "Приветмир"),
      ("\u{200D}👩", "👩"),
      ("👩\u{200D}", "👩"),
      ("👩\u{200D} 💻", "👩 💻"),
      ("1\u{200D}2", "12"),
      ("ب\u{200D}", "ب"),
      ("ب\u{200D} ", "ب "),
      ("a\u{200D}\u{200D}b", "ab"),
      ("漢\u{200D}字", "漢字"),
    ])
  func joiners(input: String, expected: String) {
    #expect(SafeText.neutralized(input) == expected)
  }

  @Test(
    "ordinary text of every script is untouched",
    arguments: [
      "Hello, world!", "漢字かなカナ한국어", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "க்ஷ",
      "Grüße, señor", "e\u{301}", "🇳🇱🇸🇦", "1\u{FE0F}\u{20E3}", "soft\u{AD}hyphen", "\u{600}١٢",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "",
    ])
  func untouched(text: String) {
    #expect(SafeText.neutralized(text) == text)
    #expect(SafeText.unsafeScalars(in: text).isEmpty)
  }

  @Test("noncharacters become U+FFFD")
  func noncharacters() throws {
    var scalars = String.UnicodeScalarView()
    scalars.append(try #require(Unicode.Scalar(0xFFFE)))
    scalars.append(try #require(Unicode.Scalar(0xFDD0)))
    scalars.append("a")
    let text = String(scalars)
    #expect(SafeText.neutralized(text) == "\u{FFFD}\u{FFFD}a")
  }

  @Test("invisible format and stray tag characters are removed")
  func invisible() {
    #expect(SafeText.neutralized("a\u{200B}b\u{2060}c\u{FEFF}d\u{2062}e") == "abcde")
    // Tag characters after a letter hide ASCII text ("ASCII smuggling").
    #expect(SafeText.neutralized("ok\u{E0001}\u{E0068}\u{E0069}") == "ok")
  }

  @Test("line breaks may be kept for multi-line output; a lone CR may not")
  func lineBreaks() {
    #expect(SafeText.neutralized("a\nb\tc", keepingLineBreaks: true) == "a\nb\tc")
    #expect(SafeText.neutralized("a\r\nb", keepingLineBreaks: true) == "a\nb")
    #expect(SafeText.neutralized("safe\rEVIL", keepingLineBreaks: true) == "safe␍EVIL")
    #expect(SafeText.neutralized("\u{1B}[2J\n", keepingLineBreaks: true) == "␛[2J\n")
  }

  @Test("the output never holds a control, bidi control, separator or stray joiner")
  func exhaustiveBMP() {
    var text = String.UnicodeScalarView()
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      text.append(scalar)
      text.append("x")
    }
    let output = SafeText.neutralized(String(text))
    for scalar in output.unicodeScalars {
      let value = scalar.value
      #expect(value >= 0x20 && !(0x7F...0x9F).contains(value), "U+\(value)")
      #expect(!SafeText.isBidiControl(scalar) && value != 0x2028 && value != 0x2029)
      #expect(value != 0x200D && value != 0x200C)
    }
    #expect(SafeText.unsafeScalars(in: output).isEmpty)
  }

  @Test("quoted spells out every hidden scalar")
  func quoted() {
    #expect(SafeText.quoted("nl\u{1B}[2J") == "\"nl\\u{001B}[2J\"")
    #expect(SafeText.quoted("ar\u{202E}") == "\"ar\\u{202E}\"")
    #expect(SafeText.quoted("a\u{200D}b \"q\" \\") == "\"a\\u{200D}b \\\"q\\\" \\\\\"")
    #expect(SafeText.quoted("👨\u{200D}👩") == "\"👨\u{200D}👩\"")
  }

  @Test("quotedShowingSpaces also spells out spaces other than U+0020 and the soft hyphen")
  func quotedShowingSpaces() {
    #expect(SafeText.quoted("12:00\u{202F}PM") == "\"12:00\u{202F}PM\"")
    #expect(SafeText.quotedShowingSpaces("12:00\u{202F}PM") == "\"12:00\\u{202F}PM\"")
    #expect(
      SafeText.quotedShowingSpaces("1\u{00A0}000\u{2009}m co\u{00AD}op")
        == "\"1\\u{00A0}000\\u{2009}m co\\u{00AD}op\"")
    #expect(SafeText.quotedShowingSpaces("a b\u{1B}") == "\"a b\\u{001B}\"")
  }

  @Test("JSON escaping showing spaces keeps the value and escapes U+00A0 and U+202F")
  func jsonShowingSpaces() throws {
    let value = "12:00\u{202F}PM 1\u{00A0}000"
    let encoded = try JSONSerialization.data(withJSONObject: ["k": value])
    let text = SafeText.escapingJSONShowingSpaces(String(decoding: encoded, as: UTF8.self))
    #expect(text.contains("\\u202F") && text.contains("\\u00A0"), "\(text)")
    #expect(!text.contains("\u{202F}") && !text.contains("\u{00A0}"))
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded?["k"] == value)
  }

  @Test("JSON escaping keeps the value and removes every unsafe scalar")
  func json() throws {
    let value = "nl\u{1B}[2J\u{9B}\u{202E}a\u{200D}b\u{2028}👨\u{200D}👩 \u{E0041}"
    let encoded = try JSONSerialization.data(
      withJSONObject: ["k\u{202E}": value], options: [.prettyPrinted, .sortedKeys])
    let text = SafeText.escapingJSON(String(decoding: encoded, as: UTF8.self))
    #expect(text.contains("\\u202e") || text.contains("\\u202E"))
    #expect(text.contains("\n"))
    for scalar in text.unicodeScalars where scalar != "\n" {
      #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
      #expect(!SafeText.isBidiControl(scalar) && scalar.value != 0x2028)
    }
    #expect(text.contains("👨\u{200D}👩"))
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded == ["k\u{202E}": value])
  }

  @Test("unsafe scalars are listed in order")
  func unsafeList() {
    #expect(
      SafeText.unsafeScalars(in: "nl\u{1B}x\u{202E}a\u{200D}b").map(\.value) == [
        0x1B, 0x202E, 0x200D,
      ])
  }
}

/// The block table that lets `needsWork` skip property lookups agrees with the lookup.
@Suite struct SafeTextFormatBlockTests {
  @Test func everyBMPScalarNeedsWorkExactlyWhenTheFullRuleSaysSo() {
    for value in UInt32(0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let full =
        !(value >= 0x20 && value < 0x7F)
        && (value < 0xA0 || value == 0x2028 || value == 0x2029 || value & 0xFFFE == 0xFFFE
          || (0xFDD0...0xFDEF).contains(value) || scalar.properties.generalCategory == .format)
      #expect(
        SafeText.needsWork(String(scalar), keepingLineBreaks: false) == full,
        "U+\(String(value, radix: 16))")
    }
  }
}
