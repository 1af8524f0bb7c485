import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift review`: previews a review status change for a locale, bound to a checksum
/// of what it read (`ReviewPlan`), and applies a preview only if nothing changed since.
enum ReviewCommand {
  /// Previews or applies; returns the exit status: 0 done, 1 the project changed since the
  /// preview, or a project, file or edit error, 2 a usage error (a locale that is not the
  /// project's, the source locale, missing options).
  static func run(_ command: ReviewCommandLine, output: CLIOutput) -> Int32 {
    let loading = command.project.commandOptions()
    if command.apply { return apply(command, project: loading, output: output) }
    guard let locale = command.locale, let status = command.status else {
      output.error("error: review needs --locale and --status (or --apply --input FILE)")
      return 2
    }
    let plan: ReviewPlan
    switch derive(loading, locale, status, command.message, output) {
    case .success(let derived): plan = derived
    case .failure(let failure): return failure.code
    }
    let root = loading.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    output.line(
      "Review preview: \(plan.changes.count) translation\(plan.changes.count == 1 ? "" : "s") of "
        + "\(locale) → \(status.rawValue) (checksum \(plan.checksum.prefix(12)))")
    for change in plan.changes {
      output.line(
        "  \(change.location)  \(change.set.map { "[\($0)] " } ?? "")\(change.displayKey)  "
          + "\(change.from) → \(change.to.rawValue)")
    }
    if !plan.skipped.isEmpty {
      output.line("Skipped \(plan.skipped.count):")
      for line in plan.skipped { output.line("  " + line) }
    }
    guard let outputPath = command.output else {
      output.line("Nothing written: add --output FILE to save the preview, then apply it.")
      return 0
    }
    do {
      try Data((plan.json() + "\n").utf8).write(
        to: URL(fileURLWithPath: outputPath), options: .atomic)
    } catch {
      output.error("error: \(outputPath): cannot write the preview (\(error.localizedDescription))")
      return 1
    }
    output.line(
      "Wrote \(outputPath); apply it with: messagevisor-swift review --apply --input \(outputPath)"
        + " --projectDirectoryPath \(root)")
    return 0
  }

  /// Applies the preview `--input` names, loaded as `loading` says.
  static func apply(
    _ command: ReviewCommandLine, project loading: ProjectCommandOptions, output: CLIOutput
  ) -> Int32 {
    guard let inputPath = command.input else {
      output.error(
        "error: review --apply needs --input FILE (a preview written by review --output)")
      return 2
    }
    guard let data = FileManager.default.contents(atPath: inputPath) else {
      output.error("error: --input \(inputPath): cannot read the file")
      return 2
    }
    let request: ReviewPlan.Request
    do {
      request = try ReviewPlan.request(from: Array(data), file: inputPath)
    } catch {
      output.error("error: \(error)")
      return 1
    }
    var project = loading
    project.set = request.set
    let plan: ReviewPlan
    switch derive(project, request.locale, request.status, request.messagePattern, output) {
    case .success(let derived): plan = derived
    case .failure(let failure): return failure.code
    }
    let root = project.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    do {
      try plan.check(against: request)
      let written = try plan.apply(root: root)
      output.line(
        "Applied \(plan.changes.count) change\(plan.changes.count == 1 ? "" : "s") "
          + "(\(request.locale) → \(request.status.rawValue)) in \(written.count) file"
          + (written.count == 1 ? "" : "s"))
      for change in plan.changes {
        output.line(
          "  \(change.location)  \(change.displayKey)  \(change.from) → \(change.to.rawValue)")
      }
      return 0
    } catch {
      output.error("error: \(error)")
      return 1
    }
  }

  /// Loads every set to visit and derives the plan; a failure is its exit status (reported).
  static func derive(
    _ project: ProjectCommandOptions, _ locale: String, _ status: TranslationReviewState.Status,
    _ pattern: String?, _ output: CLIOutput
  ) -> Result<ReviewPlan, ExitStatus> {
    var projects: [Project] = []
    for set in project.setsToVisit() {
      var setOptions = project
      setOptions.set = set
      do {
        projects.append(try setOptions.loadProject(output: output))
      } catch {
        output.error("error: \(error)")
        return .failure(ExitStatus(1))
      }
    }
    do {
      return .success(
        try ReviewPlan.derive(
          projects: projects, locale: locale, status: status, messagePattern: pattern,
          set: project.set))
    } catch {
      switch error {
      case .unknownLocale(let locale, let known, _):
        let suggestion = Suggestion.didYouMean(locale, in: known)
        output.error(
          "error: --locale \(locale): not a locale of the project\(suggestion); known: \(known.joined(separator: ", "))"
        )
        return .failure(ExitStatus(2))
      case .sourceLocale, .noSourceLocale:
        output.error("error: --locale \(locale): \(error)")
        return .failure(ExitStatus(2))
      default:
        output.error("error: \(error)")
        return .failure(ExitStatus(1))
      }
    }
  }

  /// An exit status carried as a failure.
  struct ExitStatus: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
  }
}
