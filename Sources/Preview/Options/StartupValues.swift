import CommandLineKit
import Foundation

/// Checks the start-up values (`--locale`, `--currency`, `--time-zone`, `--resources`,
/// `--cache-dir`) against what the project and the system offer: a bad value is a usage error
/// (exit 64) that lists what is valid; a locale that matches a loaded one case-insensitively or by
/// its language (`nl` → `nl-NL`) is taken with a note.
public enum StartupValues {
  /// The locale to start in for `requested` among `loaded`, and a note when it was adjusted.
  /// `pseudo` is the pseudo-locale the previewer adds (`en-XA`): `pseudo` and its identifier
  /// (in any case) select it, before any match by language (`en-XA` never becomes `en`).
  public static func locale(_ requested: String, loaded: [String], pseudo: String? = nil)
    throws(PreviewLauncher.Failure) -> (locale: String, note: String?)
  {
    if loaded.contains(requested) { return (requested, nil) }
    let wanted = normalized(requested)
    if let pseudo {
      if requested == PseudoLocale.alias || requested == pseudo { return (pseudo, nil) }
      if wanted == normalized(pseudo) {
        return (pseudo, "--locale \(requested): using the pseudo-locale \(pseudo)")
      }
    }
    if let match = loaded.first(where: { normalized($0) == wanted }) {
      return (match, "--locale \(requested): using the loaded locale \(match)")
    }
    let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
    let sameLanguage = loaded.filter {
      (normalized($0).split(separator: "-").first.map(String.init) ?? "") == language
    }
    // `nl` → the only `nl-*` locale; `pt-BR` → a language-only `pt`, never another region.
    if !language.isEmpty, !wanted.contains("-"), sameLanguage.count == 1 {
      return (
        sameLanguage[0],
        "--locale \(requested): using \(sameLanguage[0]), the loaded locale of that language"
      )
    }
    if let plain = loaded.first(where: { normalized($0) == language }) {
      return (plain, "--locale \(requested): using \(plain), the loaded locale of that language")
    }
    let candidates = loaded + (pseudo.map { [$0, PseudoLocale.alias] } ?? [])
    throw PreviewLauncher.Failure(
      description:
        "--locale \(requested): not a locale of this project"
        + Suggestion.didYouMean(requested, in: candidates) + "; loaded locales: "
        + loaded.joined(separator: ", ")
        + (pseudo.map { ", and the pseudo-locale \($0) (--locale pseudo)" } ?? ""),
      isUsageError: true)
  }

  /// The currency code for `requested` (ISO 4217, upper-cased with a note when typed otherwise).
  public static func currency(_ requested: String, examples: [String]) throws(PreviewLauncher
    .Failure)
    -> (currency: String, note: String?)
  {
    let upper = requested.uppercased()
    let known = Set(Locale.commonISOCurrencyCodes).union(examples)
    guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }), known.contains(upper)
    else {
      throw PreviewLauncher.Failure(
        description:
          "--currency \(requested.isEmpty ? "''" : requested): expected an ISO 4217 currency code such as "
          + examples.joined(separator: ", "),
        isUsageError: true)
    }
    return (upper, upper == requested ? nil : "--currency \(requested): using \(upper)")
  }

  /// The time zone for `requested`: an identifier the system knows (matched case-insensitively).
  public static func timeZone(_ requested: String, examples: [String]) throws(PreviewLauncher
    .Failure)
    -> (timeZone: String, note: String?)
  {
    if !requested.isEmpty, TimeZone(identifier: requested) != nil { return (requested, nil) }
    if let match = TimeZone.knownTimeZoneIdentifiers.first(where: {
      $0.lowercased() == requested.lowercased()
    }) {
      return (match, "--time-zone \(requested): using \(match)")
    }
    throw PreviewLauncher.Failure(
      description:
        "--time-zone \(requested.isEmpty ? "''" : requested): not a time zone this system knows; "
        + "use an IANA name such as \(examples.joined(separator: ", ")) "
        + "(the full list: /usr/share/zoneinfo)",
      isUsageError: true)
  }

  /// Fails unless `path` is a directory (`--resources`), naming the option.
  public static func directory(_ path: String, option: String, mayBeMissing: Bool = false)
    throws(PreviewLauncher.Failure)
  {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    if !exists && mayBeMissing { return }
    guard exists, isDirectory.boolValue else {
      throw PreviewLauncher.Failure(
        description:
          "\(option) \(path): "
          + (exists ? "is a file; expected a directory" : "no such directory"),
        isUsageError: true)
    }
  }

  static func normalized(_ tag: String) -> String {
    tag.replacingOccurrences(of: "_", with: "-").lowercased()
  }
}
