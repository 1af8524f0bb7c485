/// Named format presets by family: each family maps a preset name to an ECMA-402-style option bag.
public struct FormatPresets: Sendable, Equatable, Hashable, Codable {
  /// Number presets (`Intl.NumberFormat` options).
  public var number: [String: FormatOptions]?
  /// Date presets (`Intl.DateTimeFormat` options).
  public var date: [String: FormatOptions]?
  /// Time presets (`Intl.DateTimeFormat` options).
  public var time: [String: FormatOptions]?
  /// Relative-time presets (`Intl.RelativeTimeFormat` options).
  public var relative: [String: FormatOptions]?
  /// Date-time range presets (`Intl.DateTimeFormat` options used with `formatRange`).
  public var dateTimeRange: [String: FormatOptions]?

  /// Creates presets; omitted families stay `nil`.
  public init(
    number: [String: FormatOptions]? = nil,
    date: [String: FormatOptions]? = nil,
    time: [String: FormatOptions]? = nil,
    relative: [String: FormatOptions]? = nil,
    dateTimeRange: [String: FormatOptions]? = nil
  ) {
    self.number = number
    self.date = date
    self.time = time
    self.relative = relative
    self.dateTimeRange = dateTimeRange
  }
}
