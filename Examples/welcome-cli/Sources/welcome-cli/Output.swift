import Foundation
import TerminalSafety

/// Prints the app's lines. Translations come from files and over the air, so every text goes
/// through `SafeText` before it reaches the terminal.
enum Output {
  /// A section heading.
  static func section(_ title: String) {
    print("== \(title)")
  }

  /// One result: `label: text`.
  static func line(_ label: String, _ text: String) {
    print("\(SafeText.neutralized(label)): \(SafeText.neutralized(text))")
  }

  /// A note on standard error (diagnostics, errors), so standard output holds only the results.
  static func note(_ text: String) {
    let safe = SafeText.neutralized(text, keepingLineBreaks: true)
    FileHandle.standardError.write(Data((safe + "\n").utf8))
  }
}
