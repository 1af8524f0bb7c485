import CommandLineKit
import Foundation
import Preview
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

/// `--width`, `--height` and `--inspect` are one option group: the previewer and `gallery`
/// declare, check and apply them the same way.
@Suite("messagevisor-preview: frame options shared by the previewer and gallery")
struct PreviewFrameOptionsTests {
  @Test func thePreviewerAndGalleryDeclareTheFrameOptionsIdentically() throws {
    let program = PreviewCommandLine.program
    let gallery = try #require(program.subcommands.first { $0.name == "gallery" })
    for name in ["width", "height", "inspect"] {
      let own = program.options.first { $0.name == name }
      #expect(own != nil, "\(name)")
      #expect(own == gallery.options.first { $0.name == name }, "\(name)")
    }
  }

  @Test func bothTakeTheSameSizesAndRefuseTheSameOnes() throws {
    let size = ["--width", "60", "--height", "24", "--inspect"]
    let preview = try PreviewOptions.parse(["--print"] + size)
    let gallery = try GalleryOptions.parse(["--out", "o"] + size)
    #expect(preview.width == 60 && preview.height == 24 && preview.inspect)
    #expect(gallery.preview.width == 60 && gallery.preview.height == 24 && gallery.preview.inspect)
    for refused in [["--width", "19"], ["--height", "1001"]] {
      #expect(throws: PreviewOptionsError.self) { try PreviewOptions.parse(refused) }
      #expect(throws: PreviewOptionsError.self) {
        try GalleryOptions.parse(["--out", "o"] + refused)
      }
    }
  }
}
