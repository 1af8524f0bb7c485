import Foundation
import TestSupport
import Testing

@Suite("ChildProcess runs programs with their output in files, bounded in time")
struct ChildProcessTests {
  @Test func captureRunsTheProgramInTheGivenDirectory() throws {
    let directory = NSTemporaryDirectory() + "child-cwd-\(UUID().uuidString) with 'quote"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try ChildProcess.capture(["/bin/pwd", "-P"], in: directory)
    let expected = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    #expect(result.status == 0)
    #expect(result.standardOutput == expected + "\n")
  }

  @Test func mergedStandardErrorKeepsTheOrderOfWrites() throws {
    let result = try ChildProcess.capture(
      ["/bin/sh", "-c", "echo one; echo two >&2; echo three; exit 3"],
      mergingStandardError: true)
    #expect(result.status == 3)
    #expect(result.standardOutput == "one\ntwo\nthree\n")
    #expect(result.standardError == "")
    #expect(!result.timedOut)
  }

  @Test func separateStandardErrorStaysSeparate() throws {
    let result = try ChildProcess.capture(["/bin/sh", "-c", "echo out; echo err >&2"])
    #expect(result.standardOutput == "out\n")
    #expect(result.standardError == "err\n")
  }

  @Test func aProgramStillRunningAtTheTimeoutIsStoppedAndSaysSo() throws {
    let result = try ChildProcess.capture(["/bin/sleep", "30"], timeout: 0.2)
    #expect(result.timedOut)
    #expect(result.status == 128 + SIGTERM)
  }

  @Test func aProgramThatCannotStartThrowsItsErrorNumber() {
    let error = #expect(throws: ChildProcess.SpawnError.self) {
      try ChildProcess.run(
        ["/no/such/program"], standardOutput: "/dev/null", standardError: "/dev/null")
    }
    #expect(error?.code == ENOENT)
  }

  @Test func shellQuotingSurvivesQuotesAndSpaces() throws {
    let text = "it's a \"test\" $HOME"
    let result = try ChildProcess.capture(
      ["/bin/sh", "-c", "printf %s " + ChildProcess.shellQuoted(text)])
    #expect(result.standardOutput == text)
  }

  @Test func pollingGivesUpAfterItsDeadlineAndCount() {
    var calls = 0
    let held = Polling.until(seconds: 0.2, interval: 0.05) {
      calls += 1
      return false
    }
    #expect(!held)
    #expect(calls >= 1 && calls <= 6)
    #expect(Polling.until(seconds: 5) { true })
  }
}
