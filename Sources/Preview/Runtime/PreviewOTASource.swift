import Foundation

/// What the previewer needs from an OTA client; ``ReRuneOTASource`` adapts a `ReRuneClient`.
public protocol PreviewOTASource: Sendable {
  /// A one-line description for the OTA panel (e.g. `site Demo/ota`).
  var summary: String { get }
  /// The revision of the most recently applied manifest (0 before any).
  var revision: Int { get }
  /// The applied OTA translations by locale, as ICU message text.
  func overlays() -> [String: [String: String]]
  /// Checks for updates once; `manual` is copied into the outcome.
  func check(manual: Bool) async -> CheckOutcome
  /// Calls `handler` on every revision emission (current value first); returns a cancel function.
  func onRevision(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void
}
