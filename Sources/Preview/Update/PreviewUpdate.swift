import Foundation
import Messagevisor
import TerminalUI

/// The pure update function: `(state, message) -> (state, effects)`.
public enum PreviewUpdate {
  /// Applies a message to a state and returns the new state and the effects to run.
  public static func update(_ state: PreviewState, _ message: PreviewMessage) -> (
    PreviewState, [PreviewEffect]
  ) {
    var next = state
    var effects: [PreviewEffect] = []
    switch message {
    case .key(let key):
      effects = handleKey(key, &next)
    case .resize(let width, let height):
      next.width = max(width, 1)
      next.height = max(height, 1)
      next.browser.keepSelectionVisible(rows: PreviewView.messageListRows(height: next.height))
    case .engineEvent(let info):
      appendEvent(
        &next, .engine(type: info.type, source: info.source, version: info.version),
        detail: info.detail, at: Date())
      if info.type == "change" { effects.append(.resolveContent) }
    case .diagnostic(let entry):
      appendDiagnostic(&next, entry)
    case .contentResolved(let content):
      next.content = content
      if content.screens.entry(next.screen.rawValue) == nil {
        next.screen = PreviewScreen(rawValue: content.screens.defaultScreen)
        next.screenHistory = []
        next.focus = 0
      }
      if !content.attributes.isEmpty, next.contextSelection >= content.attributes.count {
        next.contextSelection = 0
      }
      if case .localePicker(let selection) = next.mode, selection >= content.loadedLocales.count {
        next.mode = .localePicker(selection: max(content.loadedLocales.count - 1, 0))
      }
      reportFit(&next)
    case .otaRevision(let revision, let at):
      next.revision = revision
      appendEvent(&next, .otaRevision(revision), detail: "", at: at)
      effects.append(.resolveContent)
    case .checkStarted(let manual):
      next.checkRunning = true
      if manual { next.phase = .checking }
    case .checkPhase(let phase):
      next.phase = phase
    case .checkFinished(let outcome):
      next.checkRunning = false
      next.lastCheck = outcome
      next.lastSynced = outcome.finishedAt
      if outcome.manual || next.phase.isRunning {
        next.phase = outcome.status == .updated ? .success : .idle
      }
      appendEvent(&next, .check(outcome), detail: "", at: outcome.finishedAt)
      effects.append(.resolveContent)
    case .failure(let text):
      next.notice = text
    case .failureResolved(let text):
      if next.notice == text { next.notice = nil }
    case .sourcesChanged(let what):
      appendEvent(&next, .sources(what), detail: "", at: Date())
      effects.append(.resolveContent)
    case .tick:
      if next.checkRunning { next.spinner = (next.spinner + 1) % 8 }
    case .messagesResolved(let index):
      takeMessages(index, &next)
    case .mouse(let event):
      effects = handleMouse(event, &next)
    case .showCopy(let text):
      next.copyText = text
    case .translationEditor(let event):
      effects = takeEditorEvent(event, &next)
    }
    enterBrowserIfShown(previous: state, &next, &effects)
    // A selected string belongs to its screen.
    if next.screen != state.screen { next.inspectedKey = nil }
    return (next, effects)
  }

  /// Handles a key press: a text field being typed in takes it first (Ctrl-C still quits),
  /// then the key table dispatches.
  static func handleKey(_ key: Key, _ state: inout PreviewState) -> [PreviewEffect] {
    if state.copyText != nil { return closeCopy(key, &state) }
    if let editor = state.translationEditor {
      return handleTranslationEditorKey(key, editor, &state)
    }
    if state.isTypingText, key == .control("c") {
      state.quitting = true
      return [.quit]
    }
    if state.search.editing { return handleSearchKey(key, &state) }
    if state.mode == .messages, state.browser.editingQuery { return handleQueryKey(key, &state) }
    if case .contextEditor(let editor) = state.mode {
      return handleEditorKey(key, editor, &state)
    }
    if case .valuePicker(let picker) = state.mode, picker.typing {
      return handlePickerFilterKey(key, picker, &state)
    }
    let key = key.commandKey
    guard let binding = KeyTable.binding(for: key, in: state) else {
      state.notice = KeyTable.unboundHint(for: key, in: state)
      return []
    }
    return perform(binding.action, &state)
  }

  /// Performs an action.
  static func perform(_ action: PreviewAction, _ state: inout PreviewState) -> [PreviewEffect] {
    state.notice = nil
    if let effects = performLocales(action, &state) { return effects }
    switch action {
    case .quit:
      state.quitting = true
      return [.quit]
    case .help:
      state.mode = state.mode == .help ? .screen : .help
      state.help.scroll = 0
    case .back:
      if browserBack(&state) { return [] }
      if state.mode != .screen {
        state.mode = .screen
      } else if let previous = state.screenHistory.popLast() {
        state.screen = previous
        state.focus = 0
        state.screenScroll = 0
        state.screenScrolled = false
        return [.resolveContent]
      } else if let screens = state.content?.screens,
        state.currentScreen?.name != screens.defaultScreen
      {
        return open(PreviewScreen(rawValue: screens.defaultScreen), &state, remember: false)
      }
    case .activate:
      return activate(&state)
    case .focusNext:
      let count = state.focusables.count
      if count > 0 { state.focus = (state.focus + 1) % count }
      state.screenScrolled = false
    case .focusPrevious:
      let count = state.focusables.count
      if count > 0 { state.focus = (state.focus + count - 1) % count }
      state.screenScrolled = false
    case .cycleLocale:
      guard let content = state.content,
        let locale = PreviewChoices.next(after: content.locale, in: content.loadedLocales)
      else { return [] }
      return [.setLocale(locale)]
    case .pickLocale:
      let locales = state.content?.loadedLocales ?? []
      let current = state.content.flatMap { locales.firstIndex(of: $0.locale) } ?? 0
      state.mode = .localePicker(selection: current)
    case .cycleContextValue:
      guard let attribute = state.selectedAttribute else { return [] }
      guard let value = attribute.next(after: state.content?.context[attribute.name]) else {
        state.notice = "\(attribute.name) has no values to cycle; press e to type one"
        return []
      }
      return [.setContext([attribute.name: value])]
    case .selectContextAttribute:
      let count = state.content?.attributes.count ?? 0
      if count > 0 { state.contextSelection = (min(state.contextSelection, count - 1) + 1) % count }
    case .toggleFlag:
      let attributes = state.content?.attributes ?? []
      let flag =
        state.selectedAttribute.flatMap { $0.isBoolean ? $0 : nil }
        ?? attributes.first(where: \.isBoolean)
      guard let flag else { return [] }
      let current = state.content?.context[flag.name]?.boolValue ?? false
      return [.setContext([flag.name: .bool(!current)])]
    case .nextScreen:
      guard let names = state.content?.screens.names, !names.isEmpty else { return [] }
      let current = state.currentScreen?.name ?? ""
      let index = names.firstIndex(of: current).map { ($0 + 1) % names.count } ?? 0
      return open(PreviewScreen(rawValue: names[index]), &state, remember: false)
    case .editContext:
      state.mode = .contextEditor(ContextEditorState(history: state.contextHistory))
    case .cycleCurrency:
      guard
        let currency = PreviewChoices.next(
          after: state.content?.currency, in: state.choices.currencies)
      else { return [] }
      return [.setCurrency(currency)]
    case .cycleTimeZone:
      guard
        let zone = TimeZoneEquivalence.next(
          after: state.content?.timeZone, in: state.choices.timeZones)
      else { return [] }
      return [.setTimeZone(zone)]
    case .refresh:
      return startCheck(&state)
    case .toggleInspect:
      state.inspect.toggle()
    case .showDiagnostics:
      state.mode = state.mode == .diagnostics ? .screen : .diagnostics
      state.diagnostics.selection = 0
      state.diagnostics.expanded = false
    case .showEvents:
      state.mode = state.mode == .events ? .screen : .events
      state.events.scroll = 0
    case .selectNext, .selectPrevious, .pageDown, .pageUp, .first, .last:
      if state.mode == .messages { return performBrowser(action, &state) }
      move(action, &state)
    case .showMessages, .searchMessages, .cycleMessageFilter, .toggleCompare, .cycleCompareLocale,
      .toggleMessageDetail, .selectFirst, .selectLast:
      return performBrowser(action, &state)
    case .cycleFilter:
      let order: [DiagnosticLevel?] = [nil, .error, .warn, .info]
      let index = order.firstIndex(of: state.diagnostics.filter) ?? 0
      state.diagnostics.filter = order[(index + 1) % order.count]
      state.diagnostics.selection = 0
      state.diagnostics.expanded = false
    case .toggleDetails:
      if !state.diagnostics.visible.isEmpty { state.diagnostics.expanded.toggle() }
    case .toggleDebug:
      state.diagnostics.hideDebug.toggle()
      state.diagnostics.selection = 0
      state.diagnostics.expanded = false
    case .export:
      return [.export]
    case .search, .searchNext, .searchPrevious, .nextString, .previousString:
      return performSearch(action, &state)
    case .copyKey, .copyText:
      return performCopy(action, &state)
    case .pickCurrency, .pickTimeZone, .pickSet, .filterPicker:
      return performPicker(action, &state)
    case .showAllLocales:
      return showAllLocales(&state)
    case .markReviewed:
      return markReviewed(&state)
    case .publishString:
      return publishString(&state)
    case .editTranslation, .undoSave, .openSource:
      return performEditor(action, &state)
    case .editText:
      // A text field takes these keys before the key table (which lists them for the help).
      break
    case .clearDiagnostics:
      state.diagnostics.entries = []
      state.diagnostics.index = DiagnosticIndex()
      state.diagnostics.selection = 0
      state.diagnostics.expanded = false
    }
    return []
  }

  /// Enter: the picker chooses; a screen presses its focused button.
  static func activate(_ state: inout PreviewState) -> [PreviewEffect] {
    if case .valuePicker(let picker) = state.mode { return choosePicked(picker, &state) }
    if case .localePicker(let selection) = state.mode {
      state.mode = .screen
      let locales = state.content?.loadedLocales ?? []
      guard locales.indices.contains(selection) else { return [] }
      return [.setLocale(locales[selection])]
    }
    switch state.focusedAction {
    case .open(let name):
      return open(PreviewScreen(rawValue: name), &state, remember: true)
    case .refresh:
      return startCheck(&state)
    case .back:
      return perform(.back, &state)
    case .inert, nil:
      return []
    }
  }

  /// Shows another screen; `remember` puts the current one on the back stack.
  static func open(_ screen: PreviewScreen, _ state: inout PreviewState, remember: Bool)
    -> [PreviewEffect]
  {
    guard let content = state.content else { return [] }
    guard content.screens.entry(screen.rawValue) != nil else {
      state.notice =
        "no screen \(screen) (screens: \(content.screens.names.joined(separator: ", ")))"
      return []
    }
    if remember, let current = state.currentScreen {
      state.screenHistory.append(PreviewScreen(rawValue: current.name))
      if state.screenHistory.count > 50 { state.screenHistory.removeFirst() }
    } else if !remember {
      state.screenHistory = []
    }
    state.screen = screen
    state.focus = 0
    state.screenScroll = 0
    state.screenScrolled = false
    state.mode = .screen
    return [.resolveContent]
  }

  /// Starts a manual check unless one is running.
  static func startCheck(_ state: inout PreviewState) -> [PreviewEffect] {
    guard !state.checkRunning else { return [] }
    state.checkRunning = true
    state.phase = .checking
    return [.checkForUpdates]
  }

  /// Moves the selection (or the scroll) of the active tool: one ``ListCursor`` rule for every
  /// list, a page being the rows the list shows.
  static func move(_ action: PreviewAction, _ state: inout PreviewState) {
    guard let motion = ListMotion(action) else { return }
    switch state.mode {
    case .screen:
      guard let screen = PreviewView.screenLayout(state) else { return }
      let current = PreviewView.position(
        screen.layout, state: state, width: screen.width, height: screen.height, rows: screen.rows)
      var list = ListCursor(
        count: screen.rows, pageSize: screen.height, selection: current, offset: current)
      list.scroll(motion)
      state.screenScroll = list.offset
      state.screenScrolled = true
    case .diagnostics:
      var list = ListCursor(
        count: state.diagnostics.visible.count, pageSize: PreviewView.toolRows(state),
        selection: state.diagnostics.selection)
      list.perform(motion)
      state.diagnostics.selection = list.selection
    case .events:
      // The top row is the log's cursor: it steps down to the oldest event (rows wrap, so the
      // last page is not a fixed number of events).
      var list = ListCursor(
        count: state.events.entries.count, pageSize: PreviewView.eventsShown(state),
        selection: state.events.scroll)
      list.perform(motion)
      state.events.scroll = list.selection
    case .help:
      var list = ListCursor(
        count: PreviewView.helpRowCount(state), pageSize: PreviewView.toolRows(state),
        selection: state.help.scroll, offset: state.help.scroll)
      list.scroll(motion)
      state.help.scroll = list.offset
    case .localePicker(let selection):
      // Steps wrap around (like the locale cycle); pages, g and G stop at the ends.
      var list = ListCursor(
        count: state.content?.loadedLocales.count ?? 0,
        pageSize: PreviewView.localePickerRows(state), selection: selection, wraps: true)
      list.perform(motion)
      state.mode = .localePicker(selection: list.selection)
    case .valuePicker(var picker):
      picker.move(motion, rows: PreviewView.valuePickerRows(state, picker: picker))
      state.mode = .valuePicker(picker)
    default:
      break
    }
  }

  static func clamp(_ value: Int, _ count: Int) -> Int {
    min(max(value, 0), max(count - 1, 0))
  }

  static func appendEvent(
    _ state: inout PreviewState, _ kind: EventEntry.Kind, detail: String, at: Date
  ) {
    // Fold a periodic check with the same result as the previous line into it.
    if case .check(let outcome) = kind, !outcome.manual, outcome.status != .updated,
      let last = state.events.entries.last, case .check(let previous) = last.kind, !previous.manual,
      previous.status == outcome.status, previous.message == outcome.message,
      previous.startup == outcome.startup
    {
      state.events.entries[state.events.entries.count - 1].repeats += 1
      state.events.entries[state.events.entries.count - 1].at = at
      state.events.entries[state.events.entries.count - 1].kind = kind
      return
    }
    state.events.entries.append(
      EventEntry(id: state.events.nextID, kind: kind, detail: detail, at: at))
    state.events.nextID += 1
    // The selected event stays the same event (rows count from the newest).
    if let selected = state.events.selection { state.events.selection = selected + 1 }
    if state.events.entries.count > PreviewState.eventsLimit {
      state.events.entries.removeFirst(state.events.entries.count - PreviewState.eventsLimit)
    }
  }

  /// Adds a diagnostic; a repeat of an existing one moves it to the newest place and counts it.
  ///
  /// The repeat is found through the state's signature index (a hash lookup), not by comparing
  /// the new diagnostic with each of up to ``PreviewState/diagnosticsLimit`` kept ones.
  static func appendDiagnostic(_ state: inout PreviewState, _ entry: DiagnosticEntry) {
    if state.diagnostics.index.stamps.count != state.diagnostics.entries.count {
      state.diagnostics.index.rebuild(state.diagnostics.entries)
    }
    let signature = DiagnosticSignature(entry)
    var found = state.diagnostics.index.position(of: signature)
    if let index = found, !state.diagnostics.entries[index].sameDiagnostic(as: entry) {
      // The list was replaced from outside with as many entries: index it again.
      state.diagnostics.index.rebuild(state.diagnostics.entries)
      found = state.diagnostics.index.position(of: signature)
    }
    if let index = found {
      var existing = state.diagnostics.entries.remove(at: index)
      state.diagnostics.index.stamps.remove(at: index)
      existing.count += entry.count
      state.diagnostics.entries.append(existing)
      state.diagnostics.index.appended(signature)
      return
    }
    var added = entry
    added.id = state.diagnostics.nextID
    state.diagnostics.nextID += 1
    state.diagnostics.entries.append(added)
    state.diagnostics.index.appended(signature)
    let excess = state.diagnostics.entries.count - PreviewState.diagnosticsLimit
    if excess > 0 {
      for evicted in state.diagnostics.entries.prefix(excess) {
        let key = DiagnosticSignature(evicted)
        // A later entry with the same signature cannot exist (repeats are merged), but an index
        // rebuilt from an outside list may hold one: only drop the evicted entry's own stamp.
        if let stamp = state.diagnostics.index.bySignature[key],
          stamp <= state.diagnostics.index.stamps[excess - 1]
        {
          state.diagnostics.index.bySignature.removeValue(forKey: key)
        }
      }
      state.diagnostics.entries.removeFirst(excess)
      state.diagnostics.index.stamps.removeFirst(excess)
    }
  }
}
