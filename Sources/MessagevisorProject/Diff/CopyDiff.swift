import Messagevisor

/// The copy and routing changes between two versions of a project: translations added, removed
/// and modified (with file:line:column on each side that has them), `translationStates` changes,
/// and routing changes (overrides added, removed, reordered; condition and segment edits).
public struct CopyDiff: Sendable, Equatable {
  /// What a comparison covers.
  public struct Options: Sendable, Equatable {
    /// Compare the effective copy per locale after `inheritTranslationsFrom`, instead of the
    /// translations as written.
    public var resolved = false
    /// Only translation and state changes of this locale (routing changes are always shown).
    public var locale: String?

    /// Creates options with every default.
    public init() {}
  }

  /// The label of the older version (a ref).
  public var from: String
  /// The label of the newer version (a ref, or `working tree`).
  public var to: String
  /// Whether the effective copy after inheritance was compared.
  public var resolved: Bool
  /// The changes, grouped by set and entity in key order.
  public var changes: [CopyChange]
  /// Notes for the reader (for example, that the working tree has uncommitted changes).
  public var notes: [String] = []

  /// Creates a diff from its parts.
  public init(from: String, to: String, resolved: Bool, changes: [CopyChange]) {
    self.from = from
    self.to = to
    self.resolved = resolved
    self.changes = changes
  }

  /// Whether anything changed.
  public var isEmpty: Bool { changes.isEmpty }

  /// Counts by kind of change.
  public struct Summary: Sendable, Equatable {
    /// Messages (and segments) with at least one change.
    public var entities = 0
    /// Messages added.
    public var messagesAdded = 0
    /// Messages removed.
    public var messagesRemoved = 0
    /// Translations added.
    public var added = 0
    /// Translations removed.
    public var removed = 0
    /// Translations modified.
    public var modified = 0
    /// Workflow-state changes.
    public var stateChanges = 0
    /// Routing changes.
    public var routingChanges = 0
  }

  /// The counts of ``changes``.
  public var summary: Summary {
    var summary = Summary()
    var entities = Set<String>()
    for change in changes {
      entities.insert((change.set ?? "") + "\u{0}" + change.entityLabel)
      switch change.kind {
      case .messageAdded: summary.messagesAdded += 1
      case .messageRemoved: summary.messagesRemoved += 1
      case .added: summary.added += 1
      case .removed: summary.removed += 1
      case .modified: summary.modified += 1
      case .stateChanged: summary.stateChanges += 1
      default: summary.routingChanges += 1
      }
    }
    summary.entities = entities.count
    return summary
  }

  /// The changes from `old` to `new` (either may be `nil`: a set that exists on one side only),
  /// labelled with `set`.
  public static func changes(
    from old: Project?, to new: Project?, set: String? = nil, options: Options = Options()
  ) -> [CopyChange] {
    var comparison = Comparison(old: old, new: new, set: set, options: options)
    comparison.run()
    return comparison.changes
  }
}
