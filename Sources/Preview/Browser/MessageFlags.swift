/// What the message browser notices about one message in the active locale and context.
public struct MessageFlags: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public var rawValue: UInt16

  /// Creates flags from raw bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

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
  public static let lint = MessageFlags(rawValue: 1 << 9)
  /// The active locale has no translation of its own: its base text is inherited from another
  /// locale (`inheritTranslationsFrom`).
  public static let inherited = MessageFlags(rawValue: 1 << 6)
  /// The active locale's translation was reviewed, and the source text changed since.
  public static let stale = MessageFlags(rawValue: 1 << 7)
  /// The active locale has its own translation (not the source locale's) that is not reviewed.
  public static let unreviewed = MessageFlags(rawValue: 1 << 8)

  /// One-letter markers for the list's flag column, in a fixed order (`M O D E ↑ L`; `I` in the
  /// first column for inherited text).
  public var markers: String {
    var text = ""
    text += contains(.missing) ? "M" : (contains(.inherited) ? "I" : "·")
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
    if contains(.inherited) { words.append("inherited") }
    if contains(.overridden) { words.append("overridden") }
    if contains(.deprecated) { words.append("deprecated") }
    if contains(.icuError) { words.append("ICU error") }
    if contains(.fromOTA) { words.append("from OTA") }
    if contains(.lint) { words.append("lint") }
    if contains(.stale) { words.append("stale review") }
    if contains(.unreviewed) { words.append("unreviewed") }
    return words
  }
}
