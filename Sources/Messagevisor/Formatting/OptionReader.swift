import Foundation

/// Reads and validates ECMA-402 options from a `FormatOptions` bag, collecting unsupported notes.
struct OptionReader {
  let options: FormatOptions
  let formatter: String
  var notes: [UnsupportedFormatterNote] = []

  init(_ options: FormatOptions, formatter: String) {
    self.options = options
    self.formatter = formatter
  }

  func has(_ name: String) -> Bool {
    guard let value = options[name] else { return false }
    return !value.isNull
  }

  /// A string option restricted to `allowed` values; `nil` when absent.
  func string(_ name: String, _ allowed: [String]? = nil) throws(FormatFailure) -> String? {
    guard let value = options[name], !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw .invalidOptions("\(formatter) option \"\(name)\" must be a string, got \(value)")
    }
    if let allowed, !allowed.contains(text) {
      throw .invalidOptions(
        "\(formatter) option \"\(name)\" must be one of \(allowed.joined(separator: ", ")); got \"\(text)\""
      )
    }
    return text
  }

  /// A boolean option (`true`/`false`, or the strings "true"/"false").
  func bool(_ name: String) throws(FormatFailure) -> Bool? {
    guard let value = options[name], !value.isNull else { return nil }
    if let flag = value.boolValue { return flag }
    if let text = value.stringValue, text == "true" || text == "false" { return text == "true" }
    throw .invalidOptions("\(formatter) option \"\(name)\" must be a boolean, got \(value)")
  }

  /// An integer option in `range` (ECMA-402 GetNumberOption: numeric, floored, range-checked).
  func integer(_ name: String, _ range: ClosedRange<Int>) throws(FormatFailure) -> Int? {
    guard let value = options[name], !value.isNull else { return nil }
    var number: Double?
    switch value {
    case .int(let int): number = Double(int)
    case .double(let double): number = double
    case .string(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
    default: number = nil
    }
    guard let number, number.isFinite, number >= Double(range.lowerBound),
      number <= Double(range.upperBound)
    else {
      throw .invalidOptions(
        "\(formatter) option \"\(name)\" must be a number from \(range.lowerBound) to \(range.upperBound); got \(value)"
      )
    }
    return Int(number.rounded(.down))
  }

  mutating func note(_ option: String, _ message: String) {
    notes.append(UnsupportedFormatterNote(formatter: formatter, option: option, message: message))
  }
}
