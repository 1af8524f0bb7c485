import Foundation
import MessagevisorProject
import Testing

/// Texts that are hard to write in YAML, saved over a translation written in every style (and as
/// a new locale): each reads back exactly, and the lines around the edited entry are unchanged.
@Suite struct ScalarRoundTripTests {
  static let texts: [String] = [
    "", " ", "a", "a\n", "\n", "\n\n", "a\n\n", "\na", "  lead", "trail  ", "a\tb", "\ttab",
    "# not a comment", "a: b", "a:b", "- item", "'quoted'", "\"double\"", "back\\slash",
    "multi\nline\ntext", "  indented\n  lines\n", "x\n  y\n", "space at end \nnext",
    "🙂\u{200D}🙂", "\u{FEFF}bom", "\u{85}next line", "a\u{2028}b", "---", "...", "? q", "%TAG",
    "a\r\nb", "\r", "{a: 1}", "[1, 2]", "*alias", "&anchor", "!tag", "|", ">", "@", "`", "123",
    "0o17", ".5", "1e3", "null", "~", "yes", "2026-01-01T10:00:00Z", "مرحبا بالعالم",
    "日本語のテキスト\n二行目", String(repeating: "long words wrap here ", count: 12),
    "a  b\nc", " \n ", "end\n\n\n",
  ]

  static let originals: [String] = [
    "  en: Hello\n", "  en: 'Hello'\n", "  en: \"Hello\"\n", "  en: |\n    Hello\n",
    "  en: |-\n    Hello\n\n", "  en: |+\n    Hello\n\n", "  en: >\n    Hello\n    world\n",
    "  en: >- # folded\n    Hello\n", "  en:\n    Hello\n", "",
  ]

  @Test(arguments: originals)
  func everyTextReadsBackAndTheSurroundingLinesStay(original: String) throws {
    let prefix = "# head\ntranslations:\n  de: Hallo\n"
    let suffix = "  nl: Hallo # c\nmeta:\n  x: y\n"
    let file = prefix + original + suffix
    for text in Self.texts {
      let locale = original.isEmpty ? "nl-BE" : "en"
      let edited: [UInt8]
      do {
        edited = try MessageFileEditor().settingTranslation(
          text, at: .translation(locale), in: Array(file.utf8))
      } catch {
        Issue.record("\(original.debugDescription) ← \(text.debugDescription): \(error)")
        continue
      }
      let result = String(decoding: edited, as: UTF8.self)
      let parsed = try YAMLParser().parse(edited, file: "m.yml")
      #expect(
        parsed["translations"]?[locale]?.string == text,
        "\(original.debugDescription) ← \(text.debugDescription)")
      #expect(result.hasPrefix(prefix), "\(result.debugDescription)")
      if original.isEmpty {
        #expect(result.hasSuffix("meta:\n  x: y\n"), "\(result.debugDescription)")
      } else {
        #expect(result.hasSuffix(suffix), "\(result.debugDescription)")
      }
    }
  }
}
