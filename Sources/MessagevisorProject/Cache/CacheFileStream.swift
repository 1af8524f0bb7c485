import MessagevisorSystem

/// A cache file written as it is made: the sections' bytes go to the file in pieces of about
/// ``flushSize`` (1 MiB by default; each checksummed as it goes), and the header, whose size
/// depends only on the kind and the number of sections, is written in its place at the end. A big
/// cache (80 MB for a project of 800,000 translations) is never whole in memory.
struct CacheFileStream {
  /// Bytes gathered before they are written.
  let flushSize: Int
  let kind: String
  let sectionCount: Int
  private let output: AtomicFile.Output
  /// The bytes of the current section not yet written.
  var writer = CacheWriter()
  private var checksum = ContentHashStream()
  private var length = 0
  private var done: [(length: Int, checksum: ContentHash)] = []
  /// Whether every write so far succeeded.
  private var succeeded: Bool

  /// A file of `kind` with `sectionCount` sections, written to `output` (from its start).
  init(kind: String, sectionCount: Int, output: AtomicFile.Output, flushSize: Int = 1 << 20) {
    self.kind = kind
    self.flushSize = flushSize
    self.sectionCount = sectionCount
    self.output = output
    let placeholder = CacheFile.header(
      kind: kind,
      sections: Array(repeating: (0, ContentHash(high: 0, low: 0)), count: sectionCount))
    succeeded = placeholder.withUnsafeBytes { output.append($0) }
    writer = CacheWriter(capacity: flushSize + flushSize / 4)
  }

  /// Writes what ``writer`` holds once it is ``flushSize`` or more.
  mutating func flushIfFull() {
    if writer.bytes.count >= flushSize { flush() }
  }

  private mutating func flush() {
    writer.bytes.withUnsafeBytes { bytes in
      checksum.combine(bytes)
      if succeeded { succeeded = output.append(bytes) }
    }
    length += writer.bytes.count
    writer.bytes.removeAll(keepingCapacity: true)
  }

  /// Ends the current section (the next bytes start the next one).
  mutating func endSection() {
    flush()
    done.append((length, checksum.finalize()))
    length = 0
    checksum = ContentHashStream()
  }

  /// Writes the header over its placeholder; `false` when a write failed (or the sections ended
  /// do not number ``sectionCount``).
  mutating func finish() -> Bool {
    guard succeeded, done.count == sectionCount else { return false }
    let header = CacheFile.header(kind: kind, sections: done)
    return header.withUnsafeBytes { output.overwrite($0, at: 0) }
  }
}
