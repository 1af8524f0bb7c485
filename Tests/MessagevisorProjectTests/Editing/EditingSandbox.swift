import Foundation
import MessagevisorProject

/// A temporary directory with real message files for the editing tests; removed with the value.
final class EditingSandbox {
  /// The directory.
  let directory: String

  init() {
    directory = NSTemporaryDirectory() + "mv-editing-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Writes `text` to `name` in the directory and returns the file's path.
  func write(_ text: String, to name: String = "message.yml") throws -> String {
    let path = directory + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The file's text now.
  func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  /// The names in the directory (to see that no temporary file is left behind).
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  /// Writes `original` to a file, saves `text` at `path` the way the editor does (read, splice,
  /// atomic write, ``MessageFileEditor/save(_:at:over:)``) and returns the file's text afterwards.
  func saving(_ text: String, at path: TranslationPath, in original: String) throws -> String {
    let file = try write(original)
    try MessageFileEditor(file: "message.yml").save(
      text, at: path, over: try AtomicFileWriter.read(file))
    return try self.text(file)
  }
}
