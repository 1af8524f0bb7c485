import Foundation
import TerminalUI
import Testing

@testable import Preview

/// Where a text is drawn in a frame (its first cell), for clicking it.
func locate(_ text: String, in frame: Frame, after row: Int = -1) -> (x: Int, y: Int)? {
  for (y, line) in frame.lines().enumerated() where y > row {
    if let range = line.range(of: text) {
      return (DisplayWidth.of(String(line[..<range.lowerBound])), y)
    }
  }
  return nil
}

extension PreviewState {
  /// A left click (press) where `text` is drawn.
  func clicking(_ text: String, after row: Int = -1) -> (PreviewState, [PreviewEffect]) {
    let frame = PreviewView.render(self)
    guard let place = locate(text, in: frame, after: row) else {
      Issue.record("“\(text)” is not on the frame:\n\(frame.lines().joined(separator: "\n"))")
      return (self, [])
    }
    return after(.mouse(MouseEvent(.press(button: 1), x: place.x + 1, y: place.y)))
  }

  /// The wheel turned at a cell.
  func wheel(down: Bool, x: Int, y: Int) -> PreviewState {
    after(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, x: x, y: y))).0
  }
}

@Suite("Mouse: the view's hit regions answer clicks and the wheel")
struct MouseHitRegionTests {
  @Test func regionsComeFromTheDrawingLayout() {
    let state = PreviewFixtures.state()
    let frame = PreviewView.render(state)
    let place = try! #require(locate("Welcome to ReRune", in: frame))
    let tags = frame.regions(atColumn: place.x, row: place.y).map(\.tag)
    #expect(tags.first == HitTarget.text(key: "welcome_title").tag)
    #expect(tags.contains(HitTarget.area(.screen).tag))
    // Every text region of the screen covers a cell that shows part of the string it names.
    for region in frame.regions {
      guard case .text(let key)? = HitTarget(tag: region.tag),
        let text = state.content?.texts[key]?.text
      else { continue }
      let rows = (region.rect.y..<region.rect.maxY).map { y in
        (region.rect.x..<region.rect.maxX).map { frame[$0, y].text }.joined()
      }.joined(separator: " ")
      let firstWord = String(text.split(separator: " ").first ?? "")
      #expect(rows.contains(firstWord), "\(key) region \(region.rect) shows “\(rows)”")
    }
  }

  @Test func clickingAStringSelectsItForInspection() {
    let (state, _) = PreviewFixtures.state().clicking("Welcome to ReRune")
    #expect(state.inspectedKey == "welcome_title")
    let status = PreviewView.render(state).lines()[state.height - 2]
    #expect(status.contains("‹welcome_title›"), "\(status)")
    #expect(status.contains("project terminal"), "origin shown: \(status)")
    // A card's value is its own string.
    #expect(state.clicking("English").0.inspectedKey == "welcome_locale_value")
  }

  @Test func bracketsMoveTheInspectCursorLikeClicks() {
    let state = PreviewFixtures.state(width: 40, height: 12).after(.key(.character("g"))).0
    let first = state.after(.key(.character("]"))).0
    #expect(first.inspectedKey == "welcome_badge")
    #expect(first.after(.key(.character("]"))).0.inspectedKey == "welcome_title")
    #expect(first.after(.key(.character("["))).0.inspectedKey == "welcome_open_story_cta")
    // The cursor scrolls the screen to the string it selects.
    let last = first.after(.key(.character("["))).0
    #expect(locate("Open story", in: PreviewView.render(last)) != nil)
    #expect(last.after(.key(.character("y"))).0.copyText == "welcome_open_story_cta")
  }

  @Test func clickingAButtonPressesIt() {
    let (state, effects) = PreviewFixtures.state().clicking("Open story")
    #expect(state.screen == "story")
    #expect(effects.contains(.resolveContent))
    #expect(state.inspectedKey == nil, "a selection belongs to its screen")
    // The Story's back link goes back.
    let (back, _) = state.clicking("‹ Esc")
    #expect(back.screen == "welcome")
  }

  @Test func clickingHelpBarHintsDoesWhatTheirKeysDo() {
    let state = PreviewFixtures.state()
    let bar = state.height - 1
    let (inspect, _) = state.clicking("i inspect", after: bar - 1)
    #expect(inspect.inspect)
    let (help, _) = state.clicking("? help", after: bar - 1)
    #expect(help.mode == .help)
    let (quit, effects) = state.clicking("q quit", after: bar - 1)
    #expect(quit.quitting && effects == [.quit])
  }

  @Test func clickingPanelsAndHeaderControls() {
    let state = PreviewFixtures.state(width: 120, height: 36)
    #expect(state.clicking("Diagnostics 0").0.mode == .diagnostics)
    #expect(state.clicking("Events 0").0.mode == .events)
    if case .contextEditor = state.clicking("Context").0.mode {
    } else {
      Issue.record("a click on the Context panel opens the editor")
    }
    #expect(state.clicking("OTA ─").1 == [.checkForUpdates])
    // Attribute rows: the first click selects, the next cycles the value.
    let (platform, _) = state.clicking("platform")
    #expect(platform.contextSelection == 1)
    #expect(platform.clicking("platform").1 == [.setContext(["platform": "ios"])])
    // Header controls; the screen's name is its tab.
    #expect(state.clicking("messagevisor-preview").0.screen == "story")
    // The currency and the zone open their pickers.
    if case .valuePicker(let picker) = state.clicking("USD").0.mode {
      #expect(picker.kind == .currency)
    } else {
      Issue.record("a click on the header's currency opens the currency picker")
    }
    #expect(state.clicking("en-US ltr").0.mode == .localePicker(selection: 1))
  }

  @Test func pickerRowsChooseAndOutsideCloses() {
    let (picker, _) = PreviewFixtures.state().after(.key(.character("L")))
    let (chosen, effects) = picker.clicking("ja-JP")
    #expect(chosen.mode == .screen)
    #expect(effects == [.setLocale("ja-JP")])
    // A click outside the box closes it; what is under it is not reached.
    let closed = picker.after(.mouse(MouseEvent(.press(button: 1), x: 3, y: 5))).0
    #expect(closed.mode == .screen)
    #expect(closed.inspectedKey == nil)
  }

  @Test func valuePickerRowsHighlightThenApplyAndOutsideCloses() {
    let (opened, _) = PreviewFixtures.state().after(.key(.character("C")))
    guard case .valuePicker(let picker) = opened.mode, picker.visible.count > 3 else {
      Issue.record("C opens the currency picker")
      return
    }
    let target = picker.items[picker.visible[2]]
    let title = try! #require(locate("Currency", in: PreviewView.render(opened)))
    // The first click highlights the row, the second applies it.
    let (highlighted, none) = opened.clicking(target.label, after: title.y)
    #expect(none.isEmpty)
    guard case .valuePicker(let moved) = highlighted.mode else {
      Issue.record("a click on a row keeps the picker open")
      return
    }
    #expect(moved.selected?.value == target.value)
    let (applied, effects) = highlighted.clicking(target.label, after: title.y)
    #expect(applied.mode == .screen)
    #expect(
      effects == (target.value == opened.content?.currency ? [] : [.setCurrency(target.value)]))
    // The wheel moves the highlight; a click outside the box closes it, reaching nothing below.
    let wheeled = opened.wheel(down: true, x: title.x + 2, y: title.y + 1)
    if case .valuePicker(let after) = wheeled.mode {
      #expect(
        after.selection == min(picker.selection + PreviewUpdate.wheelStep, picker.visible.count - 1)
      )
    } else {
      Issue.record("the wheel keeps the picker open")
    }
    // The row above the box is inside the screen's frame, outside the picker.
    let closed = opened.after(.mouse(MouseEvent(.press(button: 1), x: title.x, y: title.y - 1))).0
    #expect(closed.mode == .screen)
    #expect(closed.inspectedKey == nil)
  }

  @Test func diagnosticsRowsSelectThenExpand() {
    var state = PreviewFixtures.state()
    for code in ["first_problem", "second_problem", "third_problem"] {
      state = state.after(.diagnostic(PreviewFixtures.diagnostic(code))).0
    }
    state = state.after(.key(.character("d"))).0
    let selected = state.clicking("first_problem").0
    #expect(selected.diagnostics.selection == 2)
    #expect(!selected.diagnostics.expanded)
    #expect(selected.clicking("first_problem").0.diagnostics.expanded)
  }

  @Test func eventRowsSelectAndYCopiesTheSelectedOne() {
    var state = PreviewFixtures.state()
    state.clipboard = .osc52
    for name in ["first.yml", "second.yml", "third.yml"] {
      state = state.after(.sourcesChanged("\(name) changed")).0
    }
    state = state.after(.key(.character("v"))).0
    let (selected, _) = state.clicking("second.yml changed")
    #expect(selected.events.selection == 1)
    let effects = selected.after(.key(.character("y"))).1
    #expect(effects.count == 1)
    if case .copy(let text)? = effects.first {
      #expect(text.hasSuffix("second.yml changed"), "\(text)")
    } else {
      Issue.record("no copy: \(effects)")
    }
    // A new event keeps the same event selected.
    let later = selected.after(.sourcesChanged("fourth.yml changed")).0
    #expect(later.events.selection == 2)
    // Releases and other buttons do nothing.
    let place = try! #require(locate("third.yml changed", in: PreviewView.render(selected)))
    for kind in [MouseEvent.Kind.release(button: 1), .press(button: 3)] {
      #expect(selected.after(.mouse(MouseEvent(kind, x: place.x, y: place.y))).0 == selected)
    }
  }

  @Test func wheelScrollsTheScreenAndLists() {
    // 40x12: the Welcome screen needs more rows than there are.
    let small = PreviewFixtures.state(width: 40, height: 12).after(.key(.character("g"))).0
    #expect(PreviewView.maximumScreenScroll(small) > 0)
    #expect(small.screenScroll == 0)
    let down = small.wheel(down: true, x: 5, y: 4)
    #expect(down.screenScroll == min(3, PreviewView.maximumScreenScroll(small)))
    #expect(down.wheel(down: false, x: 5, y: 4).screenScroll == 0)
    // The wheel over the bars does nothing.
    #expect(small.wheel(down: true, x: 5, y: 11).screenScroll == small.screenScroll)
    // Diagnostics.
    var state = PreviewFixtures.state()
    for index in 0..<10 {
      state = state.after(.diagnostic(PreviewFixtures.diagnostic("problem_\(index)"))).0
    }
    state = state.after(.key(.character("d"))).0
    #expect(state.wheel(down: true, x: 10, y: 5).diagnostics.selection == 3)
  }

  @Test func typingIgnoresTheMouse() {
    let plain = PreviewFixtures.state()
    let place = try! #require(locate("Open story", in: PreviewView.render(plain)))
    let click = PreviewMessage.mouse(MouseEvent(.press(button: 1), x: place.x + 1, y: place.y))
    #expect(plain.after(click).0.screen == "story")
    let editing = plain.after(.key(.character("e"))).0
    #expect(editing.after(click).0 == editing)
    let searching = plain.after(.key(.character("/"))).0
    #expect(searching.after(click).0 == searching)
  }

  @Test func scrolledScreensKeepTheirRegionsWhereTheStringsAre() {
    var state = PreviewFixtures.state(width: 40, height: 12)
    state = state.after(.key(.character("G"))).0
    #expect(state.screenScroll > 0)
    let frame = PreviewView.render(state)
    let place = try! #require(locate("Open story", in: frame))
    #expect(
      frame.regions(atColumn: place.x + 1, row: place.y).first?.tag
        == HitTarget.button(key: "welcome_open_story_cta").tag)
    // Nothing is marked outside the screen's box.
    for region in frame.regions where region.tag.hasPrefix("text:") {
      #expect(region.rect.y >= 2 && region.rect.maxY <= state.height - 3, "\(region)")
    }
  }

  @Test func tagsRoundTrip() {
    let targets: [HitTarget] = [
      .action(.help), .text(key: "a:b"), .button(key: "x"), .row(.messages, 12),
      .area(.detail),
    ]
    for target in targets { #expect(HitTarget(tag: target.tag) == target) }
    #expect(HitTarget(tag: "nonsense") == nil)
    #expect(HitTarget(tag: "row:messages:x") == nil)
  }
}
