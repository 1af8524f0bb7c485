import ReRune

/// What the fault server publishes (Soak/fault-server.py): version V has the locales below, each with
/// keys `k00`…`k(n-1)` (n = 8 + V % 8) whose text is `vV L kNN #S`, plus `__keys` = n. The base
/// datafiles hold `base L kNN` for every key up to ``maxKeys``.
enum SoakContent {
  static let locales = ["en", "nl", "de-DE", "ja"]
  static let maxKeys = 16
  static let keys = (0..<maxKeys).map(key) + ["__keys"]

  static func key(_ index: Int) -> String { index < 10 ? "k0\(index)" : "k\(index)" }

  static func checksum(_ version: Int, _ locale: String, _ index: Int) -> Int {
    (version * 7919 + index * 104_729 + locale.utf8.reduce(0) { $0 + Int($1) } * 31) % 100_003
  }

  static func baseText(_ locale: String, _ key: String) -> String { "base \(locale) \(key)" }

  /// The version of a published text of `key` in `locale`, or `nil` when the text is not one.
  static func publishedVersion(_ text: String, locale: String, key: String) -> Int? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0].hasPrefix("v"), let version = Int(parts[0].dropFirst()),
      parts[1] == locale, parts[2] == key, parts[3].hasPrefix("#"),
      let sum = Int(parts[3].dropFirst()), key.hasPrefix("k"), let index = Int(key.dropFirst()),
      sum == checksum(version, locale, index)
    else { return nil }
    return version
  }

  /// Checks that `entries` are one complete published version of `locale`; returns the version or
  /// describes what is wrong.
  static func verifyCatalog(_ entries: [String: CatalogEntry], locale: String) -> Result<
    Int, SoakFailure
  > {
    guard let countText = entries["__keys"]?.value, let count = Int(countText),
      (8..<16).contains(count)
    else {
      return .failure(
        SoakFailure("\(locale): catalog without a valid __keys (\(entries.count) keys)"))
    }
    guard entries.count == count + 1 else {
      return .failure(
        SoakFailure("\(locale): partial catalog: \(entries.count - 1) of \(count) keys"))
    }
    var version: Int?
    for index in 0..<count {
      let name = key(index)
      guard let text = entries[name]?.value,
        let found = publishedVersion(text, locale: locale, key: name)
      else {
        return .failure(SoakFailure("\(locale): \(name) missing or not a published text"))
      }
      if let version, version != found {
        return .failure(SoakFailure("\(locale): mixes versions \(version) and \(found)"))
      }
      version = found
    }
    guard let version, 8 + version % 8 == count else {
      return .failure(SoakFailure("\(locale): __keys \(count) does not match the version"))
    }
    return .success(version)
  }

  /// Checks the translations of an engine datafile: the overlay keys of one complete version, the
  /// rest base texts (or all base texts before any overlay).
  static func verifyTranslations(_ translations: [String: String], locale: String) -> SoakFailure? {
    let overlay = translations["__keys"].flatMap { Int($0) }
    var version: Int?
    for index in 0..<maxKeys {
      let name = key(index)
      guard let text = translations[name] else {
        return SoakFailure("\(locale): datafile lacks \(name)")
      }
      if let overlay, index < overlay {
        guard let found = publishedVersion(text, locale: locale, key: name) else {
          return SoakFailure("\(locale): datafile \(name) is not a published text: \(text)")
        }
        if let version, version != found {
          return SoakFailure("\(locale): datafile mixes versions \(version) and \(found)")
        }
        version = found
      } else if text != baseText(locale, name) {
        return SoakFailure("\(locale): datafile \(name) should be the base text, is \(text)")
      }
    }
    if let overlay, let version, 8 + version % 8 != overlay {
      return SoakFailure("\(locale): datafile __keys \(overlay) does not match version \(version)")
    }
    return nil
  }

  /// Checks one translation: a base text or a published text of `key` in one of the locales.
  static func verifyText(_ text: String, key: String, locales: [String]) -> SoakFailure? {
    for locale in locales {
      if key == "__keys" {
        if text == "base" || Int(text).map({ (8..<16).contains($0) }) == true { return nil }
      } else if text == baseText(locale, key)
        || publishedVersion(text, locale: locale, key: key) != nil
      {
        return nil
      }
    }
    return SoakFailure("translation of \(key) is neither a base nor a published text: \(text)")
  }
}

/// An assertion that failed.
struct SoakFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
