import Foundation

/// Runs `body` in a fresh temporary directory named after `label`, removed afterwards.
func inTemporaryDirectory(_ label: String, _ body: (String) throws -> Void) throws {
  let directory = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  try body(directory)
}
