import CommandLineKit
import MessagevisorProject

extension ProjectCommandLine {
  static let review = CommandSpec(
    "review",
    summary: "Preview a review status change for a locale, then apply it if nothing changed since",
    options: projectOptions + [
      .value("locale", "LOCALE", help: "The locale whose translations change (preview)"),
      .value(
        "status", "STATUS", kind: .choice(TranslationReviewState.Status.allCases.map(\.rawValue)),
        help: "The status they get: draft, translated or reviewed (preview)"),
      .value(
        "message", "PATTERN", help: "Only messages whose key matches this glob (* any characters)"),
      .value("output", "FILE", kind: .file, help: "Write the preview here (preview)"),
      .flag("apply", help: "Apply the preview named by --input"),
      .value("input", "FILE", kind: .file, help: "The preview to apply (with --apply)"),
    ],
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

  /// `review`: the parsed flags as ``ReviewCommand/Options``.
  static func runReview(
    _ spec: CommandSpec, _ parsed: ParsedArguments, project: ProjectCommandOptions,
    output: CLIOutput
  ) throws(CommandLineError) -> Int32 {
    var options = ReviewCommand.Options()
    options.project = project
    options.apply = parsed.flag("apply")
    options.inputPath = parsed["input"]
    options.locale = parsed["locale"]
    options.status = parsed["status"].flatMap(TranslationReviewState.Status.init(rawValue:))
    options.messagePattern = parsed["message"]
    options.outputPath = parsed["output"]
    if options.apply {
      guard options.inputPath != nil else {
        throw CommandLineError(
          .missing("--input FILE (the preview to apply)"), command: spec.fullName)
      }
      for name in ["locale", "status", "message", "output"] where parsed.has(name) {
        throw CommandLineError(.conflict("--apply", "--" + name), command: spec.fullName)
      }
    } else {
      if parsed.has("input") {
        throw CommandLineError(
          .missing("--apply (--input names a preview to apply)"), command: spec.fullName)
      }
      for name in ["locale", "status"] where !parsed.has(name) {
        throw CommandLineError(.missing("--\(name)"), command: spec.fullName)
      }
    }
    options.suggest = { Suggestion.closest(to: $0, in: $1) }
    return ReviewCommand.run(options, output: output)
  }
}
