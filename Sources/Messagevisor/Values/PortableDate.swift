import Foundation

/// Parses and prints the portable ISO 8601 date-time form used by conditions and formatting values:
/// `YYYY-MM-DDTHH:MM:SS`, an optional `.` with fraction digits, then `Z` or `±HH:MM`.
public enum PortableDate {
  /// Parses `text` as a portable date-time, accepting at most `maxFractionDigits` fraction digits
  /// (conditions use 3, formatting values 9). Date-only strings and anything else give `nil`.
  public static func parse(_ text: String, maxFractionDigits: Int = 3) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0

    func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let byte = bytes[index + offset]
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += count
      return value
    }
    func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
      expect(84), let hour = digits(2), expect(58), let minute = digits(2), expect(58),
      let second = digits(2)
    else { return nil }
    guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59
    else { return nil }

    var fraction = 0.0
    if index < bytes.count, bytes[index] == 46 {
      index += 1
      let start = index
      var scale = 0.1
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
        fraction += Double(bytes[index] - 48) * scale
        scale /= 10
        index += 1
      }
      let count = index - start
      guard count >= 1, count <= maxFractionDigits else { return nil }
    }

    var offsetSeconds = 0
    guard index < bytes.count else { return nil }
    if bytes[index] == 90 {
      index += 1
    } else if bytes[index] == 43 || bytes[index] == 45 {
      let sign = bytes[index] == 45 ? -1 : 1
      index += 1
      guard let offsetHours = digits(2), expect(58), let offsetMinutes = digits(2),
        offsetHours <= 23, offsetMinutes <= 59
      else { return nil }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }

    guard let days = daysFromCivil(year: year, month: month, day: day) else { return nil }
    let seconds =
      Double(days) * 86400 + Double(hour * 3600 + minute * 60 + second) + fraction
      - Double(offsetSeconds)
    return Date(timeIntervalSince1970: seconds)
  }

  /// Prints `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC, the form JavaScript's `toISOString` uses.
  public static func isoString(_ date: Date) -> String {
    let totalMillis = (date.timeIntervalSince1970 * 1000).rounded(.down)
    var days = Int((totalMillis / 86_400_000).rounded(.down))
    var millisOfDay = Int(totalMillis - Double(days) * 86_400_000)
    if millisOfDay < 0 {
      millisOfDay += 86_400_000
      days -= 1
    }
    let (year, month, day) = civilFromDays(days)
    let hour = millisOfDay / 3_600_000
    let minute = (millisOfDay / 60_000) % 60
    let second = (millisOfDay / 1000) % 60
    let millis = millisOfDay % 1000
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    let yearText =
      year >= 0 && year <= 9999 ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(abs(year), 6)
    return
      "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millis, 3))Z"
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date, or `nil` when the day does not exist.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
    let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day <= monthLengths[month - 1] else { return nil }
    let adjustedYear = month <= 2 ? year - 1 : year
    let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
    let yearOfEra = adjustedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime + (monthPrime < 10 ? 3 : -9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
