import Foundation
import Messagevisor

/// js-yaml default-schema typing of plain scalars, plus timestamp → ISO string conversion.
public enum YAMLScalarTyping {
  /// The typed value of a scalar. Non-plain (quoted, literal, folded) scalars are strings.
  public static func value(of text: String, plain: Bool, tag: String? = nil) -> MessagevisorValue {
    if let tag, tag == "tag:yaml.org,2002:str" || tag == "!" { return .string(text) }
    guard plain else { return .string(text) }
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    if let first = text.utf8.first,
      first == 43 || first == 45 || first == 46 || (48...57).contains(first)
    {
      if let int = integer(text) { return int }
      if let double = float(text) { return .double(double) }
      if let date = timestamp(text) { return .string(PortableDate.isoString(date)) }
    }
    return .string(text)
  }

  /// Text for a mapping key (JavaScript object keys are strings).
  static func keyText(_ node: YAMLNode) -> String {
    guard case .scalar(let value) = node.kind else { return "[object Object]" }
    switch value {
    case .string(let text): return text
    case .int(let int): return String(int)
    case .double(let double): return JSONText.number(double)
    case .bool(let bool): return bool ? "true" : "false"
    case .null: return "null"
    default: return "\(value)"
    }
  }

  static func integer(_ text: String) -> MessagevisorValue? {
    var body = Substring(text)
    var negative = false
    if body.first == "-" || body.first == "+" {
      negative = body.first == "-"
      body = body.dropFirst()
    }
    guard !body.isEmpty else { return nil }
    var radix = 10
    if body.hasPrefix("0x") {
      radix = 16
      body = body.dropFirst(2)
    } else if body.hasPrefix("0o") {
      radix = 8
      body = body.dropFirst(2)
    } else if body.hasPrefix("0b") {
      radix = 2
      body = body.dropFirst(2)
    }
    if radix == 10, body.first == "_" { return nil }
    let digits = body.filter { $0 != "_" }
    guard !digits.isEmpty,
      digits.allSatisfy({ radix == 16 ? $0.isHexDigit : ($0.wholeNumberValue ?? 99) < radix })
    else { return nil }
    guard let magnitude = Int(digits, radix: radix) else {
      if radix == 10, let double = Double(String(digits)) {
        return .double(negative ? -double : double)
      }
      return nil
    }
    return .int(negative ? -magnitude : magnitude)
  }

  static func float(_ text: String) -> Double? {
    // [-+]?(digits)(.digits*)?([eE][-+]?digits)? | [-+]?.digits([eE][-+]?digits)?
    let bytes = Array(text.utf8)
    var index = 0
    if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 { index += 1 }
    var mantissaDigits = 0
    while index < bytes.count, (48...57).contains(bytes[index]) || bytes[index] == 95 {
      if bytes[index] != 95 { mantissaDigits += 1 }
      index += 1
    }
    if index < bytes.count, bytes[index] == 46 {
      index += 1
      while index < bytes.count, (48...57).contains(bytes[index]) || bytes[index] == 95 {
        if bytes[index] != 95 { mantissaDigits += 1 }
        index += 1
      }
    }
    guard mantissaDigits > 0 else { return nil }
    if index < bytes.count, bytes[index] == 101 || bytes[index] == 69 {
      index += 1
      if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 { index += 1 }
      let start = index
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
      guard index > start else { return nil }
    }
    guard index == bytes.count else { return nil }
    return Double(text.replacingOccurrences(of: "_", with: ""))
  }

  /// YAML 1.1 timestamp: `YYYY-MM-DD`, or with a time (`T`/`t`/spaces), optional fraction and
  /// optional zone (`Z` or `±HH[:MM]`, no zone = UTC).
  static func timestamp(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(min: Int, max: Int) -> Int? {
      var count = 0
      var value = 0
      while index < bytes.count, count < max, (48...57).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 48)
        index += 1
        count += 1
      }
      return count >= min ? value : nil
    }
    func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    guard let year = number(min: 4, max: 4), expect(45) else { return nil }
    let dateOnly = bytes.count == 10
    guard let month = number(min: dateOnly ? 2 : 1, max: 2), expect(45),
      let day = number(min: dateOnly ? 2 : 1, max: 2)
    else { return nil }
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    var offset = 0
    if index < bytes.count {
      if bytes[index] == 84 || bytes[index] == 116 {
        index += 1
      } else if bytes[index] == 32 || bytes[index] == 9 {
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
      } else {
        return nil
      }
      guard let h = number(min: 1, max: 2), expect(58), let m = number(min: 2, max: 2), expect(58),
        let s = number(min: 2, max: 2), h <= 23, m <= 59, s <= 60
      else { return nil }
      hour = h
      minute = m
      second = s
      if index < bytes.count, bytes[index] == 46 {
        index += 1
        var scale = 0.1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
          fraction += Double(bytes[index] - 48) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { return nil }
      }
      while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
      if index < bytes.count {
        if bytes[index] == 90 {
          index += 1
        } else if bytes[index] == 43 || bytes[index] == 45 {
          let sign = bytes[index] == 45 ? -1 : 1
          index += 1
          guard let oh = number(min: 1, max: 2) else { return nil }
          var om = 0
          if expect(58) {
            guard let value = number(min: 2, max: 2) else { return nil }
            om = value
          } else if let value = number(min: 2, max: 2) {
            om = value
          }
          offset = sign * (oh * 3600 + om * 60)
        } else {
          return nil
        }
      }
    }
    guard index == bytes.count else { return nil }
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    var calendar = Calendar(identifier: .gregorian)
    guard let utc = TimeZone(identifier: "UTC") else { return nil }
    calendar.timeZone = utc
    guard let midnight = calendar.date(from: components) else { return nil }
    let millis = (fraction * 1000).rounded(.down) / 1000
    return midnight.addingTimeInterval(
      Double(hour * 3600 + minute * 60 + second - offset) + millis)
  }
}
