/// What changed under a watched project directory during one debounce window.
///
/// Paths are relative to the watched root and use `/`. A batch is a hint: `rescan` says that events
/// were lost (the kernel queue overflowed, a directory was moved, the root came back) and anything
/// may have changed, so a consumer must look at every file again.
public struct ProjectChangeBatch: Sendable, Equatable {
  /// Files and directories that were written, created, deleted or moved (relative paths).
  public var paths: Set<String>
  /// Whether files or directories appeared, disappeared or moved (the list of files changed), as
  /// opposed to existing files being rewritten in place.
  public var structureChanged: Bool
  /// Whether events were lost or the tree was re-watched: every file may have changed.
  public var rescan: Bool
  /// Whether the watched root directory itself is gone (deleted, moved away or unmounted). The
  /// watcher keeps looking for it and reports a batch with `rescan` when it is back.
  public var rootRemoved: Bool
  /// How many kernel events the batch coalesces.
  public var eventCount: Int
  /// Problems met while watching (e.g. the inotify watch limit was reached for a directory).
  public var problems: [String]

  /// Creates a batch.
  public init(
    paths: Set<String> = [], structureChanged: Bool = false, rescan: Bool = false,
    rootRemoved: Bool = false, eventCount: Int = 0, problems: [String] = []
  ) {
    self.paths = paths
    self.structureChanged = structureChanged
    self.rescan = rescan
    self.rootRemoved = rootRemoved
    self.eventCount = eventCount
    self.problems = problems
  }

  /// Whether the batch says nothing at all.
  public var isEmpty: Bool {
    paths.isEmpty && !structureChanged && !rescan && !rootRemoved && problems.isEmpty
  }

  /// Adds another batch's changes to this one.
  public mutating func merge(_ other: ProjectChangeBatch) {
    paths.formUnion(other.paths)
    structureChanged = structureChanged || other.structureChanged
    rescan = rescan || other.rescan
    rootRemoved = other.rootRemoved
    eventCount += other.eventCount
    problems += other.problems
  }
}
