import Foundation
import TerminalUI

/// The pure view: renders a state into a frame. Same state and size, same frame.
public enum PreviewView {
  /// The width from which the side panels (context, OTA, diagnostics, events) are shown.
  public static let sidePanelMinimumWidth = 100

  /// Renders `state` into a frame of `size`.
  public static func render(_ state: PreviewState, size: TerminalSize) -> Frame {
    var frame = Frame(size: size, style: PreviewTheme.base)
    guard size.width >= 10, size.height >= 5 else {
      frame.put("too small", x: 0, y: 0, style: PreviewTheme.notice)
      return frame
    }
    drawHeader(state, into: &frame)
    let body = Rect(x: 0, y: 1, width: size.width, height: size.height - 3)
    switch state.mode {
    case .screen:
      drawMain(state, into: &frame, rect: body)
    case .localePicker, .contextEditor, .valuePicker:
      // A picker or the context editor opens over what it was opened from: the message browser
      // stays behind it (Enter and Esc return there), not a screen frame in its place.
      if state.screen == .messages, state.browser.index != nil {
        drawMessages(state, into: &frame, rect: body)
      } else {
        drawMain(state, into: &frame, rect: body)
      }
    case .diagnostics:
      drawDiagnostics(state, into: &frame, rect: body, full: true)
    case .events:
      drawEvents(state, into: &frame, rect: body, full: true)
    case .help:
      drawHelp(state, into: &frame, rect: body)
    case .messages:
      drawMessages(state, into: &frame, rect: body)
    case .allLocales(let view):
      drawAllLocales(state, view: view, into: &frame, rect: body)
    }
    // Pickers and the editor open inside the screen's frame (left of the side column).
    if case .localePicker(let selection) = state.mode {
      drawLocalePicker(state, selection: selection, into: &frame, rect: screenRect(body))
    }
    if case .valuePicker(let picker) = state.mode {
      drawValuePicker(state, picker: picker, into: &frame, rect: screenRect(body))
    }
    if case .contextEditor(let editor) = state.mode {
      drawContextEditor(state, editor: editor, into: &frame, rect: screenRect(body))
    }
    if !state.search.query.isEmpty, state.mode != .messages {
      highlightMatches(state.search.query, in: body, frame: &frame)
    }
    if let editor = state.translationEditor {
      drawTranslationEditor(editor, into: &frame, rect: body)
    }
    if let text = state.copyText { drawCopyBox(text, into: &frame, rect: body) }
    drawStatusBar(state, into: &frame, y: size.height - 2)
    drawHelpBar(state, into: &frame, y: size.height - 1)
    return state.ascii ? asciiOnly(frame) : frame
  }

  /// Renders at the state's own size.
  public static func render(_ state: PreviewState) -> Frame {
    render(state, size: TerminalSize(width: state.width, height: state.height))
  }

  /// The area between the header and the status bar.
  static func bodyRect(_ state: PreviewState) -> Rect {
    Rect(x: 0, y: 1, width: state.width, height: max(state.height - 3, 0))
  }

  /// The rows a full-screen tool (the help, the diagnostics panel) shows inside its box: a page.
  static func toolRows(_ state: PreviewState) -> Int {
    max(state.height - 5, 1)
  }

  /// The part of the body the screen's frame takes (all of it below the side column's width).
  static func screenRect(_ body: Rect) -> Rect {
    guard body.width >= sidePanelMinimumWidth else { return body }
    return Rect(x: body.x, y: body.y, width: max(body.width / 2, 50), height: body.height)
  }

  /// The current screen, with the side column when the frame is wide enough.
  static func drawMain(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let wide = rect.width >= sidePanelMinimumWidth
    let mainWidth = wide ? max(rect.width / 2, 50) : rect.width
    let main = Rect(x: rect.x, y: rect.y, width: mainWidth, height: rect.height)
    frame.drawBox(
      main, box: .square, style: PreviewTheme.border, title: state.currentScreen?.title ?? "",
      titleStyle: PreviewTheme.panelTitle)
    let inner = Rect(x: main.x + 2, y: main.y + 1, width: main.width - 4, height: main.height - 2)
    if let content = state.content, let screen = state.currentScreen {
      if let definition = screen.definition {
        let layout = BlockLayout(
          blocks: blocks(for: state, definition: definition, content: content),
          rightToLeft: content.isRightToLeft, inspect: state.inspect,
          selectedKey: state.inspectedKey)
        frame.mark(inner, tag: HitTarget.area(.screen).tag)
        drawScrolled(
          layout, state: state, into: &frame, rect: inner, indicatorY: main.maxY - 1,
          borderRight: main.maxX)
      } else {
        drawBuiltIn(state, screen: screen.name, content: content, into: &frame, rect: inner)
      }
    } else {
      frame.put("Loading the engine…", x: inner.x, y: inner.y, style: PreviewTheme.secondary)
    }
    if wide {
      drawSideColumn(
        state, into: &frame,
        rect: Rect(
          x: main.maxX, y: rect.y, width: rect.width - mainWidth, height: rect.height))
    }
  }

  /// The rows the current screen needs at the state's width without dropping anything (bars and
  /// borders included).
  public static func naturalHeight(_ state: PreviewState) -> Int {
    if state.mode == .messages { return min(state.browser.visible.count + 6, 1000) }
    guard let content = state.content, let screen = state.currentScreen else { return 5 }
    let wide = state.width >= sidePanelMinimumWidth
    let innerWidth = (wide ? max(state.width / 2, 50) : state.width) - 4
    guard let definition = screen.definition else {
      return builtInHeight(state, screen: screen.name, content: content, width: innerWidth) + 5
    }
    let layout = BlockLayout(
      blocks: blocks(for: state, definition: definition, content: content),
      rightToLeft: content.isRightToLeft, inspect: state.inspect)
    return layout.blocks.reduce(0) { $0 + layout.height(of: $1, width: innerWidth) } + 5
  }

  /// The blocks of a project screen, built from its definition and the resolved texts.
  static func blocks(
    for state: PreviewState, definition: ScreenDefinition, content c: PreviewContent
  ) -> [ScreenBlock] {
    var blocks: [ScreenBlock] = []
    var refreshHint = false
    let focused = state.focused
    for (index, spec) in definition.blocks.enumerated() {
      let isFocused = focused == index
      // Optional blocks show only when their message exists (the session resolved it).
      if spec.optional, let first = spec.bindings.first, !c.hasText(first) { continue }
      switch spec.kind {
      case .chip(let binding):
        blocks.append(.chip(c.text(binding), budget: spec.width))
      case .heading(let binding):
        let text = c.text(binding)
        blocks.append(
          spec.optional ? .extra(text, PreviewTheme.title) : .text(text, PreviewTheme.title))
      case .paragraph(let binding, let style):
        let text = c.text(binding)
        let cellStyle = PreviewTheme.style(style)
        blocks.append(spec.optional ? .extra(text, cellStyle) : .text(text, cellStyle))
      case .button(let binding, let action):
        let running = action == .refresh && state.checkRunning
        let spinner = running ? String(spinnerFrames[state.spinner % spinnerFrames.count]) : ""
        blocks.append(
          .button(
            c.text(binding), prefix: spinner, focused: isFocused, enabled: !running,
            budget: spec.width))
      case .list(let items):
        for item in items where !spec.optional || c.hasText(item) {
          var text = c.text(item)
          text.text = "• " + text.text
          blocks.append(
            spec.optional ? .extra(text, PreviewTheme.primary) : .text(text, PreviewTheme.primary))
        }
      case .card(let rows):
        blocks.append(.card(rows.map { (c.text($0.label), c.text($0.value)) }))
      case .art(let lines):
        blocks.append(.art(lines))
      case .status(let status):
        if let binding = status.binding(for: state.phase) {
          blocks.append(.text(c.text(binding), PreviewTheme.phase(state.phase)))
        }
        if isFocused { refreshHint = true }
      case .spacer(let rows):
        blocks.append(.spacer(rows))
      case .back:
        blocks.append(.link(c.isRightToLeft ? "Esc ›" : "‹ Esc", focused: isFocused, action: .back))
      }
    }
    if refreshHint {
      blocks.append(.link("↻ r: check for updates", focused: true, action: .refresh))
    }
    return blocks
  }

  /// Braille spinner frames.
  static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"]
}
