import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift review`: preview a review status change, then apply it.
struct ReviewCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "review",
    summary: "Preview a review status change for a locale, then apply it if nothing changed since",
    sections: [
      HelpSection(
        "How it works",
        """
        review --locale L --status S --output FILE lists each translation of L (the message's and
        its overrides') whose status is not S and writes the change to FILE with the SHA-256 of
        every file it read. review --apply --input FILE derives the change again and writes it
        only when those files are unchanged (else it names what changed and writes nothing).
        Reviewed records translationStates.<L> = {status, sourceHash, targetHash} (SHA-256 of the
        source-locale text and of the translation); draft and translated set only the status.
        Only the state's lines change: comments, quoting and layout stay. Editing reviewed copy
        (in the previewer, or by import) sets it back to translated.
        """),
      HelpSection(
        "Exit status",
        "0 previewed or applied · 1 the project changed since the preview, or an error · 2 usage error"
      ),
    ],
    examples: [
      "messagevisor-swift review --projectDirectoryPath=path/to/project --locale nl-NL --status reviewed --output review.json",
      "messagevisor-swift review --projectDirectoryPath=path/to/project --apply --input review.json",
    ])

  @OptionGroup var project: ProjectOptions
  @Option(name: "locale", value: "LOCALE", help: "The locale whose translations change (preview)")
  var locale: String?
  @Option(
    name: "status", value: "STATUS",
    help: "The status they get: draft, translated or reviewed (preview)")
  var status: TranslationReviewState.Status?
  @Option(
    name: "message", value: "PATTERN",
    help: "Only messages whose key matches this glob (* any characters)")
  var message: String?
  @Option(name: "output", value: "FILE", kind: .file, help: "Write the preview here (preview)")
  var output: String?
  @Flag(name: "apply", help: "Apply the preview named by --input") var apply: Bool
  @Option(name: "input", value: "FILE", kind: .file, help: "The preview to apply (with --apply)")
  var input: String?

  func validate() throws(CommandLineError) {
    try project.checkSet()
    let preview: [(String, Bool)] = [
      ("locale", locale != nil), ("status", status != nil), ("message", message != nil),
      ("output", output != nil),
    ]
    if apply {
      guard input != nil else {
        throw CommandLineError(.missing("--input FILE (the preview to apply)"))
      }
      for (name, given) in preview where given {
        throw CommandLineError(.conflict("--apply", "--" + name))
      }
    } else {
      if input != nil {
        throw CommandLineError(.missing("--apply (--input names a preview to apply)"))
      }
      for (name, given) in preview.prefix(2) where !given {
        throw CommandLineError(.missing("--\(name)"))
      }
    }
  }

  func run(_ output: CLIOutput) -> Int32 { ReviewCommand.run(self, output: output) }
}
