import CommandLineKit
import Foundation
import Testing

@testable import PreviewCLI

/// The man page and completions of `messagevisor-preview` come from the declarations its
/// arguments are parsed with, so every option of the previewer, `publish` and `gallery` is there.
@Suite("messagevisor-preview: generated man page and completions")
struct GeneratedPreviewDocumentationTests {
  @Test func everyOptionOfEveryCommandIsDocumentedAndCompleted() {
    let program = PreviewCommandLine.program
    let man = program.manPage(date: "2026-12-02")
    let bash = program.completionScript(for: .bash)
    let zsh = program.completionScript(for: .zsh)
    for command in program.allCommands where !command.hidden {
      for option in command.options where !option.hidden {
        let roff = option.spelling.replacingOccurrences(of: "-", with: "\\-")
        #expect(man.contains(roff), "man: \(command.fullName) \(option.spelling)")
        #expect(bash.contains(option.spelling), "bash: \(command.fullName) \(option.spelling)")
        #expect(zsh.contains("'\(option.spelling)"), "zsh: \(command.fullName) \(option.spelling)")
      }
    }
    // What --help documented by hand before it was generated: the cache location and exit codes.
    #expect(man.contains("XDG_CACHE_HOME") && man.contains("EXIT STATUS"))
    #expect(PreviewCommandLine.documentation(["--generate-man"])?.hasPrefix(".TH") == true)
    #expect(PreviewCommandLine.documentation(["--print"]) == nil)
  }
}
