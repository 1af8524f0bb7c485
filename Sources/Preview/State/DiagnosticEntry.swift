/// One diagnostic as the panel shows it; repeats of the same diagnostic are counted, not duplicated.
public struct DiagnosticEntry: Sendable, Equatable {
  /// A stable sequence number (the order the first occurrence arrived in).
  public var id: Int
  /// The level.
  public var level: DiagnosticLevel
  /// The stable diagnostic code, e.g. `missing_translation`.
  public var code: String
  /// The engine's message.
  public var message: String
  /// The details dictionary rendered as `key: value` strings, sorted by key.
  public var details: [(key: String, value: String)]
  /// The module that reported it, if any.
  public var module: String?
  /// The original Swift error's description, if one was attached.
  public var originalError: String?
  /// How many times this diagnostic arrived.
  public var count: Int

  /// Creates an entry.
  public init(
    id: Int, level: DiagnosticLevel, code: String, message: String,
    details: [(key: String, value: String)] = [], module: String? = nil,
    originalError: String? = nil, count: Int = 1
  ) {
    self.id = id
    self.level = level
    self.code = code
    self.message = message
    self.details = details
    self.module = module
    self.originalError = originalError
    self.count = count
  }

  /// The value of a detail, if present.
  public func detail(_ key: String) -> String? {
    details.first { $0.key == key }?.value
  }

  /// A short subject for the one-line view: the message key and locale when the details have them.
  public var subject: String {
    var parts: [String] = []
    if let key = detail("messageKey") ?? detail("key") { parts.append(key) }
    if let locale = detail("locale") { parts.append("(\(locale))") }
    // Rows that differ only by the matched override must not look like duplicates.
    if let override = detail("overrideKey") { parts.append("override \(override)") }
    return parts.isEmpty ? message : parts.joined(separator: " ")
  }

  /// Whether two entries describe the same diagnostic (ignoring id and count).
  public func sameDiagnostic(as other: DiagnosticEntry) -> Bool {
    // Cheapest fields first, and the details compared in place: the panel compares each new
    // diagnostic with up to `diagnosticsLimit` kept ones (mapping the details allocated four arrays
    // per comparison).
    code == other.code && level == other.level && message == other.message
      && details.count == other.details.count && module == other.module
      && originalError == other.originalError
      && details.elementsEqual(other.details) { $0.key == $1.key && $0.value == $1.value }
  }

  /// Compares every field, including id and count.
  public static func == (lhs: DiagnosticEntry, rhs: DiagnosticEntry) -> Bool {
    lhs.id == rhs.id && lhs.count == rhs.count && lhs.sameDiagnostic(as: rhs)
  }
}
