import Foundation
import TerminalUI

extension PreviewView {
  /// Row 0: the program name on the left, the controls (the set of a project with sets, locale,
  /// direction, currency, zone, revision) on the right.
  static func drawHeader(_ state: PreviewState, into frame: inout Frame, y: Int = 0) {
    frame.fill(Rect(x: 0, y: y, width: frame.width, height: 1), style: PreviewTheme.bar)
    var controls = "rev \(state.revision)"
    if let c = state.content {
      controls =
        "\(c.locale) \(c.isRightToLeft ? "rtl" : "ltr") · \(c.currency) · \(c.timeZone) · rev \(state.revision)"
      if let set = c.projectSet { controls = "set \(set) · " + controls }
    }
    let controlsWidth = min(DisplayWidth.of(controls), frame.width - 2)
    frame.put(
      controls, x: frame.width - controlsWidth - 1, y: y, width: controlsWidth,
      style: PreviewTheme.barValue, direction: .ltr, ellipsis: true)
    if let c = state.content, controlsWidth == DisplayWidth.of(controls) {
      markHeaderControls(c, state: state, into: &frame, x: frame.width - controlsWidth - 1, y: y)
    }
    let titleRoom = frame.width - controlsWidth - 3
    if titleRoom > 4 {
      let screen =
        state.mode == .messages ? "Messages" : state.currentScreen?.title ?? state.screen.rawValue
      let title = " messagevisor-preview · \(screen)" + (state.inspect ? " · INSPECT" : "")
      frame.put(
        title, x: 0, y: y, width: titleRoom, style: PreviewTheme.bar.adding(.bold),
        direction: .ltr, ellipsis: true)
      // The screen's name is the tab: a click switches to the next screen, as `s` does.
      frame.mark(
        Rect(x: 0, y: y, width: min(DisplayWidth.of(title), titleRoom), height: 1),
        tag: HitTarget.action(.nextScreen).tag)
    }
  }

  /// The second-to-last row: the context (the project's attributes first) and the last OTA check
  /// result, or a
  /// notice when there is one.
  static func drawStatusBar(_ state: PreviewState, into frame: inout Frame, y: Int) {
    frame.fill(Rect(x: 0, y: y, width: frame.width, height: 1), style: PreviewTheme.bar)
    if drawSearchOrSelection(state, into: &frame, y: y) { return }
    if let notice = state.notice {
      frame.put(
        " ! " + notice, x: 0, y: y, style: PreviewTheme.bar.foreground(.warning).adding(.bold),
        direction: .ltr, ellipsis: true)
      return
    }
    var parts: [(String, String)] = []
    if let c = state.content {
      // The project's attributes in declaration order, then any other context key.
      let declared = c.attributes.map(\.name)
      for name in declared where c.context[name] != nil {
        parts.append((name, c.contextString(name)))
      }
      for key in c.context.keys.filter({ !declared.contains($0) }).sorted() {
        parts.append((key, c.contextString(key)))
      }
    }
    // Without an OTA source nothing is ever checked: say so (as the OTA panel does), never
    // "not checked yet".
    var check = state.otaEnabled ? "not checked yet" : "no OTA site for this project"
    if state.checkRunning {
      check = "checking…"
    } else if let last = state.lastCheck {
      check = "\(clock(last.finishedAt, state)) \(last.summary)"
    }
    // The OTA status keeps its place at the right; context parts fill the left whole (never cut
    // mid-word), and the ones that do not fit are counted with the key that lists them all
    // ("+2 more (e)": the context editor shows every attribute with its value).
    let otaWidth = min(DisplayWidth.of("OTA " + check), max(frame.width - 2, 0))
    let otaX = frame.width - otaWidth - 1
    let label = frame.put(
      "OTA ", x: otaX, y: y, width: otaWidth, style: PreviewTheme.bar, direction: .ltr)
    frame.put(
      check, x: otaX + label, y: y, width: max(otaWidth - label, 0), style: PreviewTheme.barValue,
      direction: .ltr, ellipsis: true)
    var x = 1
    let limit = otaX - 2
    for (index, (name, value)) in parts.enumerated() {
      let need = DisplayWidth.of(name) + 1 + DisplayWidth.of(value)
      let rest = parts.count - index
      let more = "+\(rest) more (e)"
      let moreNeed = index == parts.count - 1 ? 0 : DisplayWidth.of(more) + 2
      if x + need + moreNeed > limit {
        if x + DisplayWidth.of(more) <= limit {
          frame.put(more, x: x, y: y, style: PreviewTheme.bar, direction: .ltr)
        }
        break
      }
      x += frame.put(name + " ", x: x, y: y, style: PreviewTheme.bar, direction: .ltr)
      x += frame.put(value, x: x, y: y, style: PreviewTheme.barValue, direction: .ltr)
      x += 2
    }
  }

  /// The last row: the help bar, generated from the key table.
  static func drawHelpBar(_ state: PreviewState, into frame: inout Frame, y: Int) {
    frame.fill(Rect(x: 0, y: y, width: frame.width, height: 1), style: PreviewTheme.bar)
    var x = 1
    if state.isTypingText {
      // Letters go to the text: the bar shows how to finish (the key table's text-input rows).
      for binding in KeyTable.bindings where binding.scope == .textInput && binding.inBar {
        x += frame.put(
          binding.keys[0].label, x: x, y: y, style: PreviewTheme.barKey, direction: .ltr)
        x += frame.put(" \(binding.short)  ", x: x, y: y, style: PreviewTheme.bar, direction: .ltr)
      }
      return
    }
    let all = KeyTable.barBindings(in: state)
    // Always shown: help, and what q does here (it closes a view and quits only from a screen).
    let q = KeyTable.binding(for: .character("q"), in: state)
    let mandatory =
      all.filter { $0.action == .help }
      + (q.map { [$0] } ?? all.filter { $0.action == .quit })
    func width(_ binding: KeyBinding) -> Int {
      DisplayWidth.of(binding.keys[0].label) + DisplayWidth.of(binding.short) + 3
    }
    var room = frame.width - 1 - mandatory.reduce(0) { $0 + width($1) }
    var shown: [KeyBinding] = []
    for binding in all
    where binding.action != .help && binding.action != .quit && binding.action != q?.action {
      guard width(binding) <= room else { break }
      room -= width(binding)
      shown.append(binding)
    }
    for binding in shown + mandatory {
      let start = x
      x += frame.put(binding.keys[0].label, x: x, y: y, style: PreviewTheme.barKey, direction: .ltr)
      x += frame.put(
        " \(binding.short)  ", x: x, y: y, style: PreviewTheme.bar, direction: .ltr)
      // A hint is its key: a click does what the key does.
      frame.mark(
        Rect(x: start, y: y, width: max(x - start - 2, 1), height: 1),
        tag: HitTarget.action(binding.action).tag)
    }
  }

  /// A time as `HH:mm:ss` in the content's time zone (deterministic for a state).
  static func clock(_ date: Date, _ state: PreviewState) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone =
      state.content.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(identifier: "UTC")
      ?? calendar.timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }
}

extension PreviewView {
  /// Marks the header's controls (locale, currency, time zone, revision) as what their keys do.
  static func markHeaderControls(
    _ c: PreviewContent, state: PreviewState, into frame: inout Frame, x: Int, y: Int
  ) {
    let set: [(String, PreviewAction)] = c.projectSet.map { [("set \($0)", .pickSet)] } ?? []
    let parts: [(String, PreviewAction)] =
      set + [
        ("\(c.locale) \(c.isRightToLeft ? "rtl" : "ltr")", .pickLocale),
        (c.currency, .pickCurrency), (c.timeZone, .pickTimeZone),
        ("rev \(state.revision)", .refresh),
      ]
    var column = x
    for (text, action) in parts {
      let width = DisplayWidth.of(text)
      frame.mark(Rect(x: column, y: y, width: width, height: 1), tag: HitTarget.action(action).tag)
      column += width + 3
    }
  }
}

extension PreviewView {
  /// The status bar while `/` is typed (the query with a cursor) or the context editor is typed
  /// in a terminal too small for its box, or, on a screen with a string selected (a click or a
  /// search match) and no notice, its key and origin. Returns whether it drew.
  static func drawSearchOrSelection(_ state: PreviewState, into frame: inout Frame, y: Int) -> Bool
  {
    if case .contextEditor(let editor) = state.mode,
      !contextEditorFits(screenRect(bodyRect(state)))
    {
      // No room for the editor's box: the line is typed in the status bar (its error instead,
      // once Enter rejected it).
      let prompt = " key=value> "
      let line =
        editor.error.map { " ! " + $0 }
        ?? prompt + typedLine(editor.line, width: frame.width - DisplayWidth.of(prompt))
      frame.put(
        line, x: 0, y: y, style: PreviewTheme.bar.adding(.bold), direction: .ltr, ellipsis: true)
      return true
    }
    if case .contextEditor(let editor) = state.mode, let error = editor.error,
      !contextEditorShowsError(screenRect(bodyRect(state)))
    {
      // The editor's box is drawn, but without a row for its error: the status bar says it.
      frame.put(
        " ! " + error, x: 0, y: y, style: PreviewTheme.bar.foreground(.warning).adding(.bold),
        direction: .ltr, ellipsis: true)
      return true
    }
    if state.search.editing {
      frame.put(
        " /" + typedLine(state.search.editor, width: frame.width - 2), x: 0, y: y,
        style: PreviewTheme.bar.adding(.bold), direction: .ltr, ellipsis: true)
      return true
    }
    guard state.notice == nil, state.mode == .screen, let key = state.inspectedKey,
      let c = state.content
    else { return false }
    let origin = c.text(key).originLabel
    frame.put(
      " ‹\(key)› \(origin) — y copies the key, Y the text", x: 0, y: y,
      style: PreviewTheme.bar.adding(.bold), direction: .ltr, ellipsis: true)
    return true
  }
}
