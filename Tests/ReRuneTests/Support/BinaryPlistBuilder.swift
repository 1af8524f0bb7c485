import Foundation

/// Writes binary property lists (`bplist00`) object by object, so tests can build valid files and
/// break exactly one thing (an offset, a reference, the trailer) in them.
struct BinaryPlistBuilder {
  /// One object; containers hold object indexes.
  enum Object {
    case ascii(String)
    case utf16(String)
    case integer(Int64)
    case bool(Bool)
    case real(Double)
    case array([Int])
    case dictionary([(key: Int, value: Int)])
    /// Bytes written as they are (a marker byte and what follows).
    case raw([UInt8])
  }

  var objects: [Object] = []
  /// Bytes per object reference (1 … 8).
  var referenceSize = 1
  /// Bytes per offset-table entry (1 … 8).
  var offsetSize = 2
  /// The top object's index.
  var top = 0

  /// Adds an object; returns its index.
  @discardableResult
  mutating func add(_ object: Object) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// A stringsdict entry `key` → `{NSStringLocalizedFormatKey: format, variable: {rule, forms}}`.
  mutating func stringsdictEntry(
    format: String, variable: String, forms: [(String, String)],
    text: (String) -> Object = {
      .ascii($0)
    }
  ) -> Int {
    let rule = add(
      .dictionary(
        [(add(text("NSStringFormatSpecTypeKey")), add(text("NSStringPluralRuleType")))]
          + forms.map { (add(text($0.0)), add(text($0.1))) }))
    return add(
      .dictionary([
        (add(text("NSStringLocalizedFormatKey")), add(text(format))), (add(text(variable)), rule),
      ]))
  }

  /// The file; the overrides replace trailer fields (to write broken trailers).
  func bytes(
    objectCount: UInt64? = nil, topObject: UInt64? = nil, offsetTableOffset: UInt64? = nil,
    offsets overrideOffsets: [Int: UInt64] = [:]
  ) -> [UInt8] {
    var data = Array("bplist00".utf8)
    var offsets: [UInt64] = []
    for object in objects {
      offsets.append(UInt64(data.count))
      data += encode(object)
    }
    for (index, offset) in overrideOffsets { offsets[index] = offset }
    let tableOffset = UInt64(data.count)
    for offset in offsets { data += Self.bigEndian(offset, size: offsetSize) }
    data += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    data += Self.bigEndian(objectCount ?? UInt64(objects.count), size: 8)
    data += Self.bigEndian(topObject ?? UInt64(top), size: 8)
    data += Self.bigEndian(offsetTableOffset ?? tableOffset, size: 8)
    return data
  }

  func data() -> Data { Data(bytes()) }

  private func encode(_ object: Object) -> [UInt8] {
    switch object {
    case .ascii(let text): return Self.marker(0x5, count: text.utf8.count) + Array(text.utf8)
    case .utf16(let text):
      let units = Array(text.utf16)
      return Self.marker(0x6, count: units.count)
        + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .integer(let value): return [0x13] + Self.bigEndian(UInt64(bitPattern: value), size: 8)
    case .bool(let value): return [value ? 0x09 : 0x08]
    case .real(let value): return [0x23] + Self.bigEndian(value.bitPattern, size: 8)
    case .array(let elements):
      return Self.marker(0xA, count: elements.count)
        + elements.flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
    case .dictionary(let pairs):
      return Self.marker(0xD, count: pairs.count)
        + pairs.flatMap { Self.bigEndian(UInt64($0.key), size: referenceSize) }
        + pairs.flatMap { Self.bigEndian(UInt64($0.value), size: referenceSize) }
    case .raw(let bytes): return bytes
    }
  }

  private static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
    if count < 15 { return [kind << 4 | UInt8(count)] }
    return [kind << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
  }

  static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }
}
