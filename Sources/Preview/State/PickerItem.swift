import Foundation

/// One row of a value picker: the value it applies and how the row reads.
public struct PickerItem: Sendable, Equatable {
  /// The value applied when the row is chosen (an ISO 4217 code or a time zone identifier).
  public var value: String
  /// The row's leading column (the code, or the zone's current offset such as `UTC+05:30`).
  public var label: String
  /// The row's text after the label (the currency's name, or the zone identifier).
  public var detail: String
  /// Other names the row stands for (equivalent time zones); the filter matches them too.
  public var aliases: [String]
  /// Whether the project (or the previewer's own cycle) offers this value: such rows come first.
  public var isSuggested: Bool

  /// Creates a row.
  public init(
    value: String, label: String, detail: String, aliases: [String] = [],
    isSuggested: Bool = false
  ) {
    self.value = value
    self.label = label
    self.detail = detail
    self.aliases = aliases
    self.isSuggested = isSuggested
  }

  /// Whether every word of `query` occurs in the value, label, detail or an alias (ignoring case
  /// and diacritics).
  public func matches(_ query: String) -> Bool {
    let words = query.split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty else { return true }
    let haystack = ([value, label, detail] + aliases).joined(separator: " ")
    return words.allSatisfy {
      haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }

  /// The first alias `query` matches when the row's own texts do not (shown beside the row so
  /// that the filter's hit is visible).
  public func matchedAlias(_ query: String) -> String? {
    guard !query.isEmpty else { return nil }
    let own = PickerItem(value: value, label: label, detail: detail)
    if own.matches(query) { return nil }
    return aliases.first { PickerItem(value: $0, label: "", detail: "").matches(query) }
  }
}
