import Foundation
import TerminalSafety

/// A locale's name in the locale itself (`nl-NL` → `Nederlands (Nederland)`, `ar` → `العربية`,
/// `ja-JP` → `日本語 (日本)`), as the locale picker shows it beside the code: Foundation's
/// `Locale.localizedString(forIdentifier:)` asked in that same locale, neutralized for the
/// terminal.
enum LocaleOwnName {
  /// The name, or `nil` when Foundation has none (or only the code back) or for the
  /// pseudo-locale (the picker says `pseudo` instead).
  static func of(_ code: String) -> String? {
    guard !PseudoLocale.isPseudo(code), !code.isEmpty else { return nil }
    let identifier = code.replacingOccurrences(of: "_", with: "-")
    guard let name = Locale(identifier: identifier).localizedString(forIdentifier: identifier),
      !name.isEmpty, name.lowercased() != identifier.lowercased()
    else { return nil }
    return SafeText.neutralized(name)
  }
}
