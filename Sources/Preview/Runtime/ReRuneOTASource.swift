import Foundation
import ReRune

/// ``PreviewOTASource`` over a ReRune client (a local site directory or an HTTP base URL).
public struct ReRuneOTASource: PreviewOTASource {
  /// The client.
  public let client: ReRuneClient
  /// The description shown in the OTA panel.
  public let summary: String

  /// Wraps a client.
  public init(client: ReRuneClient, summary: String) {
    self.client = client
    self.summary = summary
  }

  /// The applied manifest revision.
  public var revision: Int { client.revision }

  /// The applied OTA entries as ICU messages.
  public func overlays() -> [String: [String: String]] {
    client.otaLocales.mapValues { $0.mapValues(\.icuMessage) }
  }

  /// Runs `checkForUpdates` and maps the result.
  public func check(manual: Bool) async -> CheckOutcome {
    let result = await client.checkForUpdates()
    let status: CheckOutcome.Status
    switch result.status {
    case .updated: status = .updated
    case .noChange: status = .noChange
    case .failed: status = .failed
    }
    var outcome = CheckOutcome(
      status: status, updatedLocales: result.updatedLocales.sorted(),
      message: result.errorMessage, finishedAt: Date(), manual: manual)
    outcome.cacheProblems = result.cacheProblems
    return outcome
  }

  /// Subscribes to revisions.
  public func onRevision(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
    client.onRevision(handler)
  }
}
