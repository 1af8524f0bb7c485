import Foundation

/// The envelope of every cache file: a magic number, the format version, the kind of file, the
/// tool version that wrote it, then each section's length and checksum, then the sections.
///
/// Reading checks all of it: a file that is truncated, longer than it says, of another kind,
/// format or tool version, or whose section does not match its checksum is refused with a
/// ``CacheFormatError`` (and rebuilt by the caller), never trusted.
enum CacheFile {
  /// The first eight bytes of every cache file.
  static let magic: [UInt8] = Array("MVSWCACH".utf8)
  /// The layout version; bump it whenever anything written changes.
  static let formatVersion: UInt64 = 1

  /// One section of a file that passed the envelope's checks.
  struct Section {
    var range: Range<Int>
    var checksum: ContentHash
  }

  /// The file of `kind` holding `sections`.
  static func encode(kind: String, sections: [[UInt8]]) -> [UInt8] {
    var payload: [UInt8] = []
    payload.reserveCapacity(sections.reduce(256) { $0 + $1.count })
    for section in sections { payload.append(contentsOf: section) }
    return encode(kind: kind, payload: payload, lengths: sections.map(\.count))
  }

  /// The file of `kind` whose sections are `payload` cut at `lengths`; the header goes in front
  /// of the payload's own storage (no second copy of a big payload).
  static func encode(kind: String, payload: consuming [UInt8], lengths: [Int]) -> [UInt8] {
    var bytes = payload
    var start = 0
    var checksums: [ContentHash] = []
    for length in lengths {
      checksums.append(ContentHash(of: bytes[start..<start + length]))
      start += length
    }
    bytes.insert(
      contentsOf: header(kind: kind, sections: Array(zip(lengths, checksums))), at: 0)
    return bytes
  }

  /// The header of a file of `kind` with sections of these lengths and checksums (its length
  /// depends on the kind and the number of sections only).
  static func header(kind: String, sections: [(length: Int, checksum: ContentHash)]) -> [UInt8] {
    var header = CacheWriter()
    header.raw(magic)
    header.word(formatVersion)
    header.string(kind)
    header.string(DatafileBuilder.toolVersion)
    header.count(sections.count)
    for section in sections {
      header.word(UInt64(section.length))
      header.hash(section.checksum)
    }
    return header.bytes
  }

  /// The sections of the file in `buffer`, after checking its envelope (not yet the checksums:
  /// ``verify(_:in:)`` each section before reading it).
  static func sections(of buffer: UnsafeBufferPointer<UInt8>, kind: String)
    throws(CacheFormatError) -> [Section]
  {
    var reader = CacheReader(buffer)
    guard buffer.count >= magic.count, Array(buffer[0..<magic.count]) == magic else {
      throw CacheFormatError("not a messagevisor-swift cache file")
    }
    reader.position = magic.count
    let version = try reader.word()
    guard version == formatVersion else {
      throw CacheFormatError("cache format \(version), this tool reads \(formatVersion)")
    }
    let foundKind = try reader.string()
    guard foundKind == kind else {
      throw CacheFormatError("a \"\(foundKind)\" cache file where \"\(kind)\" was expected")
    }
    let tool = try reader.string()
    guard tool == DatafileBuilder.toolVersion else {
      throw CacheFormatError(
        "written by version \(tool), this tool is \(DatafileBuilder.toolVersion)")
    }
    let count = try reader.count()
    var lengths: [(UInt64, ContentHash)] = []
    for _ in 0..<count {
      let length = try reader.word()
      lengths.append((length, try reader.hash()))
    }
    var sections: [Section] = []
    var start = reader.position
    for (length, checksum) in lengths {
      guard length <= UInt64(buffer.count - start) else {
        throw CacheFormatError("truncated: a section runs past the end of the file")
      }
      sections.append(Section(range: start..<start + Int(length), checksum: checksum))
      start += Int(length)
    }
    guard start == buffer.count else {
      throw CacheFormatError("\(buffer.count - start) unexpected byte(s) after the last section")
    }
    return sections
  }

  /// Checks `section` against its checksum.
  static func verify(_ section: Section, in buffer: UnsafeBufferPointer<UInt8>)
    throws(CacheFormatError)
  {
    guard ContentHash(of: UnsafeBufferPointer(rebasing: buffer[section.range])) == section.checksum
    else {
      throw CacheFormatError("checksum mismatch: the file is damaged")
    }
  }
}
