/// Which messages and locales an export (or import) covers.
public struct ExchangeSelection: Sendable, Equatable {
  /// The locales, in column order (empty: the target's locales, else every locale, the source
  /// locale first).
  public var locales: [String] = []
  /// Only messages this target includes, and its locales.
  public var target: String?
  /// Message key globs to include (empty: every message).
  public var include: [String] = []
  /// Message key globs to exclude.
  public var exclude: [String] = []
  /// Only rows where a selected locale is missing (no own or inherited text).
  public var onlyUntranslated = false
  /// Only rows where a selected locale has no own text (inherited or missing).
  public var onlyDirectlyUntranslated = false

  /// Creates a selection of every message and locale.
  public init() {}
}
