import Foundation
import TestSupport
import Testing

/// The real `messagevisor-swift lint` on a terminal (a pty from `script`): colour there, none
/// under `NO_COLOR`, none in a pipe (LintOutputTests).
@Suite(.serialized) struct LintTerminalTests {
  static func onTerminal(_ binary: URL, _ project: String, noColor: Bool) throws -> String {
    let environment = noColor ? "env TERM=xterm NO_COLOR=1" : "env -u NO_COLOR TERM=xterm"
    let command = "\(environment) '\(binary.path)' lint --projectDirectoryPath '\(project)'"
    let result = try ChildProcess.capture(
      ["/usr/bin/script", "-qec", command, "/dev/null"], timeout: 120)
    return result.standardOutput
  }

  @Test func lintColoursItsTextOnATerminalAndNotUnderNoColor() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      let binary = HostileProjectCLITests.binary
    else { return }
    let project = LintOutputTests.broken()
    let coloured = try Self.onTerminal(binary, project.path, noColor: false)
    #expect(coloured.contains("\u{1B}[31merror"))
    #expect(coloured.contains("select_without_other"))
    let plain = try Self.onTerminal(binary, project.path, noColor: true)
    #expect(plain.contains("select_without_other"))
    #expect(!plain.contains("\u{1B}"))
  }
}
