import Foundation
import PreviewCLI
import TerminalUI
import Testing

@testable import Preview

@Suite("One / search with n/N for every view")
struct SearchTests {
  @Test func findWrapsAndCounts() {
    let items = ["alpha", "Beta", "gamma", "ALPHABET", "délta"]
    let first = try! #require(TextSearch.find("alp", in: items, from: nil, forward: true))
    #expect(first == TextSearch.Match(index: 0, wrapped: false, ordinal: 1, count: 2))
    let next = try! #require(TextSearch.find("alp", in: items, from: 0, forward: true))
    #expect(next.index == 3 && !next.wrapped && next.ordinal == 2)
    let around = try! #require(TextSearch.find("alp", in: items, from: 3, forward: true))
    #expect(around.index == 0 && around.wrapped)
    let back = try! #require(TextSearch.find("alp", in: items, from: 0, forward: false))
    #expect(back.index == 3 && back.wrapped)
    #expect(
      TextSearch.find("alp", in: items, from: 0, forward: true, includingCurrent: true)?.index == 0)
    #expect(TextSearch.find("delta", in: items, from: nil, forward: true)?.index == 4)
    #expect(TextSearch.find("zzz", in: items, from: 1, forward: true) == nil)
    #expect(TextSearch.find("", in: items, from: 1, forward: true) == nil)
    #expect(TextSearch.ranges(of: "a", in: "banana").count == 3)
  }

  /// Right-to-left text is drawn in visual order: a Hebrew or Arabic query is highlighted where
  /// it is drawn, in a right-to-left line and inside a left-to-right one, mixed with digits too.
  @Test func rightToLeftMatchesAreHighlightedAsDrawn() throws {
    var frame = Frame(width: 40, height: 3)
    frame.put("יש לך 3 קבצים חדשים", x: 0, y: 0, direction: .rtl)
    frame.put("Files: קבצים here", x: 0, y: 1, direction: .ltr)
    frame.put("أصبحت القصص تُحدَّث", x: 0, y: 2, direction: .rtl)
    func highlighted(_ query: String) -> [[Int]] {
      var copy = frame
      PreviewView.highlightMatches(query, in: copy.bounds, frame: &copy)
      return (0..<3).map { y in
        (0..<40).filter { copy[$0, y].style.attributes.contains(.reverse) }
      }
    }
    /// The columns `drawn` covers on row `y` (every character here is one cell wide).
    func columns(of drawn: String, row y: Int) throws -> [Int] {
      let line = frame.lines()[y]
      let range = try #require(line.range(of: drawn), "“\(drawn)” is not on row \(y): \(line)")
      let start = line.distance(from: line.startIndex, to: range.lowerBound)
      return Array(start..<(start + drawn.count))
    }
    let word = highlighted("קבצים")
    #expect(word[0] == (try columns(of: "םיצבק", row: 0)))
    #expect(word[1] == (try columns(of: "םיצבק", row: 1)))
    #expect(word[2].isEmpty)
    #expect(highlighted("3 קבצים")[0] == (try columns(of: "םיצבק 3", row: 0)))
    #expect(highlighted("القصص")[2].count == 5)
    // Latin stays as it was: found in logical order, nothing found in the Hebrew.
    let latin = highlighted("here")
    #expect(latin[1] == (try columns(of: "here", row: 1)) && latin[0].isEmpty)
  }

  /// Types `/query` and Enter.
  static func search(_ query: String, in state: PreviewState) -> PreviewState {
    var next = state.after(.key(.character("/"))).0
    for character in query { next = next.after(.key(.character(character))).0 }
    return next.after(.key(.enter)).0
  }

  @Test func screenSearchSelectsHighlightsAndScrolls() {
    // 40x12: the Welcome screen scrolls; the match below the view is scrolled to.
    let state = PreviewFixtures.state(width: 40, height: 12).after(.key(.character("g"))).0
    let typing = state.after(.key(.character("/")), .key(.character("l"))).0
    #expect(PreviewView.render(typing).lines()[10].contains("/l▏"))
    let found = Self.search("last synced", in: state)
    #expect(found.inspectedKey == "welcome_last_synced_label")
    #expect(found.notice?.contains("match 1 of 1") == true)
    let frame = PreviewView.render(found)
    let place = try! #require(locate("Last synced", in: frame), "scrolled into view")
    #expect(frame[place.x, place.y].style.attributes.contains(.reverse), "highlighted")
    #expect(!frame[place.x, place.y - 1].style.attributes.contains(.underline))
    // n wraps around with a note; N goes back.
    let again = found.after(.key(.character("n"))).0
    #expect(again.notice?.contains("wrapped around to the top") == true)
    let many = Self.search("e", in: state)
    let second = many.after(.key(.character("n"))).0
    #expect(second.inspectedKey != many.inspectedKey)
    #expect(second.after(.key(.character("N"))).0.inspectedKey == many.inspectedKey)
    // No match says so; Esc clears the search (and its highlight).
    #expect(Self.search("zebra", in: state).notice == "no match for “zebra”")
    let cleared = many.after(.key(.character("/")), .key(.escape)).0
    #expect(cleared.search.query.isEmpty)
  }

  @Test func listsAndHelpUseTheSameSearch() {
    var state = PreviewFixtures.state()
    for code in ["alpha_problem", "beta_problem", "gamma_problem"] {
      state = state.after(.diagnostic(PreviewFixtures.diagnostic(code))).0
    }
    let diagnostics = Self.search("alpha", in: state.after(.key(.character("d"))).0)
    #expect(
      diagnostics.diagnostics.visible[diagnostics.diagnostics.selection].code == "alpha_problem")
    #expect(diagnostics.after(.key(.character("N"))).0.notice?.contains("wrapped") == true)

    let picker = Self.search("nl", in: state.after(.key(.character("L"))).0)
    #expect(picker.mode == .localePicker(selection: 3))

    let help = Self.search("copy", in: state.after(.key(.character("?"))).0)
    #expect(help.notice?.contains("match 1 of") == true)
    let helpFrame = PreviewView.render(help)
    #expect(helpFrame.lines().contains { $0.lowercased().contains("copy") })

    var events = state
    for index in 0..<30 {
      events = events.after(.sourcesChanged(index == 3 ? "needle changed" : "file \(index)")).0
    }
    let log = Self.search("needle", in: events.after(.key(.character("v"))).0)
    let selected = try! #require(log.events.selection)
    #expect(Array(log.events.entries.reversed())[selected].line.contains("needle"))
    #expect(PreviewView.render(log).plainText.contains("needle changed"), "scrolled to it")
  }

  @Test func helpListsTheNewKeysAndTheMouseFromTheTables() {
    let lines = PreviewView.helpLines(for: PreviewFixtures.state())
    for key in ["/", "n", "N", "y", "Y"] {
      #expect(lines.contains { $0.keys == key && !$0.isHeading }, "no help row for \(key)")
    }
    #expect(lines.contains { $0.isHeading && $0.text.hasPrefix("Mouse") })
    for row in MouseTable.rows {
      #expect(lines.contains { $0.keys == row.gesture && $0.text == row.description })
    }
    // Reachable on a small help screen: the search scrolls to it.
    let small = PreviewFixtures.state(width: 80, height: 24).after(.key(.character("?"))).0
    #expect(!PreviewView.render(small).plainText.contains("Shift+drag"))
    let found = Self.search("Shift+drag", in: small)
    #expect(PreviewView.render(found).plainText.contains("Shift+drag"))
  }

  @Test func messageBrowserNAndShiftNStepThroughTheFilteredRows() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 100, height: 30, screen: "messages")
    for character in "/story" { loop.dispatch(.key(.character(character))) }
    loop.dispatch(.key(.enter))
    let count = loop.state.browser.visible.count
    #expect(count > 1)
    loop.dispatch(.key(.character("n")))
    #expect(loop.state.browser.selection == 1)
    loop.dispatch(.key(.character("N")))
    loop.dispatch(.key(.character("N")))
    #expect(loop.state.browser.selection == count - 1)
    #expect(loop.state.notice?.contains("wrapped around to the bottom") == true)
  }
}

@Suite("y copies the key or text under the cursor")
struct CopyTests {
  @Test func osc52CopiesTheSelectedStringsKeyAndText() {
    var state = PreviewFixtures.state()
    state.clipboard = .osc52
    let selected = state.clicking("Welcome to ReRune").0
    let (key, keyEffects) = selected.after(.key(.character("y")))
    #expect(keyEffects == [.copy("welcome_title")])
    #expect(key.notice?.contains("OSC 52") == true)
    #expect(selected.after(.key(.character("Y"))).1 == [.copy("Welcome to ReRune")])
    // Nothing selected: the status bar says how to select.
    let nothing = state.after(.key(.character("y")))
    #expect(nothing.1.isEmpty)
    #expect(nothing.0.notice?.contains("select a string first") == true)
  }

  @Test func withoutOSC52TheTextIsShownNeutralized() {
    var state = PreviewFixtures.state()
    state =
      state.after(
        .diagnostic(
          DiagnosticEntry(
            id: 0, level: .error, code: "evil",
            message: "bad \u{1B}]52;c;AAAA\u{07} text \u{202E}x",
            details: [], module: nil, originalError: nil))
      ).0
    state = state.after(.key(.character("d"))).0
    let (shown, effects) = state.after(.key(.character("y")))
    #expect(effects.isEmpty)
    #expect(shown.copyText?.contains("evil") == true)
    let frame = PreviewView.render(shown)
    #expect(frame.plainText.contains("Copy (select with Shift+drag)"))
    #expect(frame.plainText.contains("bad"))
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let text = frame[x, y].text
        #expect(
          !text.unicodeScalars.contains {
            $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E
          })
      }
    }
    // Any key closes the box and does nothing else.
    let closed = shown.after(.key(.character("d"))).0
    #expect(closed.copyText == nil && closed.mode == .diagnostics)
  }

  @Test func rowsCopyTheirWholeText() {
    var state = PreviewFixtures.state()
    state.clipboard = .osc52
    state = state.after(.sourcesChanged("project terminal reloaded")).0
    let (_, events) = state.after(.key(.character("v")), .key(.character("y")))
    #expect(
      events.contains {
        if case .copy(let text) = $0 { text.contains("project terminal reloaded") } else { false }
      })
    let picker = state.after(.key(.character("L")), .key(.character("y"))).1
    #expect(picker == [.copy("en-US")])
  }

  /// A terminal without a clipboard (the protocol's default `copyToClipboard`).
  final class NoClipboardScreen: Screen {
    let size = TerminalSize(width: 100, height: 30)
    let colorMode = ColorMode.monochrome
    func render(_ frame: Frame) {}
    func readEvent(timeout: Duration?) -> InputEvent? { nil }
    func restore() {}
  }

  @Test func theLoopWritesOSC52OrFallsBackToTheCopyBox() throws {
    let loop = try DemoFixture.loop(locale: "en-US", width: 100, height: 30, screen: "messages")
    var state = loop.state
    state.clipboard = .osc52
    let key = try #require(state.browser.selectedKey)
    // HeadlessScreen takes OSC 52 requests and records them.
    let screen = HeadlessScreen(width: 100, height: 30)
    let recording = PreviewLoop(screen: screen, session: loop.session, state: state, interval: 0)
    recording.dispatch(.key(.character("y")))
    #expect(screen.clipboard == [key])
    #expect(recording.state.copyText == nil)
    // A screen that cannot: the text is shown instead.
    let refusing = PreviewLoop(
      screen: NoClipboardScreen(), session: loop.session, state: state, interval: 0)
    refusing.dispatch(.key(.character("y")))
    #expect(refusing.state.copyText == key)
  }

  @Test func clipboardSupportDecidesHonestly() {
    let ask: () -> String? = { "on\n" }
    let refuse: () -> String? = { "external" }
    #expect(ClipboardSupport.mode(.on, environment: [:], tmuxSetClipboard: refuse) == .osc52)
    #expect(
      ClipboardSupport.mode(.off, environment: ["TERM": "xterm-kitty"], tmuxSetClipboard: ask)
        == .show)
    #expect(
      ClipboardSupport.mode(.auto, environment: ["TMUX": "/tmp/t,1,0"], tmuxSetClipboard: ask)
        == .osc52)
    #expect(
      ClipboardSupport.mode(.auto, environment: ["TMUX": "/tmp/t,1,0"], tmuxSetClipboard: refuse)
        == .show)
    #expect(
      ClipboardSupport.mode(.auto, environment: ["TMUX": "/tmp/t,1,0"], tmuxSetClipboard: { nil })
        == .show)
    #expect(
      ClipboardSupport.mode(.auto, environment: ["TERM": "xterm-kitty"], tmuxSetClipboard: refuse)
        == .osc52)
    #expect(
      ClipboardSupport.mode(.auto, environment: ["TERM": "xterm-256color"], tmuxSetClipboard: ask)
        == .show)
    #expect(
      ClipboardSupport.mode(
        .auto, environment: ["TERM": "screen", "STY": "1.pts"], tmuxSetClipboard: ask) == .show)
  }

  @Test func optionsTakeNoMouseAndOSC52() throws {
    let options = try PreviewOptions.parse(["--no-mouse", "--osc52", "off"])
    #expect(!options.mouse && options.osc52 == .off)
    #expect(try PreviewOptions.parse([]).mouse)
    #expect(try PreviewOptions.parse(["--osc52=on"]).osc52 == .on)
    #expect(throws: PreviewOptionsError.invalidValue("--osc52", "yes", "on, off or auto")) {
      try PreviewOptions.parse(["--osc52", "yes"])
    }
    #expect(PreviewOptions.usage.contains("--no-mouse"))
    #expect(PreviewOptions.usage.contains("Shift+drag"))
  }
}
