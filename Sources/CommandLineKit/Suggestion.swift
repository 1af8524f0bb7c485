/// "Did you mean" for mistyped options and commands: the candidate with the smallest edit
/// distance, when it is close enough to be a typo (at most a third of the word, at least 1).
public enum Suggestion {
  /// The candidate closest to `word`, when one is close enough to be a typo of it.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = max(1, word.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    if best == nil, word.count >= 3 {
      // A prefix (`--pub` for `--publish-id`) is a suggestion too, when only one fits.
      let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
      if prefixed.count == 1 { return prefixed[0] }
    }
    return best?.0
  }

  /// ` (did you mean NAME?)` for the candidate closest to `word`, or `""` when none is close
  /// enough: the tail of every "unknown value" message (targets, locales, screens, sets,
  /// messages), spelt as the one for unknown options and commands.
  public static func didYouMean(_ word: String, in candidates: [String]) -> String {
    closest(to: word, in: candidates).map { " (did you mean \($0)?)" } ?? ""
  }

  /// Levenshtein distance with adjacent transpositions counted as one edit.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
