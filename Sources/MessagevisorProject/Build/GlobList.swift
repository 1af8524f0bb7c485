/// Key globs compiled once (a target's `includeMessages`, lint's `ignoreKeys`, an export's
/// `--include`): whether any of them matches a key.
public struct GlobList: Sendable, Equatable {
  /// The globs, in the order written.
  public private(set) var globs: [Glob]

  /// Compiles `patterns`.
  public init(_ patterns: [String]) {
    globs = patterns.map(Glob.init)
  }

  /// The patterns as written.
  public var patterns: [String] { globs.map(\.pattern) }

  /// Whether there is no pattern.
  public var isEmpty: Bool { globs.isEmpty }

  /// Whether any glob matches `text`.
  public func matchesAny(_ text: String) -> Bool {
    globs.contains { $0.matches(text) }
  }
}
