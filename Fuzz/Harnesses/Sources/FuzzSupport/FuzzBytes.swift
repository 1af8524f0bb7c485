import Foundation
import Messagevisor

/// Reads a fuzz input as a stream of decisions: fixed-size numbers, bounded choices and short strings.
/// An exhausted stream yields zeros and empty strings, so every input maps to one deterministic run.
public struct FuzzBytes {
  private let bytes: [UInt8]
  private var offset = 0

  /// Wraps `bytes`.
  public init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

  /// Whether every byte has been consumed.
  public var isExhausted: Bool { offset >= bytes.count }

  /// The next byte (0 when exhausted).
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A number in `0..<count` (0 when `count` is 0).
  public mutating func choice(_ count: Int) -> Int {
    guard count > 0 else { return 0 }
    return Int(byte()) % count
  }

  /// The next 8 bytes as a little-endian integer.
  public mutating func int64() -> Int64 {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
    return Int64(bitPattern: value)
  }

  /// A string of up to `maxLength` bytes (decoded leniently as UTF-8).
  public mutating func string(maxLength: Int = 24) -> String {
    let length = choice(maxLength + 1)
    var raw: [UInt8] = []
    for _ in 0..<length where !isExhausted { raw.append(byte()) }
    return String(decoding: raw, as: UTF8.self)
  }

  /// A value of any kind, nested at most `depth` levels.
  public mutating func value(depth: Int = 2) -> MessagevisorValue {
    switch choice(depth > 0 ? 9 : 7) {
    case 0: return .string(string())
    case 1: return .int(Int(int64()))
    case 2: return .int(choice(2001) - 1000)
    case 3: return .double(Double(bitPattern: UInt64(bitPattern: int64())))
    case 4: return .bool(byte() & 1 == 1)
    case 5: return .date(Date(timeIntervalSince1970: Double(int64() % 10_000_000_000)))
    case 6: return .null
    case 7: return .array((0..<choice(4)).map { _ in value(depth: depth - 1) })
    default:
      var object: [String: MessagevisorValue] = [:]
      for _ in 0..<choice(4) { object[string(maxLength: 8)] = value(depth: depth - 1) }
      return .object(object)
    }
  }

  /// Values for `names` (each present or not), plus a few random names.
  public mutating func values(names: [String]) -> [String: MessagevisorValue] {
    var result: [String: MessagevisorValue] = [:]
    for name in names where byte() & 3 != 0 { result[name] = value() }
    for _ in 0..<choice(3) { result[string(maxLength: 8)] = value() }
    return result
  }
}

/// Splits a fuzz input at its first NUL byte: the text before it (lossy UTF-8) and the bytes after it.
public func splitAtNUL(_ data: UnsafePointer<UInt8>, _ size: Int) -> (text: String, rest: [UInt8]) {
  let buffer = UnsafeBufferPointer(start: data, count: size)
  guard let nul = buffer.firstIndex(of: 0) else {
    return (String(decoding: buffer, as: UTF8.self), [])
  }
  return (
    String(decoding: UnsafeBufferPointer(rebasing: buffer[..<nul]), as: UTF8.self),
    Array(buffer[(nul + 1)...])
  )
}

/// Locales the harnesses format with (plural rules, digits and scripts differ).
public let fuzzLocales = ["en-US", "ar", "ja-JP", "de-DE", "ru", "pl", "fr-FR", "cy", "he", "zz"]
