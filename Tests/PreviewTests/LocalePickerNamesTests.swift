import TerminalUI
import Testing

@testable import Preview

/// The locale picker (`L`) shows each locale's own name beside its code, in aligned columns.
@Suite("Locale picker: codes with the locales' own names")
struct LocalePickerNamesTests {
  @Test func ownNamesComeFromFoundationInTheLocaleItself() {
    #expect(LocaleOwnName.of("nl-NL")?.hasPrefix("Nederlands") == true)
    #expect(LocaleOwnName.of("ar") == "العربية")
    #expect(LocaleOwnName.of("ja-JP")?.hasPrefix("日本語") == true)
    #expect(LocaleOwnName.of("en-XA") == nil)
  }

  /// Whether `line` holds the picker's row for `code` (`│▶ en-US …` or `│  ar …`).
  static func isPickerRow(_ line: String, _ code: String) -> Bool {
    line.contains("│▶ \(code) ") || line.contains("│  \(code) ")
  }

  /// The cells of row `y` as text, one entry per column (a wide character's continuation is
  /// empty).
  static func cells(_ frame: Frame, _ y: Int) -> [String] {
    (0..<frame.width).map { frame[$0, y].text }
  }

  @Test func pickerRowsShowCodeAndNameInAlignedColumns() throws {
    var state = PreviewFixtures.state(width: 100, height: 30)
    (state, _) = PreviewUpdate.update(state, .key(.character("L")))
    let frame = PreviewView.render(state)
    let lines = frame.lines()
    let text = frame.plainText
    #expect(text.contains("nl-NL Nederlands"), "\(text)")
    #expect(text.contains("ja-JP 日本語"), "\(text)")
    // Arabic is shown in display order, after its code.
    let arabicRow = try #require(lines.first { $0.contains(" ar ") })
    #expect(arabicRow.contains(String("العربية".reversed())), "\(arabicRow)")
    #expect(text.contains("en-US English"), "\(text)")
    // Every name starts in the same column, whatever the width or direction of the others.
    var starts: Set<Int> = []
    for code in ["ar", "en-US", "ja-JP", "nl-NL"] {
      let y = try #require(lines.firstIndex { Self.isPickerRow($0, code) })
      let row = Self.cells(frame, y)
      let codeStart = try #require(
        (0..<row.count).last { row[$0...].prefix(code.count).joined() == code })
      let nameStart = try #require(
        (codeStart + code.count..<row.count).first { row[$0] != " " && !row[$0].isEmpty })
      starts.insert(nameStart)
    }
    #expect(starts.count == 1, "names start in columns \(starts.sorted()):\n\(text)")
    // The current locale keeps its mark.
    let english = try #require(lines.first { Self.isPickerRow($0, "en-US") })
    #expect(english.contains("•"), "\(english)")
  }
}
