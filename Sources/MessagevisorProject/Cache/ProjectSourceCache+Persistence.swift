import Foundation

/// The persistent side of ``ProjectSourceCache``: a first load that starts from a
/// ``BuildCacheStore``'s `sources` file parses only the files whose bytes changed since it was
/// written, and ``save(to:)`` writes the entries back.
extension ProjectSourceCache {
  /// What ``unchangedInputs(root:set:store:)`` found.
  public struct UnchangedInputs: Sendable {
    /// The digest of every input of a build (see ``inputDigest``).
    public var digest: ContentHash
    /// The project's config, as read.
    public var config: ProjectConfig
  }

  /// The stamp of the running program (`/proc/self/exe`; `nil` where there is none).
  static let programStamp = FileStamp(path: "/proc/self/exe")

  /// The config files a project may have, in the order ``ProjectConfig/load(directory:)`` looks.
  static let configNames = [
    "messagevisor.config.yml", "messagevisor.config.yaml", "messagevisor.config.json",
    "messagevisor.config.js", "messagevisor.config.cjs", "messagevisor.config.mjs",
  ]

  /// A digest of what decides how entity files are read and what a build makes of them besides
  /// their own bytes: the tool and cache versions, the program itself (its size and
  /// modification time, so that a rebuilt tool with the same version does not trust what an
  /// older build cached), the set, the entity base and the config files' bytes.
  static func fingerprint(root: String, set: String?, base: String) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(DatafileBuilder.toolVersion)
    hasher.combine(CacheFile.formatVersion)
    if let program = programStamp {
      hasher.combine(UInt64(bitPattern: program.size))
      hasher.combine(UInt64(bitPattern: program.modified))
    }
    hasher.combine(set ?? "\u{0}")
    hasher.combine(base)
    for name in configNames {
      hasher.combine(name)
      if let data = FileManager.default.contents(
        atPath: (root as NSString).appendingPathComponent(name))
      {
        hasher.combine(UInt64(1))
        hasher.combine([UInt8](data))
      } else {
        hasher.combine(UInt64(0))
      }
    }
    return hasher.finalize()
  }

  /// Reads `store`'s `sources` file, for the next full load to start from: that load (the
  /// first one, normally) takes every cached entry when the config is the one the file was
  /// written with, then re-reads only files whose stamp moved and parses only those whose
  /// bytes changed. A file that does not read back (damaged, foreign, another version) is
  /// ignored: the load parses everything, and ``save(to:)`` replaces it.
  public func seed(from store: BuildCacheStore) {
    seed = nil
    seedRejection = nil
    guard let bytes = store.read(SourceSnapshot.kind) else { return }
    do {
      let (snapshot, entities) = try bytes.withUnsafeBufferPointer {
        buffer throws(CacheFormatError) in try SourceSnapshot.manifest(of: buffer)
      }
      seed = (snapshot, entities, bytes)
    } catch {
      seedRejection = error
    }
  }

  /// Takes the seed's entries when it was written for the current config (see ``seed(from:)``).
  func adoptSeed() {
    guard let (snapshot, entities, bytes) = seed, let fingerprint else { return }
    seed = nil
    guard snapshot.fingerprint == fingerprint else {
      seedRejection = CacheFormatError("written for another config, set or tool version")
      return
    }
    do {
      let decoded = try SourceSnapshot.entries(snapshot.items, entities: entities, in: bytes)
      for (item, entry) in zip(snapshot.items, decoded) { store(item.path, entry) }
      seededFiles = decoded.count
      dirty = false
    } catch {
      seedRejection = error
    }
  }

  /// Whether the project is big enough for `store` to keep (see
  /// ``BuildCacheStore/minimumFiles``), as of the last load.
  public func persists(in store: BuildCacheStore) -> Bool {
    entries.count >= store.minimumFiles
  }

  /// Writes the entries to `store`'s `sources` file when they changed since they were read
  /// from it (or last written) and the project is big enough to keep (``persists(in:)``); a
  /// failure to write is kept in ``BuildCacheStore/warning``.
  public func save(to store: BuildCacheStore) {
    guard dirty, let fingerprint, persists(in: store) else { return }
    store.write(SourceSnapshot.kind, sections: 2) { stream in
      SourceSnapshot.write(fingerprint: fingerprint, entries: entries, to: &stream) {
        entity(of: $0, at: $1)
      }
    }
    dirty = false
  }

  /// The digest of every input of a build as of the last load: the tool version, the config,
  /// and each entity file's path and content hash (`nil` before a load, or when a file could
  /// not be read). Equal digests mean equal datafiles.
  public var inputDigest: ContentHash? {
    guard let fingerprint else { return nil }
    var files: [(path: String, kind: Kind, key: String, hash: ContentHash)] = []
    files.reserveCapacity(entries.count)
    for (path, entry) in entries {
      guard let hash = entry.hash else { return nil }
      files.append((path, entry.kind, entry.key, hash))
    }
    return SourceSnapshot.inputDigest(fingerprint: fingerprint, files: files)
  }

  /// Whether the project at `root` (its set `set`) is exactly what `store`'s `sources` file
  /// says, without parsing or decoding any entity: the config is the same, the same files are
  /// there, and each has the stamp it had (or, when the stamp moved, the same bytes). Returns
  /// the inputs' digest (equal to ``inputDigest`` after a load), or `nil` when anything differs
  /// or the cache file does not read back.
  public static func unchangedInputs(root: String, set: String?, store: BuildCacheStore)
    -> UnchangedInputs?
  {
    guard let bytes = store.read(SourceSnapshot.kind),
      let config = try? ProjectConfig.load(directory: root),
      let base = try? ProjectLoader().entityBase(path: root, config: config, set: set),
      let snapshot = try? bytes.withUnsafeBufferPointer({ buffer throws(CacheFormatError) in
        try SourceSnapshot.manifest(of: buffer).snapshot
      }),
      snapshot.fingerprint == fingerprint(root: root, set: set, base: base)
    else { return nil }
    let items = Dictionary(snapshot.items.map { ($0.path, $0) }) { first, _ in first }
    guard items.count == snapshot.items.count else { return nil }
    let reader = EntityReader(root: root, config: config)
    var listed = 0
    for kind in Kind.allCases.sorted() {
      guard let files = try? reader.files(in: base + kind.directory, specs: kind == .tests) else {
        return nil
      }
      for file in files {
        guard let item = items[file.path], item.kind == kind, item.key == file.key else {
          return nil
        }
        listed += 1
        let path = root + "/" + file.path
        if FileStamp(path: path) == item.stamp { continue }
        guard let data = FileManager.default.contents(atPath: path),
          ContentHash(of: data) == item.hash
        else { return nil }
      }
    }
    guard listed == items.count else { return nil }
    return UnchangedInputs(digest: snapshot.inputDigest, config: config)
  }
}
