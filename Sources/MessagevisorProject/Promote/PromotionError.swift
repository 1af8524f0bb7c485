/// Why a promotion between sets cannot be planned or applied.
public enum PromotionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The project does not use sets (`sets: true` in its config).
  case notASetsProject
  /// A set that does not exist; `available` are the project's sets.
  case unknownSet(String, available: [String])
  /// `--from` and `--to` name the same set.
  case sameSet(String)
  /// `promotionFlows` in the config does not allow this promotion.
  case flowNotAllowed(from: String, to: String, allowed: [String])
  /// A file of either set cannot be read or parsed.
  case invalidFile(ProjectError)
  /// The destination set would not load after the promotion (for example, a promoted message
  /// names a segment that is not promoted); nothing is written.
  case resultDoesNotLoad(set: String, ProjectError)
  /// Conflicts under `--conflicts=fail`: the destination files that differ from the source.
  case conflicts([String])
  /// A write failed (the files written before it are listed in the output).
  case writeFailed(MessageEditError)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .notASetsProject:
      return "promote needs a project that uses sets (sets: true in messagevisor.config.yml)"
    case .unknownSet(let name, let available):
      return "unknown set \"\(name)\"; available: \(available.joined(separator: ", "))"
    case .sameSet(let name):
      return "--from and --to both name \"\(name)\"; promote copies between two different sets"
    case .flowNotAllowed(let from, let to, let allowed):
      let list = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
      return
        "promotionFlows in the config does not allow \(from) → \(to) (from \(from) it allows: \(list))"
    case .invalidFile(let error):
      return error.description
    case .resultDoesNotLoad(let set, let error):
      return
        "after this promotion the set \(set) would not load: \(error.description); nothing was written"
    case .conflicts(let files):
      return
        "\(files.count) conflict\(files.count == 1 ? "" : "s") (the destination differs from the source): \(files.joined(separator: ", ")); choose --conflicts=source or --conflicts=destination; nothing was written"
    case .writeFailed(let error):
      return error.description
    }
  }
}
