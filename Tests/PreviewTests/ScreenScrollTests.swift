import Foundation
import TerminalUI
import Testing

@testable import Preview

@Suite(
  "Screens scroll instead of dropping strings (issue 15, defects 3 and 10)",
  .enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
struct ScreenScrollTests {
  /// The inspect labels (‹key›) seen while scrolling a screen from top to bottom with `j`.
  static func labelsWhileScrolling(_ loop: PreviewLoop, key: Key = .character("j")) -> Set<String> {
    var seen: Set<String> = []
    loop.dispatch(.key(.character("g")))  // from the top (the view starts at the focused button)
    for _ in 0..<200 {
      let text = PreviewView.render(loop.state).plainText
      for part in text.components(separatedBy: "‹").dropFirst() {
        if let end = part.firstIndex(of: "›") { seen.insert(String(part[..<end])) }
      }
      let before = loop.state.screenScroll
      loop.dispatch(.key(key))
      if loop.state.screenScroll == before { break }
    }
    return seen
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func everyWelcomeStringIsReachableInInspectMode(width: Int, height: Int) throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: width, height: height, inspect: true)
    let all = try DemoFixture.loop(locale: "en-US", width: width, height: 200, inspect: true)
    let expected = Self.labelsWhileScrolling(all)
    #expect(expected.count >= 8, "\(expected)")
    let first = PreviewView.render(loop.state).plainText
    #expect(first.contains("/"), "a position indicator such as 1–19/40")
    let reached = Self.labelsWhileScrolling(loop)
    #expect(expected.subtracting(reached).isEmpty, "out of reach: \(expected.subtracting(reached))")
    #expect(loop.state.screenScroll > 0)
    loop.dispatch(.key(.character("g")))
    #expect(loop.state.screenScroll == 0)
    loop.dispatch(.key(.end))
    #expect(loop.state.screenScroll == PreviewView.maximumScreenScroll(loop.state))
  }

  @Test func pickerWrapsAndJumps() {
    let (picker, _) = PreviewFixtures.state().after(.key(.character("L")))
    #expect(picker.mode == .localePicker(selection: 1))
    let last = picker.after(.key(.character("G"))).0
    #expect(last.mode == .localePicker(selection: 3))
    #expect(last.after(.key(.character("j"))).0.mode == .localePicker(selection: 0))
    #expect(last.after(.key(.home)).0.mode == .localePicker(selection: 0))
    let top = last.after(.key(.character("g"))).0
    #expect(top.after(.key(.up)).0.mode == .localePicker(selection: 3))
  }
}

@Suite("The locale picker stays inside the frame")
struct LocalePickerFrameTests {
  @Test func pickerKeepsTheBottomBorderAt40x12() {
    var state = PreviewFixtures.state(width: 40, height: 12)
    state.content?.loadedLocales = ["ar", "de-DE", "en-GB", "en-US", "fr-FR", "ja-JP", "nl-NL"]
    state = state.after(.key(.character("L"))).0
    let lines = PreviewView.render(state).lines()
    // Row 9 is the screen frame's bottom border (header 1 row, body 9 rows, bars 2 rows).
    #expect(lines[9].hasPrefix("└"), "\(lines[9])")
    #expect(!lines[9].contains("╰"), "\(lines[9])")
  }
}

@Suite("The help does not lay the screen out for every key (keys lagged behind in help)")
struct HelpScreenScrollTests {
  @Test func screenScrollKeysAreEnabledOnlyOnAScreen() {
    // 40x12: the Welcome screen needs more rows than there are.
    let screen = PreviewFixtures.state(width: 40, height: 12)
    #expect(PreviewView.maximumScreenScroll(screen) > 0)
    // (`]`/`[`, the string cursor, are screen keys too, but they do not scroll.)
    let scrolls = KeyTable.bindings.filter {
      $0.scope == .screen && $0.action != .nextString && $0.action != .previousString
    }
    #expect(scrolls.count == 6)
    #expect(scrolls.allSatisfy { $0.isEnabled(screen) })
    // In the help (and every tool) they do nothing, so the help lists them greyed out without
    // laying the screen out once per binding, key and frame.
    let help = screen.after(.key(.character("?"))).0
    #expect(scrolls.allSatisfy { !$0.isEnabled(help) })
    let lines = PreviewView.helpLines(for: help).filter {
      // The keys' rows (the mouse section's wheel row scrolls whatever is under the pointer).
      $0.text.hasPrefix("Scroll the screen") && !$0.text.contains("under the pointer")
    }
    #expect(!lines.isEmpty && lines.allSatisfy { !$0.enabled })
  }
}
