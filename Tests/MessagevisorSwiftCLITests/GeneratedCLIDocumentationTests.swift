import CommandLineKit
import Foundation
import MessagevisorProject
import Testing

@testable import MessagevisorSwiftCLI

/// The man page and completions of `messagevisor-swift` come from the declarations its
/// arguments are parsed with, so every option of every command is in them.
@Suite("messagevisor-swift: generated man page and completions")
struct GeneratedCLIDocumentationTests {
  static let program = MessagevisorCLI.program

  @Test func everyOptionOfEveryCommandIsDocumentedAndCompleted() {
    let man = Self.program.manPage(date: "2026-12-02")
    let bash = Self.program.completionScript(for: .bash)
    let zsh = Self.program.completionScript(for: .zsh)
    for command in Self.program.allCommands where !command.hidden {
      #expect(man.contains(command.fullName.replacingOccurrences(of: "-", with: "\\-")))
      #expect(command.helpText.contains("USAGE"))
      for option in command.options where !option.hidden {
        let roff = option.spelling.replacingOccurrences(of: "-", with: "\\-")
        #expect(man.contains(roff), "man: \(command.fullName) \(option.spelling)")
        #expect(bash.contains(option.spelling), "bash: \(command.fullName) \(option.spelling)")
        // zsh marks a repeatable option `*--name`.
        let zshSpelling = (option.repeats ? "'*" : "'") + option.spelling
        #expect(zsh.contains(zshSpelling), "zsh: \(command.fullName) \(option.spelling)")
        #expect(command.helpText.contains(option.spelling), "help: \(command.fullName)")
      }
    }
    #expect(man.contains("EXIT STATUS") && man.contains("every locale payload"))
  }

  @Test func theHiddenOptionsPrintThem() {
    let man = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["--generate-man"], output: man) == 0)
    #expect(man.standardOutput.hasPrefix(".TH \"MESSAGEVISOR\\-SWIFT\" 1"))
    let bash = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["--generate-completions", "bash"], output: bash) == 0)
    #expect(bash.standardOutput.contains("complete -F _messagevisor_swift messagevisor-swift"))
    let bad = CLIOutput(capture: true)
    #expect(MessagevisorCLI.run(["--generate-completions", "fish"], output: bad) == 2)
    #expect(bad.standardError.contains("expected one of bash, zsh"))
  }
}
