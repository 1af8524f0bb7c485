/// A non-fatal note about one catalog entry: the entry was skipped (it cannot be used) or withheld
/// (the serving policy does not serve its state); lookups fall back to the bundled or project text.
public struct CatalogDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Why the entry is not served.
  public enum Reason: String, Sendable, Equatable, Codable {
    /// The localization cannot be used (malformed structure, format or plural rule).
    case invalid
    /// The localization is valid but its state is not served (see ``CatalogStatePolicy``).
    case withheld
  }

  /// The entry's key.
  public var key: String
  /// The localization's locale, if the note is about one localization.
  public var locale: String?
  /// What happened (for invalid entries: the full `file:line:column: keyPath: message` text).
  public var message: String
  /// Why the entry is not served.
  public var reason: Reason
  /// The file (or label such as `payload de`) the entry came from.
  public var file: String?
  /// The 1-based line of the offending node, when known.
  public var line: Int?
  /// The 1-based column of the offending node, when known.
  public var column: Int?

  /// Creates a diagnostic.
  public init(
    key: String, locale: String?, message: String, reason: Reason = .invalid,
    file: String? = nil, line: Int? = nil, column: Int? = nil
  ) {
    self.key = key
    self.locale = locale
    self.message = message
    self.reason = reason
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line` when known (else the file, else empty).
  public var location: String {
    guard let file else { return "" }
    guard let line else { return file }
    return "\(file):\(line)"
  }

  /// `key [locale]: message`.
  public var description: String {
    "\(key)\(locale.map { " [\($0)]" } ?? ""): \(message)"
  }
}
