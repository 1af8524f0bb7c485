import Messagevisor
import TerminalUI
import Testing

@testable import Preview

@Suite(
  "The context editor edits at a cursor, remembers lines and unsets keys (issue 15, defect 11)")
struct ContextEditorTests {
  static func type(_ text: String, into state: PreviewState) -> PreviewState {
    var state = state
    for c in text { state = state.after(.key(.character(c))).0 }
    return state
  }

  static func editor(_ state: PreviewState) -> ContextEditorState? {
    if case .contextEditor(let editor) = state.mode { return editor }
    return nil
  }

  @Test func cursorKeysAndDeletion() {
    var state = PreviewFixtures.state().after(.key(.character("e"))).0
    state = Self.type("seat=3", into: state)
    state = state.after(.key(.left)).0.after(.key(.left)).0
    state = Self.type("s", into: state)
    #expect(Self.editor(state)?.text == "seats=3")
    state = state.after(.key(.home)).0
    state = Self.type("x", into: state)
    #expect(Self.editor(state)?.text == "xseats=3")
    state = state.after(.key(.delete)).0.after(.key(.end)).0
    #expect(Self.editor(state)?.text == "xeats=3")
    state = state.after(.key(.control("u"))).0
    #expect(Self.editor(state)?.text == "")
    state = Self.type("plan=pro beta", into: state).after(.key(.control("w"))).0
    #expect(Self.editor(state)?.text == "plan=pro ")
    state = state.after(.key(.right)).0
    #expect(Self.editor(state)?.line.cursor == 9)
  }

  @Test func historyAndUnset() {
    var state = PreviewFixtures.state().after(.key(.character("e"))).0
    var (applied, effects) = Self.type("seats=3", into: state).after(.key(.enter))
    #expect(effects == [.setContext(["seats": 3])])
    state = applied.after(.key(.character("e"))).0
    state = state.after(.key(.up)).0
    #expect(Self.editor(state)?.text == "seats=3")
    state = state.after(.key(.down)).0
    #expect(Self.editor(state)?.text == "")
    (applied, effects) = Self.type("seats=", into: state).after(.key(.enter))
    #expect(effects == [.unsetContext("seats")])
    #expect(applied.mode == .screen)
    state = applied.after(.key(.character("e"))).0
    (_, effects) = Self.type("plan=null", into: state).after(.key(.enter))
    #expect(effects == [.unsetContext("plan")])
  }

  @Test func unsetRemovesTheKeyFromTheEngine() {
    let (session, _) = SessionFixtures.session()
    session.perform(.setContext(["seats": 3]))
    #expect(session.engine.getSnapshot().context["seats"] == 3)
    session.perform(.unsetContext("seats"))
    #expect(session.engine.getSnapshot().context["seats"] == nil)
  }
}
