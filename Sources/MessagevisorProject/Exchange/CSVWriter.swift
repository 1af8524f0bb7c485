import Foundation

/// Writes CSV as RFC 4180 describes it: fields quoted only when they hold the delimiter, a
/// quote, a line break or leading/trailing spaces, quotes doubled, records ended with the chosen
/// line ending, optionally after a UTF-8 byte order mark (which spreadsheet programs need to
/// detect UTF-8).
public struct CSVWriter: Sendable {
  /// The field delimiter.
  public var delimiter: Unicode.Scalar
  /// The record end: `"\n"` or `"\r\n"`.
  public var lineEnding: String
  /// Whether the output starts with a UTF-8 byte order mark.
  public var byteOrderMark: Bool

  /// Creates a writer.
  public init(
    delimiter: Unicode.Scalar = ",", lineEnding: String = "\n", byteOrderMark: Bool = false
  ) {
    self.delimiter = delimiter
    self.lineEnding = lineEnding
    self.byteOrderMark = byteOrderMark
  }

  /// The CSV text of `records` (each an array of fields).
  public func text(_ records: [[String]]) -> String {
    var text = byteOrderMark ? "\u{FEFF}" : ""
    for record in records {
      text += record.map(field).joined(separator: String(Character(delimiter)))
      text += lineEnding
    }
    return text
  }

  /// One field, quoted when it must be.
  public func field(_ value: String) -> String {
    let needsQuotes =
      value.unicodeScalars.contains {
        $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r"
      } || value.first == " " || value.last == " "
    guard needsQuotes else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
