import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// In a right-to-left locale the message browser shows ICU source with its syntax isolated, left
/// to right, and the translated runs inside it in their own direction.
@Suite("Message browser: ICU source in a right-to-left locale")
struct RightToLeftICUSourceTests {
  static let arabic: [String: String] = [
    "cart.count": "{count, plural, one {# عنصر} other {# عناصر}}",
    "home.greeting": "مرحبا {name}، أهلا",
    "home.legacy": "لافتة قديمة",
  ]

  /// The browser in Arabic over a small two-locale target.
  static func browsing() -> PreviewState {
    let datafiles = [
      "ar": MessageBrowserFixtures.datafile("ar", arabic, dutch: false),
      "en-US": MessageBrowserFixtures.datafile(
        "en-US", MessageBrowserFixtures.english, dutch: false),
    ]
    let index = MessageIndex.build(
      MessageBrowserSource(locale: "ar", datafiles: datafiles, context: ["plan": "free"]))
    var state = PreviewState(width: 140, height: 30)
    state.content = PreviewFixtures.content(locale: "ar", rtl: true, locales: ["ar", "en-US"])
    (state, _) = PreviewUpdate.update(state, .key(.character("m")))
    (state, _) = PreviewUpdate.update(state, .messagesResolved(index))
    return state
  }

  @Test func syntaxStaysLeftToRightAndArabicRunsReadRightToLeft() throws {
    let lines = PreviewView.render(Self.browsing()).lines()
    let plural = try #require(lines.first { $0.contains(" cart.count ") })
    // The syntax in source order, each Arabic word reordered on its own (visual order).
    let one = String("عنصر".reversed())
    let other = String("عناصر".reversed())
    #expect(plural.contains("{count, plural, one {#"), "\(plural)")
    #expect(plural.contains("} other {#"), "\(plural)")
    let shown = try #require(plural.range(of: "{count, plural, one {#"))
    let rest = plural[shown.upperBound...]
    #expect(rest.contains(one) && rest.contains(other), "\(plural)")
    #expect(
      (rest.range(of: one)?.lowerBound ?? rest.endIndex)
        < (rest.range(of: "} other {#")?.lowerBound ?? rest.startIndex), "\(plural)")
    let greeting = try #require(lines.first { $0.contains(" home.greeting ") })
    #expect(greeting.contains("{name}"), "\(greeting)")
    // Text without ICU syntax is still one right-to-left paragraph.
    let legacy = try #require(lines.first { $0.contains(" home.legacy ") })
    #expect(legacy.contains(String("لافتة قديمة".reversed())), "\(legacy)")
  }

  @Test func splitKeepsEveryCharacterAndMarksTheSyntax() {
    let source = "{count, plural, =0 {لا شيء} one {# عنصر} other {{name}: # عناصر}}"
    let runs = ICUSourceRuns(source).runs
    #expect(runs.map(\.text).joined() == source)
    let text = runs.filter { !$0.isSyntax }.map(\.text)
    #expect(text == ["لا شيء", " عنصر", " عناصر"] || text == ["لا شيء", " عنصر", ": ", " عناصر"])
    #expect(ICUSourceRuns("plain text").hasSyntax == false)
    // Unbalanced input still gives every character back.
    let broken = "{count, plural, one {# عنصر}"
    #expect(ICUSourceRuns(broken).runs.map(\.text).joined() == broken)
  }
}
