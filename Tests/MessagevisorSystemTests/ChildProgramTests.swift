import Foundation
import Testing

@testable import MessagevisorSystem

@Suite("Child programs run from library code")
struct ChildProgramTests {
  @Test func inputReachesTheProgramAndBothOutputsComeBackWhole() throws {
    let input = Array(String(repeating: "0123456789abcdef\n", count: 40_000).utf8)
    let output = try ChildProgram.run(
      ["sh", "-c", "cat; head -c 300000 /dev/zero >&2; exit 3"], input: input)
    #expect(output.status == 3)
    #expect(output.standardOutput == input)
    #expect(output.standardError.count == 300_000)
    #expect(!output.timedOut)
  }

  @Test func theEnvironmentIsAddedToThisProcesss() throws {
    let output = try ChildProgram.run(
      ["sh", "-c", "printf '%s %s' \"$CHILD_PROGRAM_TEST\" \"${PATH:+path}\""],
      environment: ["CHILD_PROGRAM_TEST": "set"])
    #expect(String(decoding: output.standardOutput, as: UTF8.self) == "set path")
  }

  @Test func aProgramThatExitsWithoutReadingItsInputDoesNotEndTheCaller() throws {
    let output = try ChildProgram.run(["true"], input: [UInt8](repeating: 65, count: 4 << 20))
    #expect(output.status == 0)
  }

  @Test func theTimeoutKillsTheProgramAndTheOutputLimitHolds() throws {
    let start = Date()
    let output = try ChildProgram.run(
      ["sh", "-c", "yes; sleep 30"], timeout: 0.5, outputLimit: 256)
    #expect(output.timedOut)
    #expect(output.status == 128 + SIGKILL)
    #expect(output.standardOutput.count == 256)
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test func aMissingProgramIsAStartError() {
    #expect(throws: ChildProgram.StartError(code: ENOENT)) {
      try ChildProgram.run(["messagevisor-no-such-program"])
    }
  }
}
