/// Upstream's key globs: `*` matches any characters, the pattern is anchored, everything else is
/// literal (`auth*` matches `auth.signin`).
///
/// A glob is compiled once (see ``GlobList``, which targets, lint and exports hold): `*` alone and
/// a pattern without `*` are decided without looking for parts.
public struct Glob: Sendable, Equatable {
  /// The pattern text.
  public let pattern: String
  /// The literal runs between the `*`s (one run: no `*`; two empty runs: `*` alone).
  let parts: [Substring]
  /// The pattern is `*` alone: it matches every text.
  let matchesEverything: Bool

  /// Creates a glob.
  public init(_ pattern: String) {
    self.pattern = pattern
    self.parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    matchesEverything = pattern == "*"
  }

  /// Whether `text` matches the whole pattern.
  public func matches(_ text: String) -> Bool {
    if matchesEverything { return true }
    guard parts.count > 1 else { return text == pattern }
    var rest = Substring(text)
    guard let first = parts.first, rest.hasPrefix(first) else { return false }
    rest = rest.dropFirst(first.count)
    guard let last = parts.last else { return false }
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.count >= last.count && rest.hasSuffix(last)
  }
}
