import Foundation

/// Minimal stderr writer for the executable.
enum FileHandleOutput {
  /// Writes a line to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
