import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The browser's pre-indexed search text: every entry's key and texts, lowercased once, in one
/// contiguous byte buffer, so a key press scans bytes (`memmem`) instead of lowercasing and
/// comparing strings.
struct MessageSearchText: Sendable {
  /// Lowercased `key \n text \n compareText` of every entry, back to back.
  private let bytes: [UInt8]
  /// Where each entry's text starts in ``bytes``; one more element than there are entries.
  private let starts: [Int]

  /// Indexes the entries.
  init(_ entries: [MessageEntry]) {
    self.init(entries, previous: nil, kept: [])
  }

  /// Indexes the entries, copying from `previous` the text of each entry that `kept` names the
  /// row of (the same key and texts there) instead of folding it again; `kept` has one element
  /// per entry, or none.
  init(_ entries: [MessageEntry], previous: MessageSearchText?, kept: [Int?]) {
    var bytes: [UInt8] = []
    // Room for the texts as they are (folding keeps nearly every text's length): the array is
    // not grown by doubling to twice its size.
    var size = 0
    for entry in entries {
      size +=
        entry.key.utf8.count + (entry.text?.utf8.count ?? 0)
        + (entry.compareText?.utf8.count ?? 0) + 2
    }
    bytes.reserveCapacity(size + size / 64)
    var starts: [Int] = []
    starts.reserveCapacity(entries.count + 1)
    for index in entries.indices {
      // Made in the background after each index: a key's frame goes first.
      if index & 255 == 0 { ForegroundWork.yield() }
      starts.append(bytes.count)
      if let previous, index < kept.count, let row = kept[index], row + 1 < previous.starts.count {
        bytes.append(contentsOf: previous.bytes[previous.starts[row]..<previous.starts[row + 1]])
        continue
      }
      let entry = entries[index]
      bytes.append(contentsOf: Self.fold(entry.key).utf8)
      bytes.append(0x0A)
      if let text = entry.text { bytes.append(contentsOf: Self.fold(text).utf8) }
      bytes.append(0x0A)
      if let text = entry.compareText { bytes.append(contentsOf: Self.fold(text).utf8) }
    }
    starts.append(bytes.count)
    self.bytes = bytes
    self.starts = starts
  }

  /// How the index and the queries are folded: lowercased.
  static func fold(_ text: String) -> String { text.lowercased() }

  /// The words of a query, folded: every word must occur in an entry's text.
  static func words(_ query: String) -> [[UInt8]] {
    fold(query).split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Array($0.utf8) }
  }

  /// Whether `haystack` contains `needle`: `memchr` to the next candidate first byte, then
  /// `memcmp` (Glibc does not export `memmem` without `_GNU_SOURCE`).
  static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard let first = needle.first else { return true }
    guard let start = haystack.baseAddress, let needleStart = needle.baseAddress,
      needle.count <= haystack.count
    else { return false }
    let last = haystack.count - needle.count
    var offset = 0
    while offset <= last {
      guard let hit = memchr(start + offset, Int32(first), last - offset + 1) else { return false }
      let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - start
      if memcmp(start + position, needleStart, needle.count) == 0 { return true }
      offset = position + 1
    }
    return false
  }

  /// Whether entry `index` contains every word.
  func matches(_ index: Int, words: [[UInt8]]) -> Bool {
    let start = starts[index]
    let length = starts[index + 1] - start
    return bytes.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return words.isEmpty }
      for word in words {
        guard word.count <= length else { return false }
        let found = word.withUnsafeBufferPointer { needle in
          Self.find(needle, in: UnsafeBufferPointer(start: base + start, count: length))
        }
        if !found { return false }
      }
      return true
    }
  }
}
