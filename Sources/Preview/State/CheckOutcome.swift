import Foundation

/// The result of one OTA check, as the controls bar and the events log show it.
public struct CheckOutcome: Sendable, Equatable {
  /// How the check ended.
  public enum Status: String, Sendable, Equatable {
    /// At least one locale payload was applied.
    case updated
    /// Nothing changed on the site.
    case noChange = "no change"
    /// The check failed (network, parse, manifest error…).
    case failed
  }

  /// How the check ended.
  public var status: Status
  /// The locales whose payloads were applied.
  public var updatedLocales: [String]
  /// A short description of the failure, when the status is `failed`.
  public var message: String?
  /// When the check finished.
  public var finishedAt: Date
  /// Whether the user asked for it (`r`, a refresh button) rather than the periodic timer.
  public var manual: Bool
  /// Whether this is the check the previewer runs once at start-up (not a periodic one).
  public var startup: Bool
  /// What the check could not store in the OTA cache (shown in the OTA panel): the content is
  /// applied, but the next start will not find it.
  public var cacheProblems: [String] = []

  /// Creates an outcome.
  public init(
    status: Status, updatedLocales: [String] = [], message: String? = nil, finishedAt: Date,
    manual: Bool, startup: Bool = false
  ) {
    self.status = status
    self.updatedLocales = updatedLocales
    self.message = message
    self.finishedAt = finishedAt
    self.manual = manual
    self.startup = startup
  }

  /// How the check was started, as the events log shows it: `manual`, `start` or `periodic`.
  public var trigger: String {
    manual ? "manual" : startup ? "start" : "periodic"
  }

  /// A one-line summary such as `updated nl-NL` or `failed: timeout`.
  public var summary: String {
    switch status {
    case .updated:
      return updatedLocales.isEmpty ? "updated" : "updated \(updatedLocales.joined(separator: ","))"
    case .noChange: return "no change"
    case .failed: return "failed" + (message.map { ": \($0)" } ?? "")
    }
  }

  /// `cache not written: <first problem> (+N more)`, or nil when the cache took everything.
  public var cacheSummary: String? {
    guard let first = cacheProblems.first else { return nil }
    let more = cacheProblems.count > 1 ? " (+\(cacheProblems.count - 1) more)" : ""
    return "cache not written: \(first)\(more)"
  }
}
