import Foundation
import TerminalUI
import Testing

@testable import Preview

@Suite("OTA failure text and the context editor wrap instead of being cut")
struct WrapNotCutTests {
  static let failure =
    "the manifest at http://127.0.0.1:8080/manifest.json could not be read: the server answered "
    + "503 Service Unavailable three times; the cached strings stay in use until the next check"

  static func failed(width: Int, height: Int) -> PreviewState {
    PreviewFixtures.state(width: width, height: height).after(
      .checkFinished(
        CheckOutcome(
          status: .failed, message: failure, finishedAt: Date(timeIntervalSince1970: 0),
          manual: true))
    ).0
  }

  /// The words of a text, joined again: wrapping may break lines anywhere between words.
  static func words(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined(separator: " ")
  }

  @Test(arguments: [(100, 30), (200, 60)])
  func theOTAPanelShowsTheWholeFailure(width: Int, height: Int) {
    let lines = PreviewView.render(Self.failed(width: width, height: height)).lines()
    // The side column's text, row by row (right of the screen's frame).
    let column = lines.map { line -> String in
      let characters = Array(line)
      let start = max(width / 2, 50)
      return characters.count > start ? String(characters[start...]) : ""
    }.joined(separator: "\n")
    #expect(Self.words(column).contains(Self.words(Self.failure)), "\(column)")
    #expect(!column.contains("v: whole text"))
  }

  @Test func aCutFailureSaysWhereTheWholeTextIs() {
    let long = String(repeating: Self.failure + " ", count: 6)
    let state = PreviewFixtures.state(width: 100, height: 30).after(
      .checkFinished(
        CheckOutcome(
          status: .failed, message: long, finishedAt: Date(timeIntervalSince1970: 0),
          manual: true))
    ).0
    let text = PreviewView.render(state).plainText
    #expect(text.contains("… v: whole text"), "\(text)")
    // The events log (v) wraps it whole.
    let events = PreviewView.render(state.after(.key(.character("v"))).0).plainText
    #expect(Self.words(events).contains(Self.words(Self.failure)), "\(events)")
    // The diagnostics and events panels keep rows of their own.
    #expect(text.contains("Diagnostics") && text.contains("Events"), "\(text)")
  }

  @Test(arguments: [(40, 12), (80, 24), (100, 30), (200, 60)])
  func theEditorWrapsItsHintAndError(width: Int, height: Int) throws {
    var state = PreviewFixtures.state(width: width, height: height)
    state.content?.attributes += [
      ContextAttribute(name: "subscriptionTier", type: "string", values: ["gold"]),
      ContextAttribute(name: "preferredCheckoutFlow", type: "string", values: ["express"]),
      ContextAttribute(name: "accountAgeInDays", type: "number", values: [.int(30)]),
    ]
    state = state.after(.key(.character("e"))).0
    for character in "nope" { state = state.after(.key(.character(character))).0 }
    state = state.after(.key(.enter)).0
    guard case .contextEditor(let editor) = state.mode else {
      Issue.record("the editor closed")
      return
    }
    let error = try #require(editor.error)
    let lines = PreviewView.render(state).lines()
    // The editor's box only (the side column shares its rows at 100 columns and more).
    let top = try #require(lines.firstIndex { $0.contains("╭─ Context key=value") })
    let left = try #require(Array(lines[top]).firstIndex(of: "╭"))
    let boxWidth = min(64, (width < 100 ? width : max(width / 2, 50)) - 2)
    var box: [String] = []
    for line in lines[top...] {
      let characters = Array(line) + Array(repeating: " ", count: width)
      box.append(String(characters[left..<(left + boxWidth)]))
      if characters[left] == "╰" { break }
    }
    let text = box.joined(separator: "\n")
    // The error is always whole; the screen frame's bottom border stays.
    #expect(Self.words(text).contains(Self.words(error)), "\(text)")
    #expect(lines[height - 3].hasPrefix("└"), "\(lines[height - 3])")
    #expect(Array(lines[top]).count > left)
    if height >= 24 {
      // Room enough: nothing in the box is cut.
      #expect(!text.contains("…"), "\(text)")
      let names = ["plan", "platform", "betaStories", "preferredCheckoutFlow", "accountAgeInDays"]
      for name in names { #expect(text.contains(name), "\(name): \(text)") }
      #expect(Self.words(text).contains("e.g. plan=enterprise platform=web betaStories=true"))
    }
  }
}

@Suite("A card row too wide for one line puts its value under the label")
struct CardRowWrapTests {
  @Test(arguments: [false, true])
  func theValueShowsWhole(rightToLeft: Bool) {
    var state = PreviewFixtures.state(width: 40, height: 60)
    state.content?.isRightToLeft = rightToLeft
    let value = "Dec 2, 2026 at 12:44 AM"
    state.content?.texts["welcome_last_synced_value"] = ResolvedText(
      key: "welcome_last_synced_value", text: value, origin: .base(layer: "project terminal"))
    let lines = PreviewView.render(state).lines()
    let text = lines.joined(separator: "\n")
    #expect(text.contains(value), "\(text)")
    #expect(text.contains("Last synced"), "\(text)")
    // The card still closes and the rows after it follow.
    #expect(text.contains("╰") && text.contains("Open story"), "\(text)")
    // A row that fits stays on one line.
    #expect(lines.contains { $0.contains("Current locale") && $0.contains("English") }, "\(text)")
  }
}
