import Foundation

/// Relative-time formatting compiled from a locale and `Intl.RelativeTimeFormat` options.
struct RelativePlan: Sendable {
  var formatter: ICUBridge.RelativeFormatter?
  var numeric: Bool
  var notes: [UnsupportedFormatterNote]

  static func make(locale: String, options: FormatOptions) throws(FormatFailure) -> RelativePlan {
    var reader = OptionReader(options, formatter: "relativeTime")
    let numeric = try reader.string("numeric", ["always", "auto"]) ?? "always"
    let style = try reader.string("style", ["long", "short", "narrow"]) ?? "long"
    let numberingSystem = try reader.string("numberingSystem")
    _ = try reader.string("localeMatcher", ["lookup", "best fit"])
    let resolved = try LocaleResolver.locale(locale, numberingSystem: numberingSystem)
    let width: Int32 =
      switch style {
      case "short": 1
      case "narrow": 2
      default: 0
      }
    let identifier = Locale.identifier(.icu, from: resolved.identifier)
    let formatter = ICUBridge.RelativeFormatter(locale: identifier, width: width)
    if formatter == nil {
      reader.note(
        "relativeTime",
        "No relative-time formatter is available on this platform; a plain form is used")
    }
    return RelativePlan(formatter: formatter, numeric: numeric == "always", notes: reader.notes)
  }

  /// URelativeDateTimeUnit for a calendar component.
  static func unit(_ component: Calendar.Component) throws(FormatFailure) -> (Int32, String) {
    switch component {
    case .year, .yearForWeekOfYear: return (0, "year")
    case .quarter: return (1, "quarter")
    case .month: return (2, "month")
    case .weekOfYear, .weekOfMonth: return (3, "week")
    case .day: return (4, "day")
    case .hour: return (5, "hour")
    case .minute: return (6, "minute")
    case .second: return (7, "second")
    default:
      throw .invalidOptions(
        "relativeTime unit must be year, quarter, month, week, day, hour, minute or second; got \(component)"
      )
    }
  }

  func format(_ value: Double, unit component: Calendar.Component) throws(FormatFailure) -> String {
    let (unit, name) = try Self.unit(component)
    if let formatter, let text = formatter.format(value, unit: unit, numeric: numeric) {
      return text
    }
    let magnitude =
      value.magnitude < 1e15 && value.magnitude == value.magnitude.rounded()
      ? String(Int(value.magnitude)) : String(value.magnitude)
    return value < 0 ? "\(magnitude) \(name)s ago" : "in \(magnitude) \(name)s"
  }
}

/// List formatting compiled from a locale and `Intl.ListFormat` options.
struct ListPlan: @unchecked Sendable {
  var style: ListFormatStyle<StringStyle, [String]>?
  var unitFormatter: ICUBridge.ListFormatter?
  var notes: [UnsupportedFormatterNote]

  struct StringStyle: FormatStyle {
    func format(_ value: String) -> String { value }
  }

  static func make(locale: String, options: FormatOptions) throws(FormatFailure) -> ListPlan {
    var reader = OptionReader(options, formatter: "list")
    let type = try reader.string("type", ["conjunction", "disjunction", "unit"]) ?? "conjunction"
    let style = try reader.string("style", ["long", "short", "narrow"]) ?? "long"
    _ = try reader.string("localeMatcher", ["lookup", "best fit"])
    let width: ListFormatStyle<StringStyle, [String]>.Width =
      switch style {
      case "short": .short
      case "narrow": .narrow
      default: .standard
      }
    if type == "unit" {
      let widthCode: Int32 = style == "short" ? 1 : (style == "narrow" ? 2 : 0)
      let identifier = Locale.identifier(.icu, from: locale)
      if let formatter = ICUBridge.ListFormatter(locale: identifier, type: 2, width: widthCode) {
        return ListPlan(style: nil, unitFormatter: formatter, notes: reader.notes)
      }
      reader.note(
        "type", "The unit list type is not available on this platform; a conjunction list is used")
    }
    var listStyle = ListFormatStyle<StringStyle, [String]>(memberStyle: StringStyle())
    listStyle.listType = type == "disjunction" ? .or : .and
    listStyle.width = width
    listStyle.locale = Locale(identifier: locale)
    return ListPlan(style: listStyle, unitFormatter: nil, notes: reader.notes)
  }

  func format(_ values: [String]) -> String {
    if let unitFormatter, let text = unitFormatter.format(values) { return text }
    return style?.format(values) ?? values.joined(separator: ", ")
  }
}
