/// One difference in copy or routing between two versions of a project (see ``CopyDiff``).
public struct CopyChange: Sendable, Equatable {
  /// What changed.
  public enum Kind: String, Sendable, CaseIterable {
    /// A message that exists only in the newer version.
    case messageAdded
    /// A message that exists only in the older version.
    case messageRemoved
    /// A translation that exists only in the newer version.
    case added
    /// A translation that exists only in the older version.
    case removed
    /// A translation whose text changed.
    case modified
    /// A `translationStates` status that changed (`draft`, `translated`, `reviewed`).
    case stateChanged
    /// An override that exists only in the newer version.
    case overrideAdded
    /// An override that exists only in the older version.
    case overrideRemoved
    /// Overrides present in both versions whose order changed (the first match wins).
    case overridesReordered
    /// An override's `conditions` changed.
    case conditionsChanged
    /// An override's `segments` changed.
    case segmentsChanged
    /// A segment definition that exists only in the newer version.
    case segmentAdded
    /// A segment definition that exists only in the older version.
    case segmentRemoved
    /// A segment definition whose conditions changed.
    case segmentChanged

    /// Whether the change is about routing (overrides, conditions, segments) rather than text.
    public var isRouting: Bool {
      switch self {
      case .overrideAdded, .overrideRemoved, .overridesReordered, .conditionsChanged,
        .segmentsChanged, .segmentAdded, .segmentRemoved, .segmentChanged:
        return true
      default: return false
      }
    }

    /// Whether the change is about one translation's text.
    public var isTranslation: Bool { self == .added || self == .removed || self == .modified }
  }

  /// What changed.
  public var kind: Kind
  /// The set, in a project that uses sets.
  public var set: String?
  /// The message key (`nil` for a segment change).
  public var messageKey: String?
  /// The override key, when the change is about an override.
  public var overrideKey: String?
  /// The segment key, for segment changes.
  public var segmentKey: String?
  /// The locale, for translation and state changes.
  public var locale: String?
  /// The older value (text, status, conditions as JSON, override order), when there is one.
  public var before: String?
  /// The newer value, when there is one.
  public var after: String?
  /// Where the older value is, in the older version's files.
  public var beforeLocation: SourceLocation?
  /// Where the newer value is, in the newer version's files.
  public var afterLocation: SourceLocation?
  /// With `resolved`: the locale the older effective text comes from (after inheritance).
  public var beforeSourceLocale: String?
  /// With `resolved`: the locale the newer effective text comes from.
  public var afterSourceLocale: String?

  /// Creates a change.
  public init(
    kind: Kind, set: String? = nil, messageKey: String? = nil, overrideKey: String? = nil,
    segmentKey: String? = nil, locale: String? = nil, before: String? = nil, after: String? = nil,
    beforeLocation: SourceLocation? = nil, afterLocation: SourceLocation? = nil
  ) {
    self.kind = kind
    self.set = set
    self.messageKey = messageKey
    self.overrideKey = overrideKey
    self.segmentKey = segmentKey
    self.locale = locale
    self.before = before
    self.after = after
    self.beforeLocation = beforeLocation
    self.afterLocation = afterLocation
  }

  /// The entity the change belongs to: `message KEY` or `segment KEY`.
  public var entityLabel: String {
    if let messageKey { return messageKey }
    return "segment " + (segmentKey ?? "")
  }
}
