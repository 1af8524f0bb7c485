/// What the message browser notices about one message in the active locale and context.
public struct MessageFlags: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public var rawValue: UInt8

  /// Creates flags from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The active locale has no translation (other locales of the target do).
  public static let missing = MessageFlags(rawValue: 1 << 0)
  /// An override matched in the current context and replaced the base translation.
  public static let overridden = MessageFlags(rawValue: 1 << 1)
  /// The message is marked deprecated.
  public static let deprecated = MessageFlags(rawValue: 1 << 2)
  /// The resolved text is not valid ICU MessageFormat.
  public static let icuError = MessageFlags(rawValue: 1 << 3)
  /// The text comes from the OTA overlay.
  public static let fromOTA = MessageFlags(rawValue: 1 << 4)
  /// The message has conditional overrides (matched or not).
  public static let hasOverrides = MessageFlags(rawValue: 1 << 5)
  /// `lint` reports the message at warning or above in the active locale.
  public static let lint = MessageFlags(rawValue: 1 << 7)

  /// One-letter markers for the list's flag column, in a fixed order (`M O D E ↑ L`).
  public var markers: String {
    var text = ""
    text += contains(.missing) ? "M" : "·"
    text += contains(.overridden) ? "O" : (contains(.hasOverrides) ? "o" : "·")
    text += contains(.deprecated) ? "D" : "·"
    text += contains(.icuError) ? "E" : "·"
    text += contains(.fromOTA) ? "↑" : "·"
    text += contains(.lint) ? "L" : "·"
    return text
  }

  /// The flags as words, for the detail view (`missing, overridden`).
  public var words: [String] {
    var words: [String] = []
    if contains(.missing) { words.append("missing") }
    if contains(.overridden) { words.append("overridden") }
    if contains(.deprecated) { words.append("deprecated") }
    if contains(.icuError) { words.append("ICU error") }
    if contains(.fromOTA) { words.append("from OTA") }
    if contains(.lint) { words.append("lint") }
    return words
  }
}
