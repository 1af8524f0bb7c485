/// Which messages the browser lists. `f` cycles through them.
public enum MessageFilter: String, Sendable, Equatable, CaseIterable {
  /// Every message of the target.
  case all
  /// Only messages without a translation in the active locale.
  case missing
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

  /// The flags an entry needs to pass (empty for ``all``).
  public var required: MessageFlags {
    switch self {
    case .all: return []
    case .missing: return .missing
    case .overridden: return .overridden
    case .deprecated: return .deprecated
    case .fromOTA: return .fromOTA
    case .icuError: return .icuError
    case .lint: return .lint
    }
  }

  /// The next filter in `f`'s cycle.
  public var next: MessageFilter {
    let all = MessageFilter.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }
}
