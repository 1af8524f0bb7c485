/// Where each kept diagnostic sits in ``PreviewState/diagnostics``, by its signature: adding a
/// diagnostic looks its repeat up in a hash table instead of comparing it with every kept entry.
///
/// The kept list is in recency order; each entry gets a stamp from a counter when it is appended,
/// so the stamps are ascending along the list and an entry's position is a binary search away.
/// It is derived data: two states with the same diagnostics are equal whatever their indexes hold,
/// and an index that no longer matches the list (the list was replaced from outside) is rebuilt.
struct DiagnosticIndex: Sendable, Equatable {
  /// The stamp of each kept entry, aligned with the diagnostics list (ascending).
  var stamps: [Int] = []
  /// The stamp of the entry with each signature.
  var bySignature: [DiagnosticSignature: Int] = [:]
  /// The next stamp.
  var nextStamp = 0

  /// Derived from the diagnostics, so never part of a state's identity.
  static func == (lhs: DiagnosticIndex, rhs: DiagnosticIndex) -> Bool { true }

  /// Indexes `diagnostics` from scratch (the last of equal entries wins, as a lookup from the
  /// newest end would find it).
  mutating func rebuild(_ diagnostics: [DiagnosticEntry]) {
    stamps = Array(diagnostics.indices)
    bySignature = Dictionary(
      diagnostics.enumerated().map { (DiagnosticSignature($0.element), $0.offset) },
      uniquingKeysWith: { _, last in last })
    nextStamp = diagnostics.count
  }

  /// The position of the kept entry with `signature`, if there is one.
  func position(of signature: DiagnosticSignature) -> Int? {
    guard let stamp = bySignature[signature] else { return nil }
    var low = 0
    var high = stamps.count
    while low < high {
      let middle = (low + high) / 2
      if stamps[middle] < stamp { low = middle + 1 } else { high = middle }
    }
    return low < stamps.count && stamps[low] == stamp ? low : nil
  }

  /// Records an entry appended at the end of the list.
  mutating func appended(_ signature: DiagnosticSignature) {
    stamps.append(nextStamp)
    bySignature[signature] = nextStamp
    nextStamp += 1
  }
}
