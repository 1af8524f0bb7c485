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
    case .screen, .localePicker, .contextEditor:
      drawMain(state, into: &frame, rect: body)
    case .diagnostics:
      drawDiagnostics(state, into: &frame, rect: body, full: true)
    case .events:
      drawEvents(state, into: &frame, rect: body, full: true)
    case .help:
      drawHelp(state, into: &frame, rect: body)
    case .messages:
      drawMessages(state, into: &frame, rect: body)
    }
    if case .localePicker(let selection) = state.mode {
      drawLocalePicker(state, selection: selection, into: &frame, rect: body)
    }
    if case .contextEditor(let editor) = state.mode {
      drawContextEditor(state, editor: editor, into: &frame, rect: body)
    }
    drawStatusBar(state, into: &frame, y: size.height - 2)
    drawHelpBar(state, into: &frame, y: size.height - 1)
    return frame
  }

  /// Renders at the state's own size.
  public static func render(_ state: PreviewState) -> Frame {
    render(state, size: TerminalSize(width: state.width, height: state.height))
  }

  /// The demo screen, with the side column when the frame is wide enough.
  static func drawMain(_ state: PreviewState, into frame: inout Frame, rect: Rect) {
    let wide = rect.width >= sidePanelMinimumWidth
    let mainWidth = wide ? max(rect.width / 2, 50) : rect.width
    let main = Rect(x: rect.x, y: rect.y, width: mainWidth, height: rect.height)
    let title = state.screen == .welcome ? "Welcome" : "Story"
    frame.drawBox(
      main, box: .square, style: PreviewTheme.border, title: title,
      titleStyle: PreviewTheme.panelTitle)
    let inner = Rect(x: main.x + 2, y: main.y + 1, width: main.width - 4, height: main.height - 2)
    if let content = state.content {
      BlockLayout(
        blocks: blocks(for: state, content: content), rightToLeft: content.isRightToLeft,
        inspect: state.inspect
      ).draw(into: &frame, rect: inner)
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
    guard let content = state.content else { return 5 }
    let wide = state.width >= sidePanelMinimumWidth
    let innerWidth = (wide ? max(state.width / 2, 50) : state.width) - 4
    let layout = BlockLayout(
      blocks: blocks(for: state, content: content), rightToLeft: content.isRightToLeft,
      inspect: state.inspect)
    return layout.blocks.reduce(0) { $0 + layout.height(of: $1, width: innerWidth) } + 5
  }

  /// The blocks of the current demo screen.
  static func blocks(for state: PreviewState, content: PreviewContent) -> [ScreenBlock] {
    switch state.screen {
    case .welcome: return welcomeBlocks(state, content)
    case .story: return storyBlocks(state, content)
    }
  }

  static func welcomeBlocks(_ state: PreviewState, _ c: PreviewContent) -> [ScreenBlock] {
    var blocks: [ScreenBlock] = [
      .chip(c.text("welcome_badge")),
      .text(c.text("welcome_title"), PreviewTheme.title),
      .text(c.text("welcome_subtitle"), PreviewTheme.secondary),
    ]
    let extras: [(String, CellStyle)] = [
      ("welcome_plan_summary", PreviewTheme.primary), ("welcome_price", PreviewTheme.accent),
      ("welcome_new_stories", PreviewTheme.primary), ("welcome_visit_ordinal", PreviewTheme.muted),
      ("legacy_banner", PreviewTheme.muted), ("welcome_bundle_note", PreviewTheme.muted),
    ]
    for (key, style) in extras where c.texts[key] != nil {
      blocks.append(.extra(c.text(key), style))
    }
    blocks.append(.spacer(1))
    blocks.append(.art(HeroArt.writerOrb))
    blocks.append(.spacer(1))
    let rows: [(label: ResolvedText, value: ResolvedText)] = [
      (c.text("welcome_locale_label"), c.text("welcome_locale_value")),
      (c.text("welcome_last_synced_label"), c.text("welcome_last_synced_value")),
    ]
    blocks.append(.card(rows))
    if c.texts["welcome_synced_ago"] != nil {
      blocks.append(.extra(c.text("welcome_synced_ago"), PreviewTheme.muted))
    }
    blocks.append(.text(c.text(state.phase.messageKey), PreviewTheme.phase(state.phase)))
    blocks.append(
      .button(
        c.text("welcome_open_story_cta"), prefix: "", focused: state.focused == .openStory,
        enabled: true))
    if state.focused == .refresh {
      blocks.append(.link("↻ r: check for updates", focused: true))
    }
    return blocks
  }

  static func storyBlocks(_ state: PreviewState, _ c: PreviewContent) -> [ScreenBlock] {
    var blocks: [ScreenBlock] = [
      .link(c.isRightToLeft ? "Esc ›" : "‹ Esc", focused: state.focused == .back),
      .art(HeroArt.blacksmith),
      .spacer(1),
      .text(c.text("story_title"), PreviewTheme.title),
      .text(c.text("story_body_primary"), PreviewTheme.primary),
      .text(c.text("story_body_secondary"), PreviewTheme.secondary),
    ]
    for key in ["story_topics", "story_next_chapter", "story_ota_note"] where c.texts[key] != nil {
      blocks.append(.extra(c.text(key), PreviewTheme.muted))
    }
    blocks.append(.chip(c.text("story_caption")))
    let spinner =
      state.checkRunning ? String(spinnerFrames[state.spinner % spinnerFrames.count]) : ""
    blocks.append(
      .button(
        c.text("story_refresh_cta"), prefix: spinner, focused: state.focused == .storyRefresh,
        enabled: !state.checkRunning))
    return blocks
  }

  /// Braille spinner frames.
  static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"]
}
