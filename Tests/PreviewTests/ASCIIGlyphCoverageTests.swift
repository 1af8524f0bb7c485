import Foundation
import TerminalUI
import Testing

@testable import Preview

/// `--ascii` (and a terminal whose locale is not UTF-8) draws every glyph of the previewer's own
/// chrome in ASCII: inspect labels, markers, arrows, boxes.
@Suite("ASCII mode covers every glyph the previewer draws")
struct ASCIIGlyphCoverageTests {
  @Test func inspectLabelsHaveNoArrowInASCII() {
    var state = PreviewFixtures.state(width: 120, height: 40)
    state.inspect = true
    state.ascii = true
    let text = PreviewView.render(state).plainText
    #expect(!text.contains("↳"), "\(text)")
    #expect(text.contains("> <welcome_title>"), "\(text)")
    let nonASCII = Set(text.unicodeScalars.filter { !$0.isASCII }.map(Character.init))
    #expect(nonASCII.isEmpty, "non-ASCII in an ASCII frame: \(nonASCII.sorted())")
  }

  /// A screen's art may use any box-drawing or block character, not only the ones the chrome
  /// draws: the demo's Welcome art has `╧`, which once stayed in an `--ascii` frame.
  @Test func artGlyphsOutsideTheTableStillBecomeASCII() {
    var frame = Frame(width: 4, height: 1)
    frame.put("╧┷▞é", x: 0, y: 0)
    let text = PreviewView.asciiOnly(frame).plainText
    #expect(text.hasPrefix("++#é"), "\(text)")
  }

  /// Every non-ASCII character in a string literal of the previewer's view, state, update and
  /// runtime code (and TerminalUI's frames) has an ASCII stand-in: a new glyph cannot slip past
  /// `--ascii` unnoticed.
  @Test func everyGlyphLiteralHasAnASCIIStandIn() throws {
    let root = DemoFixture.packageRoot
    let folders = [
      "Sources/Preview/View", "Sources/Preview/State", "Sources/Preview/Update",
      "Sources/Preview/Browser", "Sources/Preview/Runtime", "Sources/Preview/Fit",
      "Sources/Preview/Screens", "Sources/Preview/Components", "Sources/TerminalUI/Frame",
    ]
    // Data, not drawn chrome: the bidi fallback's mirror table and the art's colour table.
    let skipped: Set<String> = ["BidiReorderer+Approximation.swift", "HeroArt.swift"]
    var missing: [String] = []
    for folder in folders {
      let url = root.appendingPathComponent(folder)
      let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
      for file in files.sorted() where file.hasSuffix(".swift") && !skipped.contains(file) {
        let source = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        {
          let code = line.trimmingCharacters(in: .whitespaces)
          guard !code.hasPrefix("//"), line.contains("\"") else { continue }
          for character in line
          where !character.isASCII && PreviewView.asciiGlyphs[String(character)] == nil {
            missing.append("\(folder)/\(file):\(number + 1): \(character)")
          }
        }
      }
    }
    #expect(
      missing.isEmpty, "glyphs without an ASCII stand-in:\n\(missing.joined(separator: "\n"))")
  }

  @Test(arguments: [
    (["LANG": "C"], true), (["LANG": "C.UTF-8"], false), ([:], true),
    (["LANG": "en_US.UTF-8", "LC_ALL": "C"], true),
    (["LANG": "C", "LC_CTYPE": "nl_NL.utf8"], false),
    (["LANG": "POSIX", "LC_ALL": ""], true),
  ])
  func aLocaleThatIsNotUTF8SwitchesToASCII(environment: [String: String], ascii: Bool) {
    let note = TerminalRequirement.asciiFallbackNote(environment: environment)
    #expect((note != nil) == ascii, "\(environment): \(note ?? "nil")")
    if let note { #expect(note.contains("ASCII") && note.contains("UTF-8")) }
  }
}
