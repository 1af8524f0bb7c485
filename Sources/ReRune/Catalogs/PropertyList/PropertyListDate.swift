import Foundation
import Messagevisor

/// The `<date>` text of XML property lists: `YYYY-MM-DDTHH:MM:SSZ` (UTC), as seconds since
/// 2001-01-01T00:00:00Z, the reference date binary property lists store.
enum PropertyListDate {
  /// Seconds from 1970-01-01 to 2001-01-01.
  static let referenceOffset: Double = 978_307_200

  /// Parses `2024-01-31T12:00:00Z`; nil for anything else (or an impossible date). The engine's
  /// `PortableDate` parses it; the length check keeps out what property lists do not write
  /// (fractions, offsets other than `Z`).
  static func seconds(iso8601 text: String) -> Double? {
    guard text.utf8.count == 20, let date = PortableDate.parse(text) else { return nil }
    return date.timeIntervalSince1970 - referenceOffset
  }
}
