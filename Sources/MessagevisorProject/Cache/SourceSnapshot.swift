import Foundation

/// The `sources` cache file of a project: every entity file's stamp, content hash and parsed
/// entity (or the error it gave), as ``ProjectSourceCache`` kept them.
///
/// Two sections: the entities, each entry's bytes on their own so that they decode on every
/// core, and the manifest (what ``ProjectSourceCache/unchangedInputs(root:set:store:)`` needs to
/// tell that nothing changed, without decoding any entity).
struct SourceSnapshot {
  static let kind = "sources"

  /// One file as the manifest lists it.
  struct Item {
    var path: String
    var kind: ProjectSourceCache.Kind
    var key: String
    var stamp: FileStamp
    var hash: ContentHash
    /// Where its entity is, within the entities section.
    var entity: Range<Int>
  }

  /// What the config and the tool looked like (see ``ProjectSourceCache/fingerprint(root:set:base:)``).
  var fingerprint: ContentHash
  var items: [Item]

  /// The digest of everything a build reads: the fingerprint and every file's path, kind, key
  /// and content hash, in path order.
  static func inputDigest(
    fingerprint: ContentHash,
    files: [(path: String, kind: ProjectSourceCache.Kind, key: String, hash: ContentHash)]
  ) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(fingerprint.high)
    hasher.combine(fingerprint.low)
    hasher.combine(UInt64(files.count))
    for file in files.sorted(by: { $0.path < $1.path }) {
      hasher.combine(file.path)
      hasher.combine(UInt64(file.kind.rawValue))
      hasher.combine(file.key)
      hasher.combine(file.hash.high)
      hasher.combine(file.hash.low)
    }
    return hasher.finalize()
  }

  var inputDigest: ContentHash {
    Self.inputDigest(
      fingerprint: fingerprint, files: items.map { ($0.path, $0.kind, $0.key, $0.hash) })
  }

  /// Writes the file for `entries` to `stream` (a file of two sections, entities then
  /// manifest): those with a stamp and a hash (others are left out and read again), each
  /// entry's entity as `entity` gives it (by default the one it holds; a message the model no
  /// longer has is left out too). The entities go to the file as they are encoded.
  static func write(
    fingerprint: ContentHash, entries: [String: ProjectSourceCache.Entry],
    to stream: inout CacheFileStream,
    entity: (ProjectSourceCache.Entry, _ path: String) -> Result<
      ProjectSourceCache.Entity, ProjectError
    > = { entry, _ in entry.entity }
  ) {
    let kept = entries.filter { path, entry in
      guard entry.stamp != nil, entry.hash != nil else { return false }
      if case .success(.messageInModel) = entity(entry, path) { return false }
      return true
    }.sorted { $0.key < $1.key }
    var manifest = CacheWriter(capacity: kept.count * 96)
    manifest.hash(fingerprint)
    manifest.count(kept.count)
    for (path, entry) in kept {
      guard let stamp = entry.stamp, let hash = entry.hash else { continue }
      manifest.string(path)
      manifest.byte(UInt8(entry.kind.rawValue))
      manifest.string(entry.key)
      manifest.int(Int(stamp.size))
      manifest.word(stamp.inode)
      manifest.int(Int(stamp.modified))
      manifest.int(Int(stamp.changed))
      manifest.hash(hash)
      let start = stream.writer.bytes.count
      switch entity(entry, path) {
      case .success(let entity):
        stream.writer.byte(0)
        stream.writer.entity(entity)
      case .failure(let error):
        stream.writer.byte(1)
        stream.writer.error(error)
      }
      stream.writer.count(entry.conditionSites.count)
      for site in entry.conditionSites {
        stream.writer.string(site.file)
        stream.writer.node(site.node)
        stream.writer.bool(site.isSegments)
      }
      manifest.count(stream.writer.bytes.count - start)
      stream.flushIfFull()
    }
    stream.endSection()
    stream.writer.raw(manifest.bytes)
    stream.endSection()
  }

  /// The manifest of the file in `buffer` (checked; entities are read by ``entries(_:in:)``).
  static func manifest(of buffer: UnsafeBufferPointer<UInt8>) throws(CacheFormatError) -> (
    snapshot: SourceSnapshot, entities: CacheFile.Section
  ) {
    let sections = try CacheFile.sections(of: buffer, kind: kind)
    guard sections.count == 2 else { throw CacheFormatError("expected two sections") }
    let (entities, manifest) = (sections[0], sections[1])
    try CacheFile.verify(manifest, in: buffer)
    var reader = CacheReader(buffer, range: manifest.range)
    let fingerprint = try reader.hash()
    let count = try reader.count()
    var items: [Item] = []
    items.reserveCapacity(CacheReader.capacity(count))
    var offset = entities.range.lowerBound
    for _ in 0..<count {
      let path = try reader.string()
      guard let kind = ProjectSourceCache.Kind(rawValue: Int(try reader.byte())) else {
        throw reader.failure("unknown entity kind")
      }
      let key = try reader.string()
      let size = Int64(try reader.int())
      let inode = try reader.word()
      let modified = Int64(try reader.int())
      let changed = Int64(try reader.int())
      let hash = try reader.hash()
      let length = Int(try reader.varint() & 0xFFFF_FFFF)
      guard length <= entities.range.upperBound - offset else {
        throw reader.failure("an entity runs past its section")
      }
      items.append(
        Item(
          path: path, kind: kind, key: key,
          stamp: FileStamp(size: size, inode: inode, modified: modified, changed: changed),
          hash: hash, entity: offset..<offset + length))
      offset += length
    }
    guard reader.isAtEnd, offset == entities.range.upperBound else {
      throw CacheFormatError("the manifest does not match the entities")
    }
    return (SourceSnapshot(fingerprint: fingerprint, items: items), entities)
  }

  /// The entries of `items` (decoded on every core), after checking the entities' checksum.
  static func entries(_ items: [Item], entities: CacheFile.Section, in bytes: [UInt8])
    throws(CacheFormatError) -> [ProjectSourceCache.Entry]
  {
    try bytes.withUnsafeBufferPointer { buffer throws(CacheFormatError) in
      try CacheFile.verify(entities, in: buffer)
    }
    let chunk = 256
    let starts = Array(stride(from: 0, to: items.count, by: chunk))
    let decoded = ParallelMap.map(starts) { start in
      Result { () throws(CacheFormatError) -> [ProjectSourceCache.Entry] in
        try bytes.withUnsafeBufferPointer { buffer throws(CacheFormatError) in
          try items[start..<min(start + chunk, items.count)].map {
            item throws(CacheFormatError) in
            try entry(item, in: buffer)
          }
        }
      }
    }
    var entries: [ProjectSourceCache.Entry] = []
    entries.reserveCapacity(items.count)
    for result in decoded { entries += try result.get() }
    return entries
  }

  static func entry(_ item: Item, in buffer: UnsafeBufferPointer<UInt8>)
    throws(CacheFormatError) -> ProjectSourceCache.Entry
  {
    var reader = CacheReader(buffer, range: item.entity)
    let entity: Result<ProjectSourceCache.Entity, ProjectError>
    switch try reader.byte() {
    case 0: entity = .success(try reader.entity())
    case 1: entity = .failure(try reader.error())
    default: throw reader.failure("unknown entry tag")
    }
    let count = try reader.count()
    var sites: [(file: String, node: YAMLNode, isSegments: Bool)] = []
    for _ in 0..<count {
      let file = try reader.string()
      let node = try reader.node()
      sites.append((file, node, try reader.bool()))
    }
    guard reader.isAtEnd else { throw reader.failure("unexpected bytes after an entry") }
    return ProjectSourceCache.Entry(
      kind: item.kind, key: item.key, stamp: item.stamp, hash: item.hash, entity: entity,
      conditionSites: sites)
  }
}
