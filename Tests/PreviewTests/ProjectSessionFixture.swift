import Foundation
import Messagevisor
import TerminalUI
import Testing

@testable import Preview

/// A previewer session on a project without a terminal: `PreviewLauncher.prepare` as the
/// program calls it, a headless loop, and (optionally) live editing with a short quiet period.
final class ProjectSessionFixture {
  let root: String
  let prepared: PreviewLauncher.Prepared
  let session: PreviewSession
  let loop: PreviewLoop
  var reload: ProjectLiveReload?
  let woke = DispatchSemaphore(value: 0)

  init(
    root: String, set: String? = nil, width: Int = 80, height: Int = 24, watch: Bool = false,
    waitForFix: Bool = false, locale: String = "en-US", lazyLocales: Bool = false
  ) throws {
    self.root = root
    var options = PreviewOptions()
    options.project = root
    options.projectSet = set
    options.locale = locale
    options.timeZone = "UTC"
    options.cacheDirectory = root + "/.cache"
    prepared = try PreviewLauncher.prepare(
      options: options, paths: try DemoPaths.resolve(options, currentDirectory: root),
      modules: PreviewLauncher.defaultModules(), waitForFix: waitForFix,
      lazyLocales: lazyLocales)
    session = PreviewSession(prepared.configuration, inbox: PreviewInbox())
    if let notice = prepared.notice { session.inbox.post(.failure(notice)) }
    var state = PreviewState(width: width, height: height)
    state.otaEnabled = false
    loop = PreviewLoop(
      screen: HeadlessScreen(width: width, height: height), session: session, state: state,
      interval: 0)
    loop.start()
    if watch {
      let woke = self.woke
      reload = try ProjectLiveReload(
        project: root, target: prepared.project.target, set: prepared.project.set,
        implicitTarget: prepared.project.target == PreviewProjectLoader.implicitTarget,
        session: session, options: .init(quietPeriod: .milliseconds(20)),
        wake: { woke.signal() })
      #expect(reload?.waitUntilReady() == true)
    }
    drain()
  }

  deinit {
    reload?.stop()
    session.stop()
    try? FileManager.default.removeItem(atPath: root)
  }

  /// Hands the inbox's messages to the loop.
  func drain() {
    for message in session.inbox.drain() { loop.dispatch(message) }
    loop.renderIfNeeded()
  }

  /// Feeds the loop until `predicate` holds (bounded: 200 rounds of at most 0.1 s).
  @discardableResult
  func waitFor(_ predicate: (PreviewState) -> Bool) -> Bool {
    for _ in 0..<200 {
      drain()
      if predicate(loop.state) { return true }
      _ = woke.wait(timeout: .now() + 0.1)
    }
    drain()
    return predicate(loop.state)
  }

  /// Presses keys.
  func press(_ keys: Key...) {
    for key in keys { loop.dispatch(.key(key)) }
  }

  /// The frame on display, as text.
  var frame: String { PreviewView.render(loop.state).lines().joined(separator: "\n") }

  /// The frame's first row (the header).
  var header: String { PreviewView.render(loop.state).lines().first ?? "" }
}
