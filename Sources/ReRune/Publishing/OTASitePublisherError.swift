import Foundation
import TerminalSafety

/// Why ``OTASitePublisher`` refused or failed to publish an edit.
///
/// Every case names what to fix: the file, the locale, the key or the offending character.
public enum OTASitePublisherError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The site directory does not exist or is not a directory.
  case siteNotFound(path: String)
  /// The site has no `manifest.json`.
  case manifestMissing(path: String)
  /// `manifest.json` is not a valid ReRune 0.4.0 manifest (`{"version": Int, "locales": {tag: {"version": Int, "url"?: String}}}`).
  case manifestMalformed(path: String, reason: String)
  /// The locale is not declared in the manifest; `known` lists the declared locales, sorted.
  case unknownLocale(String, known: [String])
  /// `--add-locale` named a locale the manifest already declares.
  case localeAlreadyDeclared(String)
  /// `--add-locale` named a locale key that cannot be a payload name (empty, `/`, `..`, NUL, too long).
  case invalidLocale(String)
  /// The message key is empty.
  case emptyKey
  /// The message key contains a character that cannot appear in a key (a control character).
  case invalidKey(String, reason: String)
  /// The value cannot be published (a control character, or unbalanced ICU braces).
  case invalidValue(key: String, reason: String)
  /// The locale's manifest entry points at a payload this publisher cannot edit in place
  /// (an absolute URL, or a path that leaves the site directory).
  case payloadNotLocal(locale: String, url: String)
  /// The locale payload exists but is not a String Catalog (`{"strings": {…}}` object).
  case payloadMalformed(path: String, reason: String)
  /// `remove` was asked for a key the locale's payload does not contain.
  case keyNotFound(locale: String, key: String, path: String)
  /// A version number cannot be bumped any further.
  case versionOverflow(path: String)
  /// Reading, writing, renaming or locking a file failed.
  case ioFailed(path: String, reason: String)

  /// A one-line message for people.
  public var description: String {
    switch self {
    case .siteNotFound(let path):
      return "OTA site not found: \(path) is not a directory"
    case .manifestMissing(let path):
      return "OTA site has no manifest: \(path) does not exist"
    case .manifestMalformed(let path, let reason):
      return "Malformed manifest \(path): \(reason)"
    case .unknownLocale(let locale, let known):
      let list = known.isEmpty ? "none" : known.map(Self.shown).joined(separator: ", ")
      return "Unknown locale \(Self.quoted(locale)); the manifest declares: \(list)"
    case .localeAlreadyDeclared(let locale):
      return "The manifest already declares \(Self.quoted(locale))"
    case .invalidLocale(let locale):
      return
        "Cannot add locale \(Self.quoted(locale)): a locale key must be non-empty, without '/', '\\', '..' or NUL"
    case .emptyKey:
      return "The message key is empty"
    case .invalidKey(let key, let reason):
      return "Invalid message key \(Self.quoted(key)): \(reason)"
    case .invalidValue(let key, let reason):
      return "Invalid value for \(Self.quoted(key)): \(reason)"
    case .payloadNotLocal(let locale, let url):
      return
        "The manifest entry for \(Self.shown(locale)) points at \(Self.shown(url)), which is not a file inside the site; "
        + "only relative payload URLs can be published locally"
    case .payloadMalformed(let path, let reason):
      return "Malformed payload \(path): \(reason)"
    case .keyNotFound(let locale, let key, let path):
      return
        "Cannot remove \(Self.quoted(key)): the \(Self.shown(locale)) payload \(path) does not contain it"
    case .versionOverflow(let path):
      return "Cannot bump the version in \(path): it is already the largest integer"
    case .ioFailed(let path, let reason):
      return "File error at \(path): \(reason)"
    }
  }

  /// `text` as it is when it is terminal-safe, else ``quoted(_:)``.
  static func shown(_ text: String) -> String {
    SafeText.unsafeScalars(in: text).isEmpty ? text : quoted(text)
  }

  /// `text` in quotes, every hidden or unsafe scalar spelt out (`SafeText.quoted`).
  static func quoted(_ text: String) -> String { SafeText.quoted(text) }

}
