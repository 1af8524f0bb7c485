import Foundation
import TestSupport

extension TmuxDriver {
  /// Starts the server with a `keeper` session (`sleep`), so the server does not exit (and
  /// restart inside a measurement) whenever the measured sessions end.
  func startKeeper() throws {
    try newSession("keeper", width: 40, height: 5, "sleep 3600")
  }

  /// Starts a detached session running `shellCommand` in a pane of `width`×`height` that closes
  /// when the program ends; throws when tmux refuses.
  func newSession(_ name: String, width: Int, height: Int, _ shellCommand: String) throws {
    let result = start(shellCommand, width: width, height: height, name: name, remainOnExit: false)
    guard result.status == 0 else {
      throw BenchmarkFailure(text: "tmux new-session failed: \(result.output)")
    }
  }
}
