import Foundation
import Messagevisor

/// A project's entity files, parsed once and kept by path: loading again re-reads only the files
/// that changed (the ones a ``ProjectChangeBatch`` names, or, without one, those whose
/// `FileStamp` moved) and lists directories only when files appeared or disappeared.
///
/// A file that no longer parses keeps its error in the cache; ``load(changes:)`` then reports
/// every such error (file:line:column) and no project, so the caller keeps its last good build.
/// Not thread-safe: use it from one thread (a watcher's callback) at a time.
public final class ProjectSourceCache {
  /// The entity kinds, in the order ``ProjectLoader`` reads them.
  enum Kind: Int, Sendable, CaseIterable, Comparable {
    case attributes, locales, segments, messages, targets, tests

    var directory: String {
      switch self {
      case .attributes: "attributes"
      case .locales: "locales"
      case .segments: "segments"
      case .messages: "messages"
      case .targets: "targets"
      case .tests: "tests"
      }
    }

    static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One parsed entity, boxed (`indirect`): a cached file's entry stays small whatever the
  /// largest entity is, and a message (``messageInModel``) costs nothing in it.
  indirect enum Entity: Sendable {
    case attribute(ProjectAttribute)
    case locale(ProjectLocale)
    case segment(ProjectSegment)
    case message(ProjectMessage)
    case target(ProjectTarget)
    case test(ProjectTestSpec)
    /// A message the cache keeps only in its model (under the entry's key, from the entry's
    /// file): ``store(_:_:)`` moves a parsed message there, so each message is kept once, not
    /// in its entry and in the model (20,000 copies of a few hundred bytes at scale).
    case messageInModel
  }

  /// One cached file.
  struct Entry: Sendable {
    var kind: Kind
    var key: String
    var stamp: FileStamp?
    /// The hash of the bytes that were parsed (`nil` when the file could not be read).
    var hash: ContentHash?
    var entity: Result<Entity, ProjectError>
    var conditionSites: [(file: String, node: YAMLNode, isSegments: Bool)]
  }

  /// What a load found.
  public struct Outcome: Sendable {
    /// The project, when every file parsed and the cross-checks passed; `nil` otherwise.
    public var project: Project?
    /// What to fix: one error per broken file (or the cross-check's error), in load order.
    public var errors: [ProjectError]
    /// The files read and parsed by this load (relative paths, sorted).
    public var parsedFiles: [String]
    /// Keys of messages whose files were added, changed or removed.
    public var changedMessages: Set<String>
    /// Whether anything other than messages and tests changed (config, attributes, locales,
    /// segments, targets): datafiles must be rebuilt whole.
    public var structuralChange: Bool
    /// Whether nothing the project is made of changed (no file read, nothing added or removed).
    public var unchanged: Bool {
      parsedFiles.isEmpty && changedMessages.isEmpty && !structuralChange
    }
  }

  /// The project root.
  public let root: String
  /// The set, when the project uses sets.
  public let set: String?
  var config: ProjectConfig?
  var base = ""
  var entries: [String: Entry] = [:]
  var loadedOnce = false
  /// The entities of every file that parsed, kept up to date by ``store(_:_:)``/``drop(_:)``.
  var model: Project?
  /// Files that did not parse, by path.
  var failures: [String: (kind: Kind, error: ProjectError)] = [:]
  /// Condition sites of the files that have any, by path.
  var sites: [String: (kind: Kind, sites: [(file: String, node: YAMLNode, isSegments: Bool)])] = [:]
  /// Test specs by path.
  var tests: [String: ProjectTestSpec] = [:]
  /// Changes found by loads that failed, reported with the next load that succeeds.
  var unreported: (messages: Set<String>, structural: Bool) = ([], false)
  /// What the config and the tool looked like when the entries were read (see
  /// ``fingerprint(root:set:base:)``).
  var fingerprint: ContentHash?
  /// A persistent cache read by ``seed(from:)``, used by the first load whose config matches.
  var seed: (snapshot: SourceSnapshot, entities: CacheFile.Section, bytes: [UInt8])?
  /// Whether the entries changed since they were read from or written to a persistent cache.
  var dirty = false
  /// Why the last ``seed(from:)`` (or the load that used it) did not use the cache file, when
  /// one was there.
  var seedRejection: CacheFormatError?
  /// How many entries the last seeded load took from the cache file.
  var seededFiles = 0

  /// Creates an empty cache for the project at `root` (nothing is read until ``load(changes:)``).
  public init(root: String, set: String? = nil) {
    self.root = root
    self.set = set
  }

  /// Whether a changed path (relative to the root) can matter: the config or an entity file.
  /// Editor leftovers (hidden files, `name~` backups, other extensions) never are.
  func isRelevant(_ path: String) -> Bool {
    if !path.contains("/") && path.hasPrefix("messagevisor.config") { return true }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if name.hasPrefix(".") || name.hasSuffix("~") { return false }
    if let dot = name.lastIndex(of: "."),
      !["yml", "yaml", "json"].contains(String(name[name.index(after: dot)...]))
    {
      return false
    }
    if !base.isEmpty && base.hasPrefix(path + "/") { return true }
    return Kind.allCases.contains { kind in
      let directory = base + kind.directory
      return path == directory || path.hasPrefix(directory + "/") || directory.hasPrefix(path + "/")
    }
  }

  /// Loads the project, re-reading what `changes` names (everything whose stamp changed when
  /// `changes` is `nil` or says `rescan`).
  public func load(changes: ProjectChangeBatch? = nil) -> Outcome {
    var outcome = Outcome(
      project: nil, errors: [], parsedFiles: [], changedMessages: [], structuralChange: false)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      outcome.errors = [ProjectError(file: root, message: "project directory not found")]
      unreported.structural = true
      return outcome
    }
    let full = changes == nil || changes?.rescan == true || !loadedOnce
    let paths = changes?.paths ?? []
    // The config decides how everything else is read: when it changes, start over.
    if full || paths.contains(where: { !$0.contains("/") && $0.hasPrefix("messagevisor.config") }) {
      let newConfig: ProjectConfig
      let newBase: String
      do {
        newConfig = try ProjectConfig.load(directory: root)
        newBase = try ProjectLoader().entityBase(path: root, config: newConfig, set: set)
      } catch {
        outcome.errors = [error]
        unreported.structural = true
        return outcome
      }
      if newConfig != config || newBase != base {
        if loadedOnce { outcome.structuralChange = true }
        entries.removeAll()
        model = nil
        failures.removeAll()
        sites.removeAll()
        tests.removeAll()
        config = newConfig
        base = newBase
        fingerprint = Self.fingerprint(root: root, set: set, base: newBase)
        dirty = true
        adoptSeed()
        return reload(outcome: outcome, relist: Set(Kind.allCases), reread: nil)
      }
    }
    guard !full else { return reload(outcome: outcome, relist: Set(Kind.allCases), reread: nil) }
    // Directories to list again: those under which something appeared, vanished or moved.
    var relist: Set<Kind> = []
    if changes?.structureChanged == true {
      for path in paths where isRelevant(path) {
        for kind in Kind.allCases {
          let directory = base + kind.directory
          if path == directory || path.hasPrefix(directory + "/") || directory.hasPrefix(path + "/")
          {
            relist.insert(kind)
          }
        }
      }
    }
    return reload(outcome: outcome, relist: relist, reread: paths)
  }

  /// Lists the `relist` directories, re-reads files in `reread` (every file whose stamp changed
  /// when `reread` is nil), and assembles the project.
  func reload(outcome start: Outcome, relist: Set<Kind>, reread: Set<String>?) -> Outcome {
    var outcome = start
    guard let config else { return outcome }
    let reader = EntityReader(root: root, config: config)
    var toParse: [(path: String, kind: Kind, key: String)] = []
    var seen = Set<String>()
    for kind in Kind.allCases.sorted() where relist.contains(kind) {
      let files: [EntityReader.EntityFile]
      do {
        files = try reader.files(in: base + kind.directory, specs: kind == .tests)
      } catch {
        outcome.errors.append(error)
        continue
      }
      for file in files {
        seen.insert(file.path)
        if let entry = entries[file.path], entry.key == file.key,
          reread?.contains(file.path) != true,
          entry.stamp != nil,
          entry.stamp == FileStamp(path: root + "/" + file.path)
        {
          continue
        }
        toParse.append((file.path, kind, file.key))
      }
      for (path, entry) in entries where entry.kind == kind && !seen.contains(path) {
        drop(path)
        note(entry, in: &outcome)
      }
    }
    if let reread {
      for path in reread.sorted() where !seen.contains(path) {
        guard let entry = entries[path] else { continue }
        if FileStamp(path: root + "/" + path) == nil {
          drop(path)
          note(entry, in: &outcome)
        } else {
          toParse.append((path, entry.kind, entry.key))
        }
      }
    }
    // Files parse independently of each other: on every core. A file whose stamp moved but
    // whose bytes hash as before (touched, copied) keeps its entity and is not parsed again;
    // files a watcher names are always parsed.
    let known = toParse.map { file in
      reread?.contains(file.path) == true
        ? nil : entries[file.path].flatMap { $0.key == file.key ? $0 : nil }
    }
    let parsed = ParallelMap.map(Array(zip(toParse, known))) { file, previous in
      Self.parse(
        root: root, path: file.path, kind: file.kind, key: file.key, config: config,
        previous: previous)
    }
    for ((path, _, _), (entry, fresh)) in zip(toParse, parsed) {
      guard fresh else {
        entries[path]?.stamp = entry.stamp
        dirty = true
        continue
      }
      if let old = entries[path] { note(old, in: &outcome) }
      store(path, entry)
      note(entry, in: &outcome)
      outcome.parsedFiles.append(path)
    }
    outcome.parsedFiles.sort()
    loadedOnce = true
    return assemble(outcome, config: config)
  }

  /// Records what a changed entry means for the build.
  func note(_ entry: Entry, in outcome: inout Outcome) {
    switch entry.kind {
    case .messages:
      // A message's key is its file's (``EntityReader/message(_:_:)``), parsed or not.
      outcome.changedMessages.insert(entry.key)
    case .tests: break
    default: outcome.structuralChange = true
    }
  }

  /// Reads and parses one file of the project at `root` (safe to call from any thread); when
  /// its bytes hash as `previous`'s did, returns `previous` with the new stamp and `false`
  /// (nothing was parsed).
  static func parse(
    root: String, path: String, kind: Kind, key: String, config: ProjectConfig,
    previous: Entry? = nil
  ) -> (entry: Entry, fresh: Bool) {
    var reader = EntityReader(root: root, config: config)
    let file = EntityReader.EntityFile(path: path, key: key)
    // Stamped before reading: a write after the stamp shows as a moved stamp next time.
    let stamp = FileStamp(path: root + "/" + path)
    let bytes = FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) }
    let hash = bytes.map { ContentHash(of: $0) }
    if var previous, let hash, previous.hash == hash, stamp != nil {
      previous.stamp = stamp
      return (previous, false)
    }
    let entity: Result<Entity, ProjectError>
    do throws(ProjectError) {
      guard let bytes else { throw ProjectError(file: path, message: "cannot read file") }
      let node: YAMLNode
      do {
        node = try YAMLParser().parse(bytes, file: path)
      } catch {
        throw ProjectError(error)
      }
      switch kind {
      case .attributes: entity = .success(.attribute(try reader.attribute(file, node)))
      case .locales: entity = .success(.locale(try reader.locale(file, node)))
      case .segments: entity = .success(.segment(try reader.segment(file, node)))
      case .messages: entity = .success(.message(try reader.message(file, node)))
      case .targets: entity = .success(.target(try reader.target(file, node)))
      case .tests: entity = .success(.test(try reader.testSpec(file, node)))
      }
    } catch {
      entity = .failure(error)
    }
    let entry = Entry(
      kind: kind, key: key, stamp: stamp, hash: hash, entity: entity,
      conditionSites: reader.conditionSites)
    return (entry, true)
  }

  /// Puts a parsed file into the cache and its entity into the model.
  func store(_ path: String, _ entry: Entry) {
    drop(path)
    dirty = true
    entries[path] = entry
    if !entry.conditionSites.isEmpty { sites[path] = (entry.kind, entry.conditionSites) }
    guard let config else { return }
    if model == nil { model = Project(rootPath: root, config: config, set: set) }
    switch entry.entity {
    case .failure(let error): failures[path] = (entry.kind, error)
    case .success(.attribute(let value)): model?.attributes[entry.key] = value
    case .success(.locale(let value)): model?.locales[entry.key] = value
    case .success(.segment(let value)): model?.segments[entry.key] = value
    case .success(.message(let value)):
      // Another file's message under the same key goes back into that file's entry before
      // the model takes this one (its entry must not lose it).
      if let other = model?.messages[entry.key], other.file != path,
        case .success(.messageInModel)? = entries[other.file]?.entity
      {
        entries[other.file]?.entity = .success(.message(other))
      }
      model?.messages[entry.key] = value
      entries[path]?.entity = .success(.messageInModel)
    case .success(.messageInModel): break
    case .success(.target(let value)): model?.targets[entry.key] = value
    case .success(.test(let value)): tests[path] = value
    }
  }

  /// The entity `entry` (cached under `path`) holds, with a message kept only in the model
  /// looked up there.
  func entity(of entry: Entry, at path: String) -> Result<Entity, ProjectError> {
    guard case .success(.messageInModel) = entry.entity else { return entry.entity }
    if let message = model?.messages[entry.key], message.file == path {
      return .success(.message(message))
    }
    return entry.entity
  }

  /// Removes a file from the cache and its entity from the model (when the entity under its key
  /// came from this file).
  func drop(_ path: String) {
    guard let entry = entries.removeValue(forKey: path) else { return }
    dirty = true
    sites[path] = nil
    failures[path] = nil
    tests[path] = nil
    let key = entry.key
    switch entry.kind {
    case .attributes: if model?.attributes[key]?.file == path { model?.attributes[key] = nil }
    case .locales: if model?.locales[key]?.file == path { model?.locales[key] = nil }
    case .segments: if model?.segments[key]?.file == path { model?.segments[key] = nil }
    case .messages: if model?.messages[key]?.file == path { model?.messages[key] = nil }
    case .targets: if model?.targets[key]?.file == path { model?.targets[key] = nil }
    case .tests: break
    }
  }

  /// The project from the model, cross-checked (errors in load order: kind, then path).
  func assemble(_ start: Outcome, config: ProjectConfig) -> Outcome {
    var outcome = start
    var project = model ?? Project(rootPath: root, config: config, set: set)
    var reader = EntityReader(root: root, config: config)
    func ordered<Value>(_ values: [String: (kind: Kind, Value)]) -> [Value] {
      values.sorted { lhs, rhs in
        lhs.value.kind == rhs.value.kind ? lhs.key < rhs.key : lhs.value.kind < rhs.value.kind
      }.map { $0.value.1 }
    }
    outcome.errors += ordered(failures.mapValues { ($0.kind, $0.error) })
    reader.conditionSites = ordered(sites.mapValues { ($0.kind, $0.sites) }).flatMap { $0 }
    project.tests = tests.sorted { $0.key < $1.key }.map(\.value)
    if outcome.errors.isEmpty {
      do {
        try reader.crossCheck(&project)
      } catch {
        outcome.errors = [error]
      }
    }
    guard outcome.errors.isEmpty else {
      unreported.messages.formUnion(outcome.changedMessages)
      unreported.structural = unreported.structural || outcome.structuralChange
      return outcome
    }
    outcome.changedMessages.formUnion(unreported.messages)
    outcome.structuralChange = outcome.structuralChange || unreported.structural
    unreported = ([], false)
    outcome.project = project
    return outcome
  }
}
