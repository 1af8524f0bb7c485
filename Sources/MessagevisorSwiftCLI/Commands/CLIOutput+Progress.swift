import MessagevisorProject
import TerminalSafety

extension CLIOutput {
  /// Shows a progress line on standard error when it is a terminal and the command has run
  /// longer than a second (`ProgressReporter`); never when capturing. Commands call it only
  /// without `--json`.
  public func progress(_ label: String, done: Int, total: Int) {
    reporter.update(label, done: done, total: total)
  }

  /// Erases the progress line, if one is shown.
  public func finishProgress() {
    reporter.finish()
  }
}
