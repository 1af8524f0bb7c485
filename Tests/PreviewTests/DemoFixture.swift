import Foundation
import Messagevisor
import TerminalUI

@testable import Preview

/// The real demo (Demo/project, Demo/Resources, Demo/ota) loaded into a session for headless tests.
enum DemoFixture {
  /// The package root (three levels above this file).
  static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var demoExists: Bool {
    FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Demo/project").path)
  }

  /// A fresh, empty cache directory.
  static func temporaryDirectory(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "preview-tests-\(name)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A loop over the demo at a locale and size, started (first content resolved), no OTA check.
  static func loop(
    locale: String, width: Int, height: Int = 30, screen: PreviewScreen = "welcome",
    inspect: Bool = false, context: MessagevisorContext = [:]
  ) throws -> PreviewLoop {
    var options = PreviewOptions()
    options.locale = locale
    // Never created: no check runs here, so the client finds an empty cache and writes nothing.
    options.cacheDirectory = NSTemporaryDirectory() + "preview-tests-nocache-\(UUID().uuidString)"
    options.timeZone = "Europe/Amsterdam"
    options.currency = "EUR"
    options.context = context
    let paths = try DemoPaths.resolve(options, currentDirectory: packageRoot.path)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    var configuration = prepared.configuration
    configuration.now = { Date(timeIntervalSince1970: 1_800_000_000) }
    let session = PreviewSession(configuration, inbox: PreviewInbox())
    var state = PreviewState(otaSource: prepared.otaSummary, width: width, height: height)
    state.otaEnabled = session.ota != nil
    state.screen = screen
    state.inspect = inspect
    let loop = PreviewLoop(
      screen: HeadlessScreen(width: width, height: height), session: session, state: state,
      interval: 0)
    loop.start()
    return loop
  }
}
