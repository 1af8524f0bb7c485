import Foundation

/// Asks the tmux server the previewer runs in for a global option (`tmux show-options -gv`).
enum TmuxOption {
  /// The option's value, or `nil` when tmux cannot be asked within a second.
  static func value(_ name: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "show-options", "-gv", name]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(1)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    guard process.terminationStatus == 0 else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data.prefix(256), as: UTF8.self)
  }
}
