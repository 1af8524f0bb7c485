import TerminalUI
import Testing

@testable import Preview

/// The four text fields of the previewer edit the same way (one ``LineEditor`` behind each), and
/// the keys that do it reach them from the terminal and are listed in the help.
@Suite("Every text field of the previewer takes the same editing keys")
struct TextInputTests {
  static func press(_ keys: [Key], _ state: PreviewState) -> PreviewState {
    var state = state
    for key in keys { state = state.after(.key(key)).0 }
    return state
  }

  static func type(_ text: String) -> [Key] { text.map { .character($0) } }

  /// Types `abc def`, then C-w, C-a, `x`, C-e, C-u… in a field; returns the texts seen.
  static func editingKeys(
    open: [Key], text: (PreviewState) -> String?, from state: PreviewState
  ) -> [String?] {
    var state = press(open + type("abc def"), state)
    var seen: [String?] = []
    state = press([.control("w")], state)
    seen.append(text(state))
    state = press([.control("a")] + type("x"), state)
    seen.append(text(state))
    state = press([.control("e"), .left, .left], state)
    state = press([.control("k")], state)
    seen.append(text(state))
    state = press([.control("u")], state)
    seen.append(text(state))
    return seen
  }

  static let expected: [String?] = ["abc ", "xabc ", "xab", ""]

  @Test func theScreenSearchEditsAtTheCursor() {
    let seen = Self.editingKeys(
      open: [.character("/")], text: { $0.search.editing ? $0.search.query : nil },
      from: PreviewFixtures.state())
    #expect(seen == Self.expected)
  }

  @Test func theBrowserQueryEditsAtTheCursorAndHonoursCtrlU() {
    let seen = Self.editingKeys(
      open: [.character("/")],
      text: { $0.browser.editingQuery ? $0.browser.query : nil },
      from: MessageBrowserViewTests.browsing())
    #expect(seen == Self.expected)
  }

  @Test func theBrowserQueryRefiltersAfterCtrlU() {
    var state = MessageBrowserViewTests.browsing(width: 90)
    state = Self.press([.character("/")] + Self.type("cart"), state)
    #expect(state.browser.visible.count == 2)
    state = Self.press([.control("u")], state)
    #expect(state.browser.query.isEmpty)
    #expect(state.browser.visible.count == 6)
    #expect(state.browser.editingQuery)
  }

  @Test func thePickerFilterEditsAtTheCursor() {
    let seen = Self.editingKeys(
      open: [.character("C"), .character("/")],
      text: { state in
        if case .valuePicker(let picker) = state.mode, picker.typing { return picker.query }
        return nil
      }, from: PreviewFixtures.state())
    #expect(seen == Self.expected)
  }

  @Test func theContextEditorEditsAtTheCursor() {
    let seen = Self.editingKeys(
      open: [.character("e")],
      text: { state in
        if case .contextEditor(let editor) = state.mode { return editor.text }
        return nil
      }, from: PreviewFixtures.state())
    #expect(seen == Self.expected)
  }

  @Test func theSearchLineDrawsTheCursorWhereItIs() {
    let state = Self.press(
      [.character("/")] + Self.type("welcome") + [.left, .left], PreviewFixtures.state())
    #expect(PreviewView.render(state).plainText.contains("/welco▏me"))
  }

  @Test func ctrlCQuitsFromEveryTextField() {
    for open in [[Key.character("/")], [.character("e")], [.character("C"), .character("/")]] {
      let (state, effects) = Self.press(open + Self.type("ab"), PreviewFixtures.state())
        .after(.key(.control("c")))
      #expect(effects == [.quit])
      #expect(state.quitting)
    }
  }

  @Test func editingKeysReachThePreviewerFromTheTerminal() {
    for key in [Key.control("a"), .control("e"), .control("u"), .control("k"), .control("w")] {
      #expect(key.previewKey == key)
    }
    #expect(Key.home.previewKey == .home)
    #expect(Key.end.previewKey == .end)
    #expect(Key.delete.previewKey == .delete)
    #expect(Key.control("j").previewKey == .control("j"))
    #expect(Key.control("m").previewKey == .enter)
    #expect(Key.control("h").previewKey == .backspace)
    #expect(Key.insert.previewKey == nil)
  }

  @Test func homeAndEndSelectTheFirstAndLastMessageOfTheBrowser() {
    var state = MessageBrowserViewTests.browsing()
    state = Self.press([.end], state)
    #expect(state.browser.selection == state.browser.visible.count - 1)
    #expect(state.notice == nil)
    state = Self.press([.home], state)
    #expect(state.browser.selection == 0)
  }

  @Test func outsideATextFieldCtrlJIsEnterAndDeleteIsBackspace() {
    #expect(Key.control("j").commandKey == .enter)
    #expect(Key.delete.commandKey == .backspace)
    #expect(Key.control("u").commandKey == .control("u"))
    // Delete still goes back from a tool, as it did.
    let diagnostics = Self.press([.character("d")], PreviewFixtures.state())
    #expect(Self.press([.delete], diagnostics).mode == .screen)
  }

  @Test func theHelpListsTheTextInputKeysFromTheEditorsOwnTable() {
    let help = PreviewView.helpLines()
    let heading = help.firstIndex { $0.isHeading && $0.text == KeyScope.textInput.rawValue }
    #expect(heading != nil)
    for binding in LineEditorCommand.bindings {
      let label = binding.keys.map(\.label).joined(separator: " / ")
      #expect(help.contains { $0.keys == label && $0.text == binding.description })
    }
    #expect(Set(LineEditorCommand.bindings.map(\.command)) == Set(LineEditorCommand.allCases))
  }

  @Test func theTextInputScopeIsActiveExactlyWhileTyping() {
    var state = PreviewFixtures.state()
    #expect(!KeyScope.textInput.isActive(in: state))
    state = Self.press([.character("/")], state)
    #expect(KeyScope.textInput.isActive(in: state))
    state = Self.press([.escape, .character("e")], state)
    #expect(KeyScope.textInput.isActive(in: state))
  }
}

@Suite("A text field being typed in says how to finish and shows itself in any terminal")
struct TextInputDisplayTests {
  @Test func whileTypingTheHelpBarShowsTheTextInputKeysFromTheKeyTable() {
    let typing = PreviewFixtures.state().after(.key(.character("/"))).0
    let bar = PreviewView.render(typing).lines().last ?? ""
    #expect(bar.contains("Enter apply") && bar.contains("Esc cancel"), "\(bar)")
    #expect(!bar.contains("locale"), "letters go to the text, not to the key table: \(bar)")
  }

  @Test func aTerminalTooSmallForTheContextEditorsBoxTypesInTheStatusBar() {
    var state = PreviewFixtures.state(width: 30, height: 7).after(.key(.character("e"))).0
    for character in "plan=pro" { state = state.after(.key(.character(character))).0 }
    let lines = PreviewView.render(state).lines()
    #expect(lines[lines.count - 2].contains("key=value> plan=pro▏"), "\(lines)")
    state = state.after(.key(.control("a")), .key(.control("k")), .key(.character("x"))).0
    state = state.after(.key(.enter)).0
    let rejected = PreviewView.render(state).lines()
    #expect(rejected[rejected.count - 2].contains("! type key=value"), "\(rejected)")
  }
}
