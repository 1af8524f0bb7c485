import Foundation
import MessagevisorLocking
import MessagevisorSystem
import TerminalUI

/// The runtime: reads input from a `TerminalUI.Screen`, feeds messages through ``PreviewUpdate``, performs
/// effects through a ``PreviewSession``, and renders ``PreviewView`` frames.
///
/// It never spins: it blocks in `readEvent` with a timeout (100 ms while a spinner runs, 250 ms
/// otherwise) and drains the inbox after every wake-up. It returns when the user quits or the
/// terminal goes away.
public final class PreviewLoop {
  /// Why the loop ended.
  public enum Exit: Sendable, Equatable {
    /// `q` or Ctrl-C.
    case quit
    /// SIGTERM.
    case terminated
    /// The terminal disappeared (SIGHUP, EOF).
    case hangup
  }

  let screen: any Screen
  let session: PreviewSession
  let inbox: PreviewInbox
  /// The current state (readable by tests).
  public private(set) var state: PreviewState
  var lastFrame: Frame?
  var lastRendered: PreviewState?
  let interval: Double
  var checkTask: Task<Void, Never>?
  var periodicTask: Task<Void, Never>?
  let checkRunning = Locked(false)
  let initialCheck: Bool
  /// The locale shown when ``run()`` last had the next one prepared.
  private var preparedFor: String?
  /// When ``run()`` last sent a `tick` (the spinner turns every 100 ms while a check runs).
  private var lastTick = Date()
  /// Where `X` writes the JSON export (`--export FILE`); `nil` for ``PreviewExport/defaultFile``.
  public var exportPath: String?
  /// Runs once ``run()`` has drawn the first frame: what the program starts then instead of
  /// before (watching the project, for one), so that the first frame does not wait for it.
  public var onFirstFrame: (() -> Void)?

  /// Creates a loop. `interval` is the seconds between background checks (0 disables them);
  /// `initialCheck` runs one background check right after the first frame.
  public init(
    screen: any Screen, session: PreviewSession, state: PreviewState, interval: Double,
    initialCheck: Bool = false
  ) {
    self.screen = screen
    self.initialCheck = initialCheck
    self.session = session
    self.inbox = session.inbox
    self.state = state
    self.interval = interval
    self.state.width = screen.size.width
    self.state.height = screen.size.height
  }

  /// Applies one message and performs its effects; returns `true` if the program should quit.
  @discardableResult
  public func dispatch(_ message: PreviewMessage) -> Bool {
    var queue = [message]
    var resolve = false
    var resolveMessages: (compare: Bool, compareLocale: String?)?
    while !queue.isEmpty {
      let next = queue.removeFirst()
      let (newState, effects) = PreviewUpdate.update(state, next)
      state = newState
      for effect in effects {
        switch effect {
        case .quit: return true
        case .resolveContent: resolve = true
        case .resolveMessages(let compare, let compareLocale):
          resolveMessages = (compare, compareLocale)
        case .checkForUpdates: startCheck(manual: true)
        case .copy(let text):
          // OSC 52 travels between frames; it changes no cell of the screen.
          if !screen.copyToClipboard(text) { queue.append(.showCopy(text)) }
        case .translationEditor(let editorEffect):
          if let answer = performEditor(editorEffect) { queue.append(.translationEditor(answer)) }
        case .export:
          let path = exportPath ?? PreviewExport.defaultFile
          queue.append(.failure(PreviewExport.write(state, to: path)))
        default: session.perform(effect)
        }
      }
      // Engine calls deliver their events synchronously: take them in this same pass.
      if queue.isEmpty { queue = inbox.drain() }
      if queue.isEmpty && resolve {
        resolve = false
        queue = [
          .contentResolved(
            session.resolveContent(lastSynced: state.lastSynced, screen: state.screen.rawValue))
        ]
        queue += inbox.drain()
      }
      if queue.isEmpty, let wanted = resolveMessages {
        resolveMessages = nil
        queue = [
          .messagesResolved(
            session.resolveMessages(compare: wanted.compare, compareLocale: wanted.compareLocale))
        ]
      }
    }
    return state.quitting
  }

  /// Renders the state if the frame changed.
  public func renderIfNeeded() {
    // Comparing states is cheaper than building a frame: idle wake-ups render nothing.
    if let lastRendered, lastRendered == state { return }
    let frame = PreviewView.render(
      state, size: TerminalSize(width: state.width, height: state.height))
    lastRendered = state
    if frame != lastFrame {
      screen.render(frame)
      lastFrame = frame
    }
  }

  /// Resolves the first content and renders the first frame.
  public func start() {
    dispatch(
      .contentResolved(
        session.resolveContent(lastSynced: state.lastSynced, screen: state.screen.rawValue)))
    for message in inbox.drain() { dispatch(message) }
    renderIfNeeded()
  }

  /// Runs until quit or hangup: the first frame, then the session's pending locales in the
  /// background (see ``PreviewSession/startLoadingLocales()``), then input and messages.
  public func run() -> Exit {
    start()
    // The first frame is on the screen: now what it did not need.
    onFirstFrame?()
    onFirstFrame = nil
    prepareNextLocale()
    session.startLoadingLocales()
    startPeriodicChecks()
    defer {
      periodicTask?.cancel()
      checkTask?.cancel()
    }
    while true {
      let timeout: Duration = state.checkRunning ? .milliseconds(100) : .milliseconds(250)
      let event = screen.readEvent(timeout: timeout)
      // What a key, a click or a resize asks for is work the user waits for: background work
      // (lint, locale builds) steps aside until its frame is drawn.
      let exit = event.map { event in ForegroundWork.perform { step(event) } } ?? step(nil)
      if let exit { return exit }
    }
  }

  /// One turn of ``run()``: `event` (if any), the inbox's messages, a tick, the frame; returns
  /// how the program ends, `nil` to go on.
  private func step(_ event: InputEvent?) -> Exit? {
    var quit = false
    switch event {
    case .key(let key):
      if let press = key.previewKey { quit = dispatch(.key(press)) }
    case .mouse(let mouse):
      quit = dispatch(.mouse(mouse))
    case .resize(let size):
      dispatch(.resize(width: size.width, height: size.height))
    case .interrupt:
      quit = dispatch(.key(.control("c")))
    case .terminate:
      return .terminated
    case .hangup:
      return .hangup
    case nil:
      break
    }
    if quit { return .quit }
    for message in inbox.drain() where dispatch(message) { return .quit }
    if state.checkRunning, Date().timeIntervalSince(lastTick) >= 0.1 {
      lastTick = Date()
      dispatch(.tick)
    }
    renderIfNeeded()
    prepareNextLocale()
    return nil
  }

  /// After a frame: the engine's tables of the locale `l` goes to (it makes a locale's tables on
  /// its first translation; once per locale shown, or again later while that locale is still
  /// being built), with the cores to itself — a key pressed meanwhile waits for it, not for a
  /// background thread holding the engine.
  private func prepareNextLocale() {
    let shown = state.content?.locale
    guard shown != preparedFor else { return }
    if ForegroundWork.perform({ session.prepareNextLocale() }) { preparedFor = shown }
  }

  /// Starts a manual check (the client is single-flight, so it joins a running one).
  func startCheck(manual: Bool) {
    let session = self.session
    let flag = checkRunning
    flag.withLock { $0 = true }
    checkTask = Task.detached {
      await session.runCheck(manual: manual)
      flag.withLock { $0 = false }
    }
  }

  /// Background checks every `interval` seconds (skipped while another check runs).
  func startPeriodicChecks() {
    guard session.ota != nil, interval > 0 || initialCheck else { return }
    let session = self.session
    let flag = checkRunning
    let periodic = interval > 0
    let nanoseconds = UInt64(min(max(interval, 0.05), 86_400) * 1_000_000_000)
    var first = initialCheck
    periodicTask = Task.detached {
      while !Task.isCancelled {
        let startup = first
        if first {
          first = false
        } else {
          guard periodic else { return }
          do { try await Task.sleep(nanoseconds: nanoseconds) } catch { return }
        }
        let busy = flag.withLock { running -> Bool in
          defer { running = true }
          return running
        }
        if busy { continue }
        await session.runCheck(manual: false, startup: startup)
        flag.withLock { $0 = false }
      }
    }
  }
}
