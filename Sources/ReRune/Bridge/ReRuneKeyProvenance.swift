/// Where the text of a key comes from in a ``ReRuneMessagevisorBridge`` (for the previewer's inspect mode).
public enum ReRuneKeyProvenance: Sendable, Equatable, CustomStringConvertible {
  /// The base datafile (bundled catalog or Messagevisor project).
  case base
  /// An applied OTA payload: the manifest locale key that supplied it and the manifest revision applied.
  case ota(locale: String, revision: Int)
  /// Neither base nor OTA has the key for that locale.
  case missing

  /// `base`, `ota de @ 7` or `missing`.
  public var description: String {
    switch self {
    case .base: return "base"
    case .ota(let locale, let revision): return "ota \(locale) @ \(revision)"
    case .missing: return "missing"
    }
  }
}
