import MessagevisorSystem

/// Asks the tmux server the previewer runs in for a global option (`tmux show-options -gv`),
/// through `ChildProgram` (no Foundation `Process`: no extra threads stay behind).
package enum TmuxOption {
  /// The option's value, or `nil` when tmux cannot be asked within a second.
  package static func value(_ name: String) -> String? {
    guard
      let output = try? ChildProgram.run(
        ["tmux", "show-options", "-gv", name], timeout: 1, outputLimit: 256),
      !output.timedOut, output.status == 0
    else { return nil }
    return String(decoding: output.standardOutput, as: UTF8.self)
  }
}
