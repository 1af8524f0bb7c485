@testable import TerminalUI

/// A ``CellOutput`` that records what a differ writes.
final class RecordingOutput: CellOutput {
  var frames = 0
  var fullRedraws = 0
  var runs: [CellRun] = []
  var ended = 0

  func beginFrame(size: TerminalSize, fullRedraw: Bool) {
    frames += 1
    if fullRedraw { fullRedraws += 1 }
    runs.removeAll()
  }

  func write(_ run: CellRun) { runs.append(run) }

  func endFrame() { ended += 1 }
}
