import Foundation
import Messagevisor

/// An example value a screen file passes to a message's placeholder (`values:` in a block).
///
/// Literals are written as YAML scalars; dynamic values as `$name` strings or one-key mappings
/// (see `docs/preview-screens.md`).
public enum ScreenValue: Sendable, Equatable {
  /// A literal: string, number or boolean (`price: 9.99`). A string that starts with `$` is written `$$…`.
  case literal(MessagevisorValue)
  /// `$now`, or `{now: "-5m"}`: the current time plus an offset in seconds.
  case now(offset: TimeInterval)
  /// `{date: "2027-01-01T12:00:00Z"}`: a fixed date.
  case date(Date)
  /// `$lastSync`: when the strings were last synced (the last OTA check, else the start).
  case lastSync
  /// `$currency`: the active currency code.
  case currency
  /// `$locale`: the active locale.
  case locale
  /// `$timeZone`: the active time zone identifier.
  case timeZone
  /// `$context.NAME`: a value of the instance context (`null` when unset).
  case context(String)
  /// `{message: KEY}`: another message's text in the active locale.
  case message(String)
  /// `{list: [KEY, …]}`: the messages' texts joined by the engine's list format.
  case list([String])
  /// `{relativeTime: $lastSync, unit: minute, preset: ago}`: the distance from now to a date in
  /// whole units, formatted by the engine.
  indirect case relativeTime(ScreenValue, unit: String, preset: String?)

  /// The message keys this value reads (for `{message:}` and `{list:}`).
  public var messageKeys: [String] {
    switch self {
    case .message(let key): return [key]
    case .list(let keys): return keys
    case .relativeTime(let inner, _, _): return inner.messageKeys
    default: return []
    }
  }

  /// The relative-time units `{relativeTime:}` accepts.
  public static let relativeTimeUnits: [String] = [
    "second", "minute", "hour", "day", "week", "month", "quarter", "year",
  ]

  /// Parses an offset such as `-5m`, `+2d`, `30s`, `1h` or `0` into seconds.
  public static func offset(_ text: String) -> TimeInterval? {
    var body = Substring(text.trimmingCharacters(in: .whitespaces))
    var sign: Double = 1
    if body.first == "-" {
      sign = -1
      body = body.dropFirst()
    } else if body.first == "+" {
      body = body.dropFirst()
    }
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
    if let last = body.last, let unit = units[last] {
      guard let number = Double(body.dropLast()), number.isFinite else { return nil }
      return sign * number * unit
    }
    guard let number = Double(body), number.isFinite else { return nil }
    return sign * number
  }
}
