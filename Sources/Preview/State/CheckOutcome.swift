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
}
