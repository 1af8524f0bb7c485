import Foundation
import MessagevisorProject
import TestSupport
import Testing

/// Generated (seeded, so reproducible) texts and message files: every save reads back exactly,
/// and marking the result reviewed works, in LF and CRLF files, with 2- and 4-space indentation,
/// comments, blank lines, every value style and files without a final line break.
@Suite struct GeneratedSpliceTests {
  static let pieces: [String] = [
    " ", "  ", "\n", "\n\n", "\t", "a", "b", "#", ": ", ":", "-", "'", "\"", "\\", "|", ">", "{",
    "}", "[", "]", ",", "&", "*", "!", "%", "@", "`", "?", "é", "🙂", "\u{200D}", "\u{00A0}",
    "\u{85}", "\u{2028}", "\u{FEFF}", "\r", "\u{1}", "\u{7F}", "yes", "1", ".", "~", "null", "---",
    "...", "x y", "日本", "مرحبا",
  ]

  @Test func generatedTextsReadBackOverEveryStyle() throws {
    var random = SeededGenerator(seed: 42)
    let originals = [
      "  en: Hello\n", "  en: 'Hello'\n", "  en: \"Hello\"\n", "  en: |\n    Hello\n",
      "  en: |-\n    Hello\n\n", "  en: |+\n    Hello\n\n", "  en: >\n    Hello\n    world\n",
      "  en: >- # folded\n    Hello\n", "  en:\n    Hello\n", "", "  en:\n", "  en: # c\n",
    ]
    for _ in 0..<1500 {
      let count = Int.random(in: 0...6, using: &random)
      let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
      let original = originals.randomElement(using: &random)!
      var file = "# head\ntranslations:\n  de: Hallo\n" + original + "  nl: Hallo # c\n"
      if Bool.random(using: &random) { file = file.replacingOccurrences(of: "\n", with: "\r\n") }
      let locale = original.isEmpty ? "fr" : "en"
      let edited = try MessageFileEditor().settingTranslation(
        text, at: .translation(locale), in: Array(file.utf8))
      let parsed = try YAMLParser().parse(edited, file: "m.yml")
      #expect(
        parsed["translations"]?[locale]?.string == text,
        "\(file.debugDescription) \(text.debugDescription)")
    }
  }

  @Test func generatedFilesTakeAnEditAndAReview() throws {
    var random = SeededGenerator(seed: 7)
    let values = [
      "Hello", "'Hello'", "\"Hello\"", "|\n@@Hello\n", "|-\n@@Hello\n@@world\n\n", "|+\n@@Hi\n\n",
      ">\n@@Hello\n@@world\n", ">- # f\n@@Hello\n", "", "# c", "Hello # c", "\"multi\n@@line\"",
    ]
    let texts = ["Hi", "Hi\nthere", "", " x ", "a: b", "yes", "🙂", "x\n\n", "\ttab", "a\n  b\n"]
    for _ in 0..<1500 {
      let indent = String(repeating: " ", count: Bool.random(using: &random) ? 2 : 4)
      var file = "description: x\n"
      if Bool.random(using: &random) { file += "# comment\n" }
      file += "translations:" + (Bool.random(using: &random) ? " # all\n" : "\n")
      for locale in ["en", "nl", "de"].prefix(Int.random(in: 1...3, using: &random)) {
        if Int.random(in: 0..<4, using: &random) == 0 { file += indent + "# about \(locale)\n" }
        if Int.random(in: 0..<5, using: &random) == 0 { file += "\n" }
        let value = values.randomElement(using: &random)!
          .replacingOccurrences(of: "@@", with: indent + indent)
        file += indent + locale + ":" + (value.isEmpty ? "" : " " + value)
        if !value.hasSuffix("\n") { file += "\n" }
      }
      if Bool.random(using: &random) { file += "\n" }
      if Bool.random(using: &random) { file += "meta:\n" + indent + "a: b\n" }
      if Bool.random(using: &random) { file.removeLast() }
      if Bool.random(using: &random) { file = file.replacingOccurrences(of: "\n", with: "\r\n") }
      let target = ["en", "nl", "de", "fr"].randomElement(using: &random)!
      let text = texts.randomElement(using: &random)!
      let editor = MessageFileEditor()
      let edited = try editor.savingTranslation(
        text, at: .translation(target), in: Array(file.utf8))
      #expect(
        try editor.translation(at: .translation(target), in: edited) == text,
        "\(file.debugDescription) \(target) \(text.debugDescription)")
      guard try editor.translation(at: .translation("en"), in: edited) != nil else { continue }
      let reviewed = try editor.markingReviewed(
        at: .translation(target), sourceLocale: "en", in: edited)
      #expect(
        try editor.review(at: .translation(target), sourceLocale: "en", in: reviewed).state?.status
          == .reviewed)
    }
  }

  @Test func generatedOverridesTakeAnEditAndAReview() throws {
    var random = SeededGenerator(seed: 99)
    let values = [
      "Hello", "'Hello'", "\"Hello\"", "|\n@@Hello\n", ">-\n@@Hello\n", "", "Hello # c",
    ]
    let texts = ["Hi", "Hi\nthere", "", " x ", "yes", "x\n\n"]
    for _ in 0..<800 {
      let indent = String(repeating: " ", count: Bool.random(using: &random) ? 2 : 4)
      var file = "translations:\n\(indent)en: Hello\n"
      if Bool.random(using: &random) {
        file += "translationStates:\n\(indent)en:\n\(indent)\(indent)status: draft\n"
      }
      file += "overrides:\n"
      // `- key:` on the dash's line, or the dash alone on its line.
      let dash = Bool.random(using: &random) ? "- " : "-\n\(indent)  "
      let count = Int.random(in: 1...2, using: &random)
      for (number, key) in ["a", "b"].prefix(count).enumerated() {
        let inner = indent + "  "
        file += "\(indent)\(dash)key: \(key)\n\(inner)segments:\n\(inner)\(indent)- s\(number)\n"
        if Bool.random(using: &random) {
          file += "\(inner)translations:\n"
          for locale in ["en", "nl"].prefix(Int.random(in: 1...2, using: &random)) {
            let value = values.randomElement(using: &random)!
              .replacingOccurrences(of: "@@", with: inner + indent + indent)
            file += "\(inner)\(indent)\(locale):" + (value.isEmpty ? "" : " " + value)
            if !value.hasSuffix("\n") { file += "\n" }
          }
          if Bool.random(using: &random) {
            file += "\(inner)translationStates:\n\(inner)\(indent)nl:\n"
            file += "\(inner)\(indent)\(indent)status: reviewed\n"
          }
        }
        if Int.random(in: 0..<3, using: &random) == 0 { file += "\(inner)# a comment\n" }
      }
      if Bool.random(using: &random) { file.removeLast() }
      if Bool.random(using: &random) { file = file.replacingOccurrences(of: "\n", with: "\r\n") }
      let path = TranslationPath.override(
        Int.random(in: 0..<count, using: &random),
        locale: ["en", "nl", "de"].randomElement(using: &random)!)
      let text = texts.randomElement(using: &random)!
      let editor = MessageFileEditor()
      let edited = try editor.savingTranslation(text, at: path, in: Array(file.utf8))
      #expect(
        try editor.translation(at: path, in: edited) == text, "\(file.debugDescription) \(path)")
      if try editor.translation(at: path.with(locale: "en"), in: edited) != nil {
        let reviewed = try editor.markingReviewed(at: path, sourceLocale: "en", in: edited)
        #expect(try editor.reviewState(at: path, in: reviewed)?.status == .reviewed)
      }
    }
  }
}
