import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorICU

/// The translation contract of an ICU message: its arguments with their types (select keys,
/// `=N` values and offsets included) and its rich-text tags. Two translations of one message
/// must have the same signature; plural categories and order may differ.
struct ICUSignature: Equatable {
  /// Argument name → the type descriptors it is used with (`plain`, `number`, `date`, `time`,
  /// `select[a,b]`, `plural(offset 1)[=0]`, `selectordinal[]`).
  var arguments: [String: Set<String>] = [:]
  /// Rich-text tag names (`b`, `/b`, `link/`).
  var tags: [String: Int] = [:]

  init(_ message: ICUMessage, text: String) {
    collect(message.nodes)
    if message.containsTags { tags = Self.tags(in: text) }
  }

  mutating func collect(_ nodes: [ICUNode]) {
    for node in nodes {
      switch node {
      case .literal, .pound: break
      case .argument(let name): arguments[name, default: []].insert("plain")
      case .number(let name, _): arguments[name, default: []].insert("number")
      case .date(let name, _): arguments[name, default: []].insert("date")
      case .time(let name, _): arguments[name, default: []].insert("time")
      case .select(let name, let select):
        let keys = select.branches.keys.sorted().joined(separator: ",")
        arguments[name, default: []].insert("select[\(keys)]")
        for key in select.branches.keys.sorted() { collect(select.branches[key] ?? []) }
        collect(select.other)
      case .plural(let name, let plural):
        let exact = plural.exact.map { "=" + JavaScriptNumber.string($0.value) }.sorted()
        let offset = plural.offset == 0 ? "" : "(offset \(JavaScriptNumber.string(plural.offset)))"
        arguments[name, default: []].insert(
          "\(plural.ordinal ? "selectordinal" : "plural")\(offset)[\(exact.joined(separator: ","))]"
        )
        for exact in plural.exact { collect(exact.nodes) }
        for key in plural.categories.keys.sorted() { collect(plural.categories[key] ?? []) }
        collect(plural.other)
      }
    }
  }

  /// Tag names with counts (`<b>` → `b`, `</b>` → `/b`, `<br/>` → `br/`).
  static func tags(in text: String) -> [String: Int] {
    var result: [String: Int] = [:]
    guard let regex = try? NSRegularExpression(pattern: "<(/?)([A-Za-z][A-Za-z0-9_-]*)\\s*(/?)>")
    else { return result }
    let range = NSRange(text.startIndex..., in: text)
    for match in regex.matches(in: text, range: range) {
      guard let whole = Range(match.range, in: text) else { continue }
      let tag = text[whole].replacingOccurrences(of: " ", with: "")
      result[String(tag.dropFirst().dropLast()), default: 0] += 1
    }
    return result
  }

  /// What differs from `source`, in words; empty when the contract holds.
  func differences(from source: ICUSignature) -> [String] {
    var result: [String] = []
    for name in source.arguments.keys.sorted() where arguments[name] == nil {
      result.append("lacks the argument {\(name)}")
    }
    for name in arguments.keys.sorted() where source.arguments[name] == nil {
      result.append("has {\(name)}, which the source does not")
    }
    for name in source.arguments.keys.sorted() {
      guard let mine = arguments[name], let theirs = source.arguments[name], mine != theirs
      else { continue }
      result.append(
        "uses {\(name)} as \(mine.sorted().joined(separator: " and ")) where the source has \(theirs.sorted().joined(separator: " and "))"
      )
    }
    if tags != source.tags {
      func list(_ tags: [String: Int]) -> String {
        tags.isEmpty ? "none" : tags.keys.sorted().map { "<\($0)>" }.joined(separator: " ")
      }
      result.append("has the tags \(list(tags)) where the source has \(list(source.tags))")
    }
    return result
  }
}
