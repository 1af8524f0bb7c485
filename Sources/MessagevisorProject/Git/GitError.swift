/// Why a project could not be read from git: each case names what to do about it.
public enum GitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `git` could not be started (not installed, or not on `PATH`).
  case gitUnavailable(reason: String)
  /// The directory is not inside a git checkout.
  case notACheckout(directory: String)
  /// The ref names no commit; `candidates` are the branches and tags that exist.
  case unknownRef(String, candidates: [String])
  /// The ref is not in this shallow clone's history.
  case shallowHistory(ref: String)
  /// The repository has no commit yet, so `HEAD` names nothing.
  case noCommits
  /// A git command failed for another reason (its standard error, trimmed).
  case failed(command: String, message: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .gitUnavailable(let reason):
      return "cannot run git (\(reason)); install git or put it on PATH"
    case .notACheckout(let directory):
      return
        "\(directory) is not inside a git checkout; run diff in a clone (or `git init` it and commit)"
    case .unknownRef(let ref, _):
      return "unknown revision \"\(ref)\": no branch, tag or commit has this name"
    case .shallowHistory(let ref):
      return
        "\"\(ref)\" is not in this shallow clone's history; fetch it first (git fetch --unshallow, or git fetch --deepen=N)"
    case .noCommits:
      return
        "the repository has no commits yet, so HEAD names nothing; commit the project first (or pass --from and --to)"
    case .failed(let command, let message):
      return "git \(command) failed: \(message)"
    }
  }
}
