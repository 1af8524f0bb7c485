import Foundation

/// The one search every view uses (screens, diagnostics, events, the message browser, the locale
/// picker, help): case- and diacritic-insensitive substring matching over a view's items, and
/// stepping between matches with wrap-around.
public enum TextSearch {
  /// Whether `text` contains `query` (an empty query matches nothing).
  public static func matches(_ text: String, _ query: String) -> Bool {
    !query.isEmpty && text.range(of: query, options: options) != nil
  }

  /// Where `query` occurs in `text`, in order, without overlaps.
  public static func ranges(of query: String, in text: String) -> [Range<String.Index>] {
    guard !query.isEmpty else { return [] }
    var result: [Range<String.Index>] = []
    var start = text.startIndex
    while start < text.endIndex,
      let found = text.range(of: query, options: options, range: start..<text.endIndex)
    {
      result.append(found)
      start = found.upperBound > found.lowerBound ? found.upperBound : text.index(after: start)
    }
    return result
  }

  /// A match found by ``find(_:in:from:forward:includingCurrent:)``.
  public struct Match: Sendable, Equatable {
    /// The matching item.
    public var index: Int
    /// Whether the search went past the last (or first) item to find it.
    public var wrapped: Bool
    /// The match's place among all matches, from 1.
    public var ordinal: Int
    /// How many items match.
    public var count: Int
  }

  /// The next item after `current` that matches (the previous one when `forward` is false),
  /// wrapping around the ends; `includingCurrent` lets `current` itself match (a search just
  /// typed starts where the cursor is). `nil` when nothing matches.
  public static func find(
    _ query: String, in items: [String], from current: Int?, forward: Bool,
    includingCurrent: Bool = false
  ) -> Match? {
    let hits = items.indices.filter { matches(items[$0], query) }
    guard !hits.isEmpty else { return nil }
    let found: Int
    var wrapped = false
    if let current {
      if forward {
        if let next = hits.first(where: { includingCurrent ? $0 >= current : $0 > current }) {
          found = next
        } else {
          found = hits[0]
          wrapped = true
        }
      } else {
        if let previous = hits.last(where: { includingCurrent ? $0 <= current : $0 < current }) {
          found = previous
        } else {
          found = hits[hits.count - 1]
          wrapped = true
        }
      }
    } else {
      found = forward ? hits[0] : hits[hits.count - 1]
    }
    let ordinal = (hits.firstIndex(of: found) ?? 0) + 1
    return Match(index: found, wrapped: wrapped, ordinal: ordinal, count: hits.count)
  }

  private static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
}
