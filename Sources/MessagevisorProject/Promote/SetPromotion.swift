import Foundation
import Messagevisor

/// A plan to copy entities (attributes, locales, segments, messages) from one set of a project to
/// another, as upstream's `promote --from A --to B`: what would be created, updated, kept or
/// skipped, and the bytes each write would put in place. ``apply()`` writes it atomically, file
/// by file; an entity is compared by what its file means (parsed), not by its bytes.
public struct SetPromotion: Sendable {
  /// What happens when an entity exists in both sets and differs.
  public enum ConflictPolicy: String, Sendable, CaseIterable {
    /// The source set's version replaces the destination's.
    case source
    /// The destination's version stays.
    case destination
    /// Nothing is written while any entity conflicts.
    case fail
  }

  /// What to promote.
  public struct Options: Sendable, Equatable {
    /// The source set.
    public var from: String
    /// The destination set.
    public var to: String
    /// The conflict policy (default ``ConflictPolicy/fail``).
    public var conflicts = ConflictPolicy.fail
    /// Message key globs to promote (empty: every message).
    public var includeMessages = GlobList([])
    /// Message key globs not to promote.
    public var excludeMessages = GlobList([])
    /// Promote messages without their overrides (the destination keeps its own).
    public var excludeOverrides = false

    /// Options promoting every entity of `from` to `to`.
    public init(from: String, to: String) {
      self.from = from
      self.to = to
    }
  }

  /// One entity of the source set and what the promotion does with it.
  public struct Item: Sendable, Equatable {
    /// What happens to the entity.
    public enum Action: String, Sendable, CaseIterable {
      /// It is new in the destination: the file is created.
      case create
      /// It differs and the source wins: the destination's file is replaced.
      case update
      /// It differs and the destination wins (or the promotion fails): nothing is written.
      case conflict
      /// Both sets hold the same entity.
      case unchanged
      /// Not promoted: `promotable: false`, or filtered out.
      case skip
    }
    /// `attribute`, `locale`, `segment` or `message`.
    public var entityType: String
    /// The entity key.
    public var entityKey: String
    /// What happens.
    public var action: Action
    /// The source file, relative to the project root.
    public var sourcePath: String
    /// The destination file, relative to the project root.
    public var destinationPath: String
    /// Why (for conflicts: what differs; for skips: why not promoted).
    public var reason: String?
    /// The bytes a create or update writes.
    var bytes: [UInt8]? = nil
    /// The destination file as read, for an update.
    var snapshot: FileSnapshot? = nil
  }

  /// The project root.
  public var projectDirectory: String
  /// The options the plan was made with.
  public var options: Options
  /// Every entity of the source set, in type then key order.
  public var items: [Item]

  /// The entity kinds promoted, with their folder names, in order.
  static let kinds = [
    ("attribute", "attributes"), ("locale", "locales"), ("segment", "segments"),
    ("message", "messages"),
  ]

  /// The items with `action`.
  public func items(_ action: Item.Action) -> [Item] { items.filter { $0.action == action } }

  /// Whether anything would be written.
  public var hasWrites: Bool { items.contains { $0.action == .create || $0.action == .update } }

  /// Plans promoting `options.from` to `options.to` in the project at `projectDirectory`.
  /// - Throws: ``PromotionError`` for a project without sets, an unknown set, a flow the config
  ///   forbids, or a file that does not parse. Conflicts are items of the plan (see
  ///   ``blockingConflicts``).
  public static func plan(projectDirectory: String, options: Options) throws(PromotionError)
    -> SetPromotion
  {
    let config: ProjectConfig
    do { config = try ProjectConfig.load(directory: projectDirectory) } catch {
      throw .invalidFile(error)
    }
    guard config.sets else { throw .notASetsProject }
    let available = ProjectConfig.setNames(projectDirectory: projectDirectory)
    for name in [options.from, options.to] where !available.contains(name) {
      throw .unknownSet(name, available: available)
    }
    guard options.from != options.to else { throw .sameSet(options.from) }
    if let flows = config.promotionFlows {
      let allowed = flows[options.from] ?? []
      guard allowed.contains(options.to) else {
        throw .flowNotAllowed(from: options.from, to: options.to, allowed: allowed)
      }
    }
    let reader = EntityReader(root: projectDirectory, config: config)
    var items: [Item] = []
    for (type, folder) in kinds {
      let files: [EntityReader.EntityFile]
      do { files = try reader.files(in: "sets/\(options.from)/\(folder)") } catch {
        throw .invalidFile(error)
      }
      for file in files {
        let relative = String(file.path.dropFirst("sets/\(options.from)/".count))
        var item = Item(
          entityType: type, entityKey: file.key, action: .unchanged, sourcePath: file.path,
          destinationPath: "sets/\(options.to)/" + relative)
        try plan(&item, reader: reader, options: options)
        items.append(item)
      }
    }
    let promotion = SetPromotion(
      projectDirectory: projectDirectory, options: options, items: items)
    if promotion.hasWrites { try promotion.checkResult(config: config) }
    return promotion
  }

  /// Loads the destination set as the plan would leave it (a copy of it in a temporary
  /// directory, with the planned files in place), so a promotion that would break it is refused
  /// before anything is written.
  func checkResult(config: ProjectConfig) throws(PromotionError) {
    let manager = FileManager.default
    let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "messagevisor-promote-\(UUID().uuidString)")
    defer { try? manager.removeItem(atPath: scratch) }
    let setPath = "sets/\(options.to)"
    do {
      try manager.createDirectory(
        atPath: scratch + "/sets", withIntermediateDirectories: true)
      try manager.copyItem(
        atPath: (projectDirectory as NSString).appendingPathComponent(setPath),
        toPath: scratch + "/" + setPath)
      for item in items {
        guard let bytes = item.bytes, item.action == .create || item.action == .update else {
          continue
        }
        let target = scratch + "/" + item.destinationPath
        try manager.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
      }
    } catch {
      throw .invalidFile(
        ProjectError(file: setPath, message: "cannot check the result of the promotion: \(error)"))
    }
    do {
      _ = try ProjectLoader().load(path: scratch, set: options.to, config: config)
    } catch {
      throw .resultDoesNotLoad(set: options.to, error)
    }
  }

  /// Under ``ConflictPolicy/fail``, the conflicts that forbid writing anything.
  public var blockingConflicts: PromotionError? {
    let conflicts = items(.conflict)
    guard options.conflicts == .fail, !conflicts.isEmpty else { return nil }
    return .conflicts(conflicts.map(\.destinationPath))
  }

  /// Decides what happens to one entity.
  static func plan(_ item: inout Item, reader: EntityReader, options: Options)
    throws(PromotionError)
  {
    let root = reader.root
    let isMessage = item.entityType == "message"
    if isMessage {
      let included =
        options.includeMessages.isEmpty || options.includeMessages.matchesAny(item.entityKey)
      if !included || options.excludeMessages.matchesAny(item.entityKey) {
        item.action = .skip
        item.reason = "filtered out"
        return
      }
    }
    let sourceBytes: [UInt8]
    let source: YAMLNode
    do {
      sourceBytes = try AtomicFileWriter.readBytes(
        (root as NSString).appendingPathComponent(item.sourcePath))
      source = try reader.parse(item.sourcePath)
    } catch let error as ProjectError {
      throw .invalidFile(error)
    } catch {
      throw .invalidFile(ProjectError(file: item.sourcePath, message: "\(error)"))
    }
    if source["promotable"]?.scalar?.boolValue == false {
      item.action = .skip
      item.reason = "promotable: false"
      return
    }
    let stripOverrides = isMessage && options.excludeOverrides
    let destinationFull = (root as NSString).appendingPathComponent(item.destinationPath)
    guard FileManager.default.fileExists(atPath: destinationFull) else {
      item.action = .create
      item.bytes =
        stripOverrides && source["overrides"] != nil
        ? try cuttingOverrides(sourceBytes, file: item.sourcePath).bytes : sourceBytes
      return
    }
    let snapshot: FileSnapshot
    let destination: YAMLNode
    do {
      snapshot = try AtomicFileWriter.read(destinationFull)
      destination = try reader.parse(item.destinationPath)
    } catch let error as ProjectError {
      throw .invalidFile(error)
    } catch {
      throw .invalidFile(ProjectError(file: item.destinationPath, message: "\(error)"))
    }
    func meaning(_ node: YAMLNode) -> MessagevisorValue {
      guard stripOverrides, case .object(var object) = node.value else { return node.value }
      object["overrides"] = nil
      return .object(object)
    }
    guard meaning(source) != meaning(destination) else {
      item.action = .unchanged
      return
    }
    item.reason = differences(source.value, destination.value, stripOverrides: stripOverrides)
    switch options.conflicts {
    case .destination, .fail:
      item.action = .conflict
    case .source:
      item.action = .update
      item.snapshot = snapshot
      if stripOverrides {
        let cut = try cuttingOverrides(sourceBytes, file: item.sourcePath)
        let kept =
          destination["overrides"] == nil
          ? [] : try cuttingOverrides(snapshot.bytes, file: item.destinationPath).cut
        var bytes = cut.bytes
        if !kept.isEmpty, let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        bytes += kept
        var expected = source.value.objectValue ?? [:]
        expected["overrides"] = destination.value.objectValue?["overrides"]
        guard
          let written = try? YAMLParser().parse(bytes, file: item.destinationPath),
          written.value == .object(expected)
        else {
          item.action = .conflict
          item.snapshot = nil
          item.reason =
            "cannot keep the destination's overrides while copying the rest; copy it by hand"
          return
        }
        item.bytes = bytes
      } else {
        item.bytes = sourceBytes
      }
    }
  }

  /// What differs between two versions of an entity: `translations nl-NL, de-DE; overrides`.
  static func differences(
    _ source: MessagevisorValue, _ destination: MessagevisorValue, stripOverrides: Bool
  ) -> String {
    let left = source.objectValue ?? [:]
    let right = destination.objectValue ?? [:]
    var parts: [String] = []
    for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
      if stripOverrides, key == "overrides" { continue }
      if key == "translations" {
        let old = left[key]?.objectValue ?? [:]
        let new = right[key]?.objectValue ?? [:]
        let locales = Set(old.keys).union(new.keys).sorted().filter { old[$0] != new[$0] }
        parts.append("translations " + locales.joined(separator: ", "))
      } else {
        parts.append(key)
      }
    }
    return "differs in " + parts.joined(separator: "; ")
  }

  /// `bytes` without the top-level `overrides:` entry (from its line to the next top-level key),
  /// and the lines that were cut.
  static func cuttingOverrides(_ bytes: [UInt8], file: String) throws(PromotionError) -> (
    bytes: [UInt8], cut: [UInt8]
  ) {
    let unsupported = PromotionError.invalidFile(
      ProjectError(
        file: file,
        message:
          "--excludeOverrides needs a block-style YAML message file to cut the overrides from"))
    guard let root = try? YAMLSourceReader(file: file).read(bytes),
      case .mapping(let entries, let flow) = root.kind, !flow,
      let index = entries.firstIndex(where: { $0.key == "overrides" })
    else { throw unsupported }
    func lineStart(_ offset: Int) -> Int {
      var position = min(offset, bytes.count)
      while position > 0, bytes[position - 1] != 0x0A { position -= 1 }
      return position
    }
    let start = lineStart(entries[index].keyNode.start.offset)
    let end =
      index + 1 < entries.count ? lineStart(entries[index + 1].keyNode.start.offset) : bytes.count
    guard start <= end else { throw unsupported }
    return (Array(bytes[..<start] + bytes[end...]), Array(bytes[start..<end]))
  }

  /// Writes the plan's creates and updates, each atomically; an update refuses when the
  /// destination file changed since the plan read it. Returns the changes written.
  /// - Throws: ``blockingConflicts`` (nothing written), or ``PromotionError/writeFailed(_:)`` at
  ///   the first write that fails (the earlier ones stay written and are not in the result).
  @discardableResult
  public func apply() throws(PromotionError) -> [SavedFileChange] {
    if let blockingConflicts { throw blockingConflicts }
    var written: [SavedFileChange] = []
    for item in items {
      guard let bytes = item.bytes else { continue }
      let path = (projectDirectory as NSString).appendingPathComponent(item.destinationPath)
      do {
        switch item.action {
        case .create: written.append(try AtomicFileWriter.create(bytes, at: path))
        case .update:
          guard let snapshot = item.snapshot else { continue }
          written.append(try AtomicFileWriter.write(bytes, replacing: snapshot))
        default: continue
        }
      } catch {
        throw .writeFailed(error)
      }
    }
    return written
  }
}
