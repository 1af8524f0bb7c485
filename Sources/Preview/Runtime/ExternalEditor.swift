import Foundation

/// The user's text editor for `o`: `$VISUAL`, else `$EDITOR`, else `vi`, run through `/bin/sh`
/// (so a value with arguments such as `code --wait` works) as `EDITOR +LINE FILE`.
struct ExternalEditor {
  /// The command as configured.
  var command: String

  /// The editor the environment names.
  init(environment: [String: String]) {
    let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    command = named ?? "vi"
  }

  /// Runs the editor on `file` at `line` on the terminal and waits for it; returns `nil` when it
  /// exited with status 0, else what went wrong.
  func open(_ file: String, line: Int) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " \"$@\"", "sh", "+\(max(line, 1))", file]
    do {
      try process.run()
    } catch {
      return "cannot run the editor (\(command)): \(error.localizedDescription)"
    }
    process.waitUntilExit()
    guard process.terminationStatus != 0 else { return nil }
    let how =
      process.terminationReason == .uncaughtSignal
      ? "was killed by signal \(process.terminationStatus)"
      : "exited with status \(process.terminationStatus)"
    return "the editor \(how); the file is as it left it (editor: \(command))"
  }
}
