/// Reads binary property lists (`bplist00`, what compiled app bundles contain).
///
/// Layout: the 8-byte header, the objects, the offset table (one big-endian offset per object),
/// then a 32-byte trailer (offset size, reference size, object count, top object, offset-table
/// offset). Every offset, size and count is checked against the data before it is used: objects
/// must lie between the header and the offset table, references must name an object of the table,
/// a reference cycle is an error, and nesting and the number of values (a shared object counted
/// once per reference) are bounded by ``PropertyListReader``'s limits. Supported objects: ASCII
/// and UTF-16 strings, dictionaries with string keys, arrays, integers (up to 64 bits signed),
/// 32/64-bit reals, booleans, dates and data; null, fill, UID, set and the UTF-8 strings of newer
/// versions are errors that name them.
struct BinaryPropertyListReader {
  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let offsetTable: Int
  /// Decoded objects by index: the value, the number of values it holds (itself included) and its
  /// height (levels of arrays and dictionaries, itself included; 0 for a scalar).
  private var decoded: [Int: (value: PropertyListValue, size: Int, height: Int)] = [:]
  private var inProgress: Set<Int> = []
  private var budget = PropertyListValueBudget()
  private var duplicates: [PropertyListDocument.DuplicateKey] = []
  private var path: [String] = []

  static let header = Array("bplist00".utf8)
  static let trailerSize = 32

  static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
    guard bytes.starts(with: header) else {
      let version = String(decoding: bytes.prefix(8).map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
      throw PropertyListError(
        message:
          "binary property list version '\(version)' is not supported; only bplist00 is (what Xcode writes)"
      )
    }
    guard bytes.count >= header.count + 1 + trailerSize else {
      throw PropertyListError(
        message:
          "binary property list is truncated: \(bytes.count) bytes, smaller than a header, one object and the 32-byte trailer"
      )
    }
    let trailer = bytes.count - trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    let objectCount = bigEndian(bytes, trailer + 8, 8)
    let topObject = bigEndian(bytes, trailer + 16, 8)
    let offsetTable = bigEndian(bytes, trailer + 24, 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw PropertyListError(
        message:
          "binary property list trailer: offset size \(offsetSize) and reference size \(referenceSize) must be 1 to 8 bytes (truncated or not a bplist?)"
      )
    }
    guard objectCount >= 1, objectCount <= UInt64(PropertyListReader.maxObjects) else {
      throw PropertyListError(
        message:
          "binary property list trailer: \(objectCount) objects; expected 1 to \(PropertyListReader.maxObjects) (the reader's limit)"
      )
    }
    guard topObject < objectCount else {
      throw PropertyListError(
        message:
          "binary property list trailer: top object \(topObject) is not one of the \(objectCount) objects"
      )
    }
    guard offsetTable >= UInt64(header.count + 1), offsetTable < UInt64(trailer),
      objectCount <= (UInt64(trailer) - offsetTable) / UInt64(offsetSize)
    else {
      throw PropertyListError(
        message:
          "binary property list trailer: an offset table of \(objectCount) × \(offsetSize) bytes at byte \(offsetTable) does not fit between the objects and the trailer (truncated?)"
      )
    }
    var reader = BinaryPropertyListReader(
      bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize,
      objectCount: Int(objectCount), offsetTable: Int(offsetTable))
    let root = try reader.object(Int(topObject), depth: 1)
    return PropertyListDocument(root: root, duplicateKeys: reader.duplicates)
  }

  private init(
    bytes: [UInt8], offsetSize: Int, referenceSize: Int, objectCount: Int, offsetTable: Int
  ) {
    self.bytes = bytes
    self.offsetSize = offsetSize
    self.referenceSize = referenceSize
    self.objectCount = objectCount
    self.offsetTable = offsetTable
  }

  /// `count` bytes at `start` as a big-endian unsigned number (`count` ≤ 8, bounds checked by the caller).
  private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes[start..<start + count] { value = value << 8 | UInt64(byte) }
    return value
  }

  /// Object `index`, decoded once and counted against the value budget at every use.
  private mutating func object(_ index: Int, depth: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    if let known = decoded[index] {
      // A shared object is as deep again at each use: the tree it expands to stays within the limit.
      if known.height > 0 { try checkDepth(index: index, at: nil, depth + known.height - 1) }
      try budget.take(known.size)
      return known.value
    }
    guard !inProgress.contains(index) else {
      throw failure(index: index, "refers back to itself (a reference cycle)")
    }
    inProgress.insert(index)
    let before = budget.used
    let (value, height) = try decode(index, depth: depth)
    inProgress.remove(index)
    decoded[index] = (value, budget.used - before, height)
    return value
  }

  private func offset(of index: Int) throws(PropertyListError) -> Int {
    let offset = Self.bigEndian(bytes, offsetTable + index * offsetSize, offsetSize)
    guard offset >= UInt64(Self.header.count), offset < UInt64(offsetTable) else {
      throw PropertyListError(
        message:
          "binary property list: object \(index) has offset \(offset), outside the object area (bytes 8 to \(offsetTable - 1))"
      )
    }
    return Int(offset)
  }

  /// Object `index` and its height.
  private mutating func decode(_ index: Int, depth: Int) throws(PropertyListError) -> (
    PropertyListValue, Int
  ) {
    try budget.take()
    maxHeight = 0
    let value = try scalarOrContainer(index, depth: depth)
    return (value, maxHeight)
  }

  /// The height of the container decoded last (set by ``array`` and ``dictionary``).
  private var maxHeight = 0

  private mutating func scalarOrContainer(_ index: Int, depth: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    let start = try offset(of: index)
    let marker = bytes[start]
    let kind = marker >> 4
    let info = Int(marker & 0x0F)
    var position = start + 1
    switch kind {
    case 0x0:
      switch marker {
      case 0x08: return .bool(false)
      case 0x09: return .bool(true)
      case 0x00: throw failure(index: index, at: start, "null objects are not supported")
      case 0x0F: throw failure(index: index, at: start, "fill bytes are not an object")
      default: throw failure(index: index, at: start, "unknown marker 0x\(hex(marker))")
      }
    case 0x1:
      return .integer(try integer(index: index, at: start, width: info, position: &position))
    case 0x2:
      guard info == 2 || info == 3 else {
        throw failure(
          index: index, at: start, "a real of \(1 << min(info, 15)) bytes; expected 4 or 8")
      }
      let raw = try read(index: index, at: start, &position, count: 1 << info)
      return .real(info == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
    case 0x3:
      guard marker == 0x33 else {
        throw failure(index: index, at: start, "unknown marker 0x\(hex(marker)); a date is 0x33")
      }
      return .date(Double(bitPattern: try read(index: index, at: start, &position, count: 8)))
    case 0x4:
      let count = try length(index: index, at: start, info: info, position: &position)
      try require(index: index, at: start, position, count, "data of \(count) bytes")
      return .data(Array(bytes[position..<position + count]))
    case 0x5:
      let count = try length(index: index, at: start, info: info, position: &position)
      try require(index: index, at: start, position, count, "an ASCII string of \(count) bytes")
      let text = bytes[position..<position + count]
      guard text.allSatisfy({ $0 < 0x80 }) else {
        throw failure(index: index, at: start, "an ASCII string holds a byte over 0x7F")
      }
      return .string(String(decoding: text, as: UTF8.self))
    case 0x6:
      let count = try length(index: index, at: start, info: info, position: &position)
      guard count <= (offsetTable - position) / 2 else {
        throw failure(
          index: index, at: start, "a UTF-16 string of \(count) units runs past the object area")
      }
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in 0..<count {
        units.append(
          UInt16(bytes[position + 2 * unit]) << 8 | UInt16(bytes[position + 2 * unit + 1]))
      }
      var scalars = String.UnicodeScalarView()
      var iterator = units.makeIterator()
      var decoder = UTF16()
      decoding: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput: break decoding
        case .error:
          throw failure(index: index, at: start, "a UTF-16 string holds an unpaired surrogate")
        }
      }
      return .string(String(scalars))
    case 0x7:
      throw failure(
        index: index, at: start, "UTF-8 string objects (bplist15 and later) are not supported")
    case 0x8:
      throw failure(index: index, at: start, "UID objects (keyed archives) are not supported")
    case 0xA:
      return try array(index: index, at: start, info: info, position: position, depth: depth)
    case 0xB, 0xC:
      throw failure(index: index, at: start, "sets are not supported in a .stringsdict")
    case 0xD:
      return try dictionary(index: index, at: start, info: info, position: position, depth: depth)
    default:
      throw failure(index: index, at: start, "unknown marker 0x\(hex(marker))")
    }
  }

  private mutating func array(index: Int, at start: Int, info: Int, position: Int, depth: Int)
    throws(PropertyListError) -> PropertyListValue
  {
    var position = position
    try checkDepth(index: index, at: start, depth)
    let count = try length(index: index, at: start, info: info, position: &position)
    let references = try references(index: index, at: start, count: count, position: position)
    var result: [PropertyListValue] = []
    result.reserveCapacity(count)
    var height = 0
    for (element, reference) in references.enumerated() {
      path.append("[\(element)]")
      result.append(try object(reference, depth: depth + 1))
      path.removeLast()
      height = max(height, decoded[reference]?.height ?? 0)
    }
    maxHeight = height + 1
    return .array(result)
  }

  private mutating func dictionary(index: Int, at start: Int, info: Int, position: Int, depth: Int)
    throws(PropertyListError) -> PropertyListValue
  {
    var position = position
    try checkDepth(index: index, at: start, depth)
    let count = try length(index: index, at: start, info: info, position: &position)
    guard count <= (offsetTable - position) / referenceSize / 2 else {
      throw failure(
        index: index, at: start, "a dictionary of \(count) entries runs past the object area")
    }
    let keys = try references(index: index, at: start, count: count, position: position)
    let values = try references(
      index: index, at: start, count: count, position: position + count * referenceSize)
    var result: [String: PropertyListValue] = [:]
    var height = 0
    for (keyReference, valueReference) in zip(keys, values) {
      guard case .string(let key) = try object(keyReference, depth: depth + 1) else {
        throw failure(
          index: index, at: start, "a dictionary key (object \(keyReference)) is not a string")
      }
      path.append(key)
      let value = try object(valueReference, depth: depth + 1)
      path.removeLast()
      height = max(height, decoded[valueReference]?.height ?? 0)
      if result.updateValue(value, forKey: key) != nil {
        duplicates.append(.init(path: path + [key], line: nil))
      }
    }
    maxHeight = height + 1
    return .dictionary(result)
  }

  private func checkDepth(index: Int, at start: Int?, _ depth: Int) throws(PropertyListError) {
    guard depth <= PropertyListReader.maxDepth else {
      throw failure(
        index: index, at: start,
        "arrays and dictionaries are nested more than \(PropertyListReader.maxDepth) levels deep; the reader's limit"
      )
    }
  }

  /// `count` object references at `position`, each checked to name an object of the table.
  private func references(index: Int, at start: Int, count: Int, position: Int)
    throws(PropertyListError) -> [Int]
  {
    guard count <= (offsetTable - position) / referenceSize else {
      throw failure(index: index, at: start, "\(count) references run past the object area")
    }
    var result: [Int] = []
    result.reserveCapacity(count)
    for element in 0..<count {
      let reference = Self.bigEndian(bytes, position + element * referenceSize, referenceSize)
      guard reference < UInt64(objectCount) else {
        throw failure(
          index: index, at: start,
          "refers to object \(reference), but there are only \(objectCount) objects")
      }
      result.append(Int(reference))
    }
    return result
  }

  /// The length of a data, string, array or dictionary: the marker's low nibble, or (0xF) an
  /// integer object that follows.
  private func length(index: Int, at start: Int, info: Int, position: inout Int)
    throws(PropertyListError)
    -> Int
  {
    guard info == 0x0F else { return info }
    try require(index: index, at: start, position, 1, "a length")
    let marker = bytes[position]
    guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
      throw failure(
        index: index, at: start,
        "the length is not an integer of 1 to 8 bytes (marker 0x\(hex(marker)))")
    }
    position += 1
    let raw = try read(index: index, at: start, &position, count: 1 << Int(marker & 0x0F))
    guard raw <= UInt64(offsetTable) else {
      throw failure(index: index, at: start, "a length of \(raw) is larger than the file")
    }
    return Int(raw)
  }

  /// An integer object of 2^`width` bytes: 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes
  /// only while the value fits 63 bits.
  private func integer(index: Int, at start: Int, width: Int, position: inout Int)
    throws(PropertyListError) -> Int64
  {
    switch width {
    case 0...3:
      return Int64(bitPattern: try read(index: index, at: start, &position, count: 1 << width))
    case 4:
      let high = try read(index: index, at: start, &position, count: 8)
      let low = try read(index: index, at: start, &position, count: 8)
      guard high == 0, low <= UInt64(Int64.max) else {
        throw failure(index: index, at: start, "a 128-bit integer outside the 64-bit signed range")
      }
      return Int64(low)
    default:
      throw failure(
        index: index, at: start,
        "an integer of \(1 << min(width, 15)) bytes; expected 1, 2, 4, 8 or 16")
    }
  }

  /// `count` (≤ 8) bytes at `position` as a big-endian number; advances `position`.
  private func read(index: Int, at start: Int, _ position: inout Int, count: Int)
    throws(PropertyListError)
    -> UInt64
  {
    try require(index: index, at: start, position, count, "\(count) bytes")
    defer { position += count }
    return Self.bigEndian(bytes, position, count)
  }

  /// `count` bytes from `position` must lie inside the object area.
  private func require(index: Int, at start: Int, _ position: Int, _ count: Int, _ what: String)
    throws(PropertyListError)
  {
    guard position <= offsetTable, count <= offsetTable - position else {
      throw failure(
        index: index, at: start, "\(what) at byte \(position) runs past the object area")
    }
  }

  private func failure(index: Int, at start: Int? = nil, _ message: String) -> PropertyListError {
    var text = "binary property list: object \(index)"
    if let start { text += " (byte \(start))" }
    text += ": \(message)"
    if !path.isEmpty { text += " (at \(path.map { "'\($0)'" }.joined(separator: ".")))" }
    return PropertyListError(message: text)
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
