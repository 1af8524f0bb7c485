/// Which messages the browser lists. `f` cycles through them.
public enum MessageFilter: String, Sendable, Equatable, CaseIterable {
  /// Every message of the target.
  case all
  /// Only messages without a translation in the active locale.
  case missing
  /// Only messages without a translation of their own in the active locale: missing or
  /// inherited from another locale.
  case untranslated
  /// Only messages whose text an override replaced in the current context.
  case overridden
  /// Only deprecated messages.
  case deprecated
  /// Only messages whose text comes from the OTA overlay.
  case fromOTA = "from OTA"
  /// Only messages whose text is not valid ICU MessageFormat.
  case icuError = "ICU error"
  /// Only messages `lint` reports at warning or above in the active locale.
  case lint
  /// Only messages whose translation in the active locale needs a review: stale (the source
  /// changed since it was reviewed) or not reviewed.
  case needsReview = "stale or unreviewed"
  /// Only messages that block a release of the active locale (as `readiness` gates it): missing,
  /// stale, or not reviewed.
  case blocking

  /// The flags of which an entry needs at least one to pass (empty for ``all``: every entry
  /// passes).
  public var required: MessageFlags {
    switch self {
    case .all: return []
    case .missing: return .missing
    case .untranslated: return [.missing, .inherited]
    case .overridden: return .overridden
    case .deprecated: return .deprecated
    case .fromOTA: return .fromOTA
    case .icuError: return .icuError
    case .lint: return .lint
    case .needsReview: return [.stale, .unreviewed]
    case .blocking: return [.missing, .stale, .unreviewed]
    }
  }

  /// Whether an entry with `flags` passes the filter.
  public func passes(_ flags: MessageFlags) -> Bool {
    let required = self.required
    return required.isEmpty || !flags.isDisjoint(with: required)
  }

  /// The next filter in `f`'s cycle.
  public var next: MessageFilter {
    let all = MessageFilter.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }
}
