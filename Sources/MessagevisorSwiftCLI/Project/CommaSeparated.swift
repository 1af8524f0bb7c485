import Foundation

/// Splits a comma-separated option value into its trimmed, non-empty items.
func commaSeparated(_ text: String) -> [String] {
  text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
    !$0.isEmpty
  }
}
