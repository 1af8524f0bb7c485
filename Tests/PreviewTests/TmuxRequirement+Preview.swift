import Foundation
import TestSupport

extension TmuxRequirement {
  /// The previewer is built (`.build/debug/messagevisor-preview`).
  static let previewBinary = TmuxRequirement(
    missing:
      "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ) { PreviewBinary.exists }

  /// The demo (`Demo/`) is in the checkout.
  static let demo = TmuxRequirement(missing: "SKIPPED: Demo/ is missing") {
    DemoFixture.demoExists
  }
}
