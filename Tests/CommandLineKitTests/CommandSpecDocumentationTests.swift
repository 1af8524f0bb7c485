import Testing

@testable import CommandLineKit

@Suite("CommandSpec: help, man page and completions from the declarations")
struct CommandSpecDocumentationTests {
  static let program = CommandSpecParseTests.program

  @Test func subcommandHelpListsItsOptionsAndItsFullName() {
    let check = Self.program.route(["ota", "check"]).command
    let help = check.helpText
    #expect(help.hasPrefix("tool ota check — Run one check."))
    for option in check.options {
      #expect(help.contains(option.spelling), "\(option.spelling) missing from\n\(help)")
    }
    #expect(help.contains("-n, --n COUNT"))
    #expect(help.contains("--device D") && help.contains("(iphone, ipad, other)"))
    let ota = Self.program.route(["ota"]).command.helpText
    #expect(ota.contains("COMMANDS") && ota.contains("check") && ota.contains("Validate a site."))
    #expect(ota.contains("tool ota <command> [options]"))
  }

  @Test func hiddenOptionsStayOutOfHelp() {
    let help = Self.program.helpText
    #expect(!help.contains("generate-man"))
    #expect(!help.contains("generate-completions"))
  }

  @Test func sectionsAndExamplesAreShown() {
    let spec = CommandSpec(
      "x", summary: "s", sections: [HelpSection("Exit status", "0 ok\n1 failed")],
      examples: ["x --json"])
    #expect(spec.helpText.contains("EXIT STATUS\n  0 ok\n  1 failed"))
    #expect(spec.helpText.contains("EXAMPLES\n  x --json"))
    #expect(spec.manPage(date: "d").contains(".SH EXIT STATUS"))
  }

  @Test func manPageHasEveryCommandAndOption() {
    let man = Self.program.manPage(date: "2026-12-02")
    #expect(man.hasPrefix(".TH \"TOOL\" 1 \"2026\\-12\\-02\""))
    for command in Self.program.allCommands.dropFirst() {
      #expect(man.contains(".SS " + CommandSpec.roff(command.fullName)))
      for option in command.options where !option.hidden {
        #expect(man.contains(CommandSpec.roff(option.spelling)), "\(option.spelling)")
      }
    }
    #expect(!man.contains("generate\\-man"))
  }

  @Test(arguments: CompletionShell.allCases)
  func completionsHaveEveryCommandOptionAndChoice(shell: CompletionShell) {
    let script = Self.program.completionScript(for: shell)
    for command in Self.program.allCommands {
      #expect(script.contains(command.name))
      for option in command.options where !option.hidden {
        #expect(script.contains(option.spelling), "\(shell): \(option.spelling)")
      }
    }
    #expect(script.contains("iphone ipad other"))
    #expect(!script.contains("generate-man"))
  }

  @Test func documentationOptionsPrintManAndCompletions() throws {
    let man = try Self.program.parse(["--generate-man"])
    #expect(Self.program.documentation(for: man, date: "d") == Self.program.manPage(date: "d"))
    let zsh = try Self.program.parse(["--generate-completions", "zsh"])
    #expect(Self.program.documentation(for: zsh, date: "d")?.hasPrefix("#compdef tool") == true)
    #expect(Self.program.documentation(for: ParsedArguments(), date: "d") == nil)
  }

  @Test func roffAndZshEscaping() {
    #expect(CommandSpec.roff(".x -y \\z") == "\\&.x \\-y \\ez")
    #expect(CommandSpec.zshEscape("a[b]:c'd") == "a\\[b\\]\\:c'\\''d")
  }
}
