import Foundation
import TerminalSafety

extension MessagevisorInstance {
  /// Whether a diagnostic of `level` reaches anyone (so callers can skip building it).
  @inline(__always)
  final func wantsDiagnosticLocked(_ level: MessagevisorLogLevel) -> Bool {
    level == .error || logLevel.allows(level) || core.subscribersWant(level)
  }

  /// Builds and delivers a diagnostic (caller holds the lock).
  final func reportLocked(
    level: MessagevisorLogLevel, code: String, message: String,
    details: [String: MessagevisorValue] = [:], module: String? = nil,
    originalError: (any Error)? = nil
  ) {
    guard wantsDiagnosticLocked(level) else { return }
    deliverLocked(
      MessagevisorDiagnostic(
        level: level, code: code, message: message, details: details, module: module,
        originalError: originalError),
      reporter: nil)
  }

  /// Delivers a diagnostic: module subscribers first (skipping the reporting module), then the
  /// handler or standard error when the threshold allows, then an `error` event for error-level
  /// diagnostics even when the threshold filtered them (caller holds the lock).
  final func deliverLocked(_ diagnostic: MessagevisorDiagnostic, reporter: Int?) {
    if !core.diagnosticSubscribers.isEmpty {
      let subscribers = core.diagnosticSubscribers
      for subscriber in subscribers
      where subscriber.owner != reporter && subscriber.logLevel.allows(diagnostic.level) {
        subscriber.handler(diagnostic)
      }
    }
    if logLevel.allows(diagnostic.level) {
      if let diagnosticHandler = core.diagnosticHandler {
        diagnosticHandler(diagnostic)
      } else {
        // Diagnostics quote keys and translations (from datafiles, OTA payloads): neutralized
        // for the terminal like every other print path (TerminalSafety).
        let line = SafeText.neutralized("[Messagevisor] \(diagnostic)", keepingLineBreaks: true)
        FileHandle.standardError.write(Data((line + "\n").utf8))
      }
    }
    if diagnostic.level == .error && !isClosed, listeners[.error]?.isEmpty == false {
      let snapshot = makeSnapshotLocked()
      dispatchLocked(
        MessagevisorEvent(
          type: .error, version: version, details: .error(diagnostic), snapshot: snapshot,
          previousSnapshot: snapshot))
    }
  }
}
