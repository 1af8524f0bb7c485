import Foundation
import TerminalUI
import Testing

@testable import Preview

/// The pure view against small in-memory content.
@Suite("PreviewView: in-memory states")
struct PreviewViewTests {
  @Test func refreshPhasesShowTheirTextAndStorySpinner() throws {
    var texts = PreviewFixtures.englishTexts
    texts["story_refresh_cta"] = "Refresh texts again"
    var state = PreviewFixtures.state()
    state.content = PreviewFixtures.content(texts: texts)
    for phase in RefreshPhase.allCases {
      state.phase = phase
      let text = PreviewView.render(state).plainText
      let key = "welcome_refresh_state_\(phase.rawValue)"
      #expect(text.contains(texts[key] ?? "?"), "phase \(phase)")
    }
    state.screen = "story"
    state.checkRunning = true
    state.spinner = 2
    let frame = PreviewView.render(state)
    #expect(frame.plainText.contains("⠹ Refresh texts again"))
    // The running button is drawn disabled (dim), not in the accent fill.
    let lines = frame.lines()
    let row = try #require(lines.firstIndex { $0.contains("Refresh texts again") })
    let range = try #require(lines[row].range(of: "Refresh"))
    let column = DisplayWidth.of(String(lines[row][..<range.lowerBound]))
    #expect(frame[column, row].style.attributes.contains(.dim))
  }

  @Test func unresolvedContentShowsLoadingAndNoticeReplacesStatus() {
    var state = PreviewState(width: 80, height: 24)
    #expect(PreviewView.render(state).plainText.contains("Loading the engine…"))
    state.content = PreviewFixtures.content()
    state.notice = "cannot switch to xx: no datafile"
    let lines = PreviewView.render(state).lines()
    #expect(lines[22].contains("! cannot switch to xx"))
  }

  @Test func controlCharactersFromTranslationsNeverReachTheFrame() {
    var texts = PreviewFixtures.englishTexts
    texts["welcome_title"] = "Evil \u{1B}[2J title\u{07}"
    var state = PreviewFixtures.state()
    state.content = PreviewFixtures.content(texts: texts)
    let frame = PreviewView.render(state)
    for row in 0..<frame.height {
      for column in 0..<frame.width {
        #expect(
          !frame[column, row].text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
      }
    }
    #expect(frame.plainText.contains("Evil"))
  }

  @Test func tinyTerminalsDoNotCrash() {
    for (w, h) in [(1, 1), (9, 4), (10, 5), (20, 8), (40, 10)] {
      var state = PreviewFixtures.state(width: w, height: h)
      for mode in [
        PreviewMode.screen, .diagnostics, .events, .help, .localePicker(selection: 0),
        .contextEditor(.init()),
      ] {
        state.mode = mode
        let frame = PreviewView.render(state)
        #expect(frame.width == w && frame.height == h)
      }
    }
  }
}

@Suite("PreviewView: the context editor offers the project's attributes")
struct PreviewContextEditorViewTests {
  @Test func examplesComeFromTheAttributes() {
    let attributes = [
      ContextAttribute(name: "tier", type: "string", values: ["basic", "gold"], isEnum: true),
      ContextAttribute(name: "age", type: "integer", values: [17, 18, 19]),
      ContextAttribute(name: "tags", type: "array", values: [["beta"]]),
      ContextAttribute(name: "early", type: "boolean", source: .flag),
    ]
    #expect(PreviewView.editorExamples(attributes) == "tier=gold  age=19  tags=[\"beta\"]")
    #expect(PreviewView.editorExamples([]).hasPrefix("key=value"))
    var state = PreviewFixtures.state()
    state.content?.attributes = attributes
    state.mode = .contextEditor(ContextEditorState())
    let text = PreviewView.render(state).plainText
    #expect(text.contains("e.g. tier=gold"))
    #expect(text.contains("attributes: tier, age, tags, early"))
    // Every example the editor shows is accepted by the editor.
    for example in PreviewView.editorExamples(attributes).components(separatedBy: "  ") {
      if case .failure(let error) = ContextEditorParser.parse(example) {
        Issue.record("\(example): \(error.message)")
      }
    }
  }
}

@Suite("PreviewView: screen files never put control characters on the terminal")
struct PreviewScreenFileSafetyTests {
  @Test func titleArtAndKeysAreNeutralized() throws {
    let screen = try ScreenFileReader().parse(
      Array(
        """
        title: "Evil \\e[2J title\\a"
        blocks:
          - art: ["ok \\e]0;pwned\\a line", "\\x9b31m"]
          - heading: "key\\e[31m"
        """.utf8), name: "evil", file: "previews/evil.yml")
    var state = PreviewFixtures.state()
    state.content?.screens = ScreenCatalog(screens: [screen])
    state.screen = "evil"
    for inspect in [false, true] {
      state.inspect = inspect
      let frame = PreviewView.render(state)
      for row in 0..<frame.height {
        for column in 0..<frame.width {
          let scalars = frame[column, row].text.unicodeScalars
          #expect(
            !scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "control character at \(column),\(row)")
        }
      }
      #expect(frame.plainText.contains("Evil"))
    }
  }
}
