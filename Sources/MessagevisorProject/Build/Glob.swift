/// Upstream's key globs: `*` matches any characters, the pattern is anchored, everything else is
/// literal (`auth*` matches `auth.signin`).
public struct Glob: Sendable, Equatable {
  /// The pattern text.
  public var pattern: String
  let parts: [Substring]

  /// Creates a glob.
  public init(_ pattern: String) {
    self.pattern = pattern
    self.parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
  }

  /// Whether `text` matches the whole pattern.
  public func matches(_ text: String) -> Bool {
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

  /// Whether any of `patterns` matches `text`.
  public static func any(_ patterns: [String], _ text: String) -> Bool {
    patterns.contains { pattern in
      // The common patterns without building a glob: `*` and a literal key.
      if pattern == "*" { return true }
      if !pattern.utf8.contains(UInt8(ascii: "*")) { return pattern == text }
      return Glob(pattern).matches(text)
    }
  }
}
