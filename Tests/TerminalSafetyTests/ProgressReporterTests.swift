import Foundation
import Testing

@testable import TerminalSafety

/// The progress reporter with a fake clock: silent when disabled and during the first second,
/// throttled, neutralised, erased at the end.
@Suite("ProgressReporter")
struct ProgressReporterTests {
  final class Recorder: @unchecked Sendable {
    let lock = NSLock()
    var now: Double = 0
    var written: [String] = []
    func write(_ text: String) { lock.withLock { written.append(text) } }
    func time() -> Double { lock.withLock { now } }
    func advance(_ seconds: Double) { lock.withLock { now += seconds } }
  }

  func reporter(_ recorder: Recorder, enabled: Bool = true) -> ProgressReporter {
    ProgressReporter(
      enabled: enabled, write: { recorder.write($0) }, clock: { recorder.time() })
  }

  @Test func silentWhenDisabled() {
    let recorder = Recorder()
    let progress = reporter(recorder, enabled: false)
    recorder.advance(5)
    progress.update("work", done: 1, total: 2)
    progress.finish()
    #expect(recorder.written.isEmpty)
  }

  @Test func waitsASecondThenThrottlesAndErases() {
    let recorder = Recorder()
    let progress = reporter(recorder)
    progress.update("work", done: 1, total: 10)
    recorder.advance(0.5)
    progress.update("work", done: 2, total: 10)
    #expect(recorder.written.isEmpty)
    recorder.advance(0.6)
    progress.update("work", done: 3, total: 10)
    #expect(recorder.written == ["\r\u{1B}[Kwork 3/10 (1 s)"])
    recorder.advance(0.01)
    progress.update("work", done: 4, total: 10)
    #expect(recorder.written.count == 1)
    recorder.advance(0.2)
    progress.update("work\u{1B}]0;x\u{07}", done: 5, total: 10)
    #expect(recorder.written.count == 2)
    #expect(!recorder.written[1].dropFirst(4).contains("\u{1B}"))
    progress.finish()
    #expect(recorder.written.last == "\r\u{1B}[K")
    progress.finish()
    #expect(recorder.written.count == 3)
  }

  @Test func finishWithoutALineWritesNothing() {
    let recorder = Recorder()
    let progress = reporter(recorder)
    progress.update("quick")
    progress.finish()
    #expect(recorder.written.isEmpty)
  }
}
