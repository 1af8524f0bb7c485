extension Project {
  /// A target of every message and locale with no build-time context, named `key`: what the
  /// CLI's assertions use when the project has no `swift` target, and what the previewer shows
  /// for a project without targets (upstream's implicit `swift` target).
  public static func implicitTarget(named key: String) -> ProjectTarget {
    var target = ProjectTarget(key: key)
    target.file = "(implicit \(key) target)"
    return target
  }

  /// This project with ``implicitTarget(named:)`` added under `key` when it has no target of
  /// that name.
  public func addingImplicitTarget(named key: String) -> Project {
    guard targets[key] == nil else { return self }
    var copy = self
    copy.targets[key] = Self.implicitTarget(named: key)
    return copy
  }
}
