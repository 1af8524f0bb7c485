import MessagevisorICU

/// Catalog arguments are positional (`%1$@` → `{arg1}`), project messages name theirs (`{count}`):
/// this maps one onto the other, so an OTA value for a project message renders with the values the
/// app passes by name.
///
/// The n-th name is the n-th argument in order of first appearance in the project (base) message;
/// ``ICUCatalogConverter`` numbers the arguments of a published ICU value the same way, and accepts
/// the base message's order when the caller knows it.
public enum CatalogArgumentNames {
  /// The argument names of an ICU message in order of first appearance (`device` of a device
  /// select is not an argument), or nil when the message does not parse.
  public static func names(in message: String) -> [String]? {
    guard message.utf8.contains(0x7B) else { return [] }
    guard let parsed = try? ICUParser.parse(message) else { return nil }
    return names(in: parsed.nodes)
  }

  /// The argument names of parsed ICU nodes in order of first appearance (`device` of a device
  /// select is not an argument).
  static func names(in nodes: [ICUNode]) -> [String] {
    var order: [String] = []
    func walk(_ nodes: [ICUNode]) {
      for node in nodes {
        switch node {
        case .argument(let name), .number(let name, _), .date(let name, _), .time(let name, _):
          if !order.contains(name) { order.append(name) }
        case .plural(let name, let plural):
          if !order.contains(name) { order.append(name) }
          for branch in plural.exact { walk(branch.nodes) }
          for key in plural.categories.keys.sorted() { walk(plural.categories[key] ?? []) }
          walk(plural.other)
        case .select(let name, let select):
          if name != "device", !order.contains(name) { order.append(name) }
          for key in select.branches.keys.sorted() { walk(select.branches[key] ?? []) }
          walk(select.other)
        case .literal, .pound: break
        }
      }
    }
    walk(nodes)
    return order
  }

  /// `icu` (written by ``ICUMessageBuilder`` with `arg1`, `arg2`, …) with `argN` renamed to the
  /// n-th name of `base`. Unchanged when the base has no named arguments, names `argN` itself, or
  /// does not parse.
  public static func rename(_ icu: String, like base: String) -> String {
    guard icu.contains("{arg"), let names = names(in: base), !names.isEmpty,
      !names.allSatisfy({ $0.hasPrefix("arg") && Int($0.dropFirst(3)) != nil })
    else { return icu }
    var out = ""
    out.reserveCapacity(icu.utf8.count)
    var rest = Substring(icu)
    while let range = rest.range(of: "{arg") {
      out += rest[..<range.lowerBound]
      var cursor = range.upperBound
      var digits = ""
      while cursor < rest.endIndex, let digit = rest[cursor].wholeNumberValue, rest[cursor].isASCII
      {
        digits.append(String(digit))
        cursor = rest.index(after: cursor)
      }
      if let n = Int(digits), n >= 1, n <= names.count, cursor < rest.endIndex,
        rest[cursor] == "}" || rest[cursor] == ","
      {
        out += "{" + names[n - 1]
      } else {
        out += rest[range.lowerBound..<cursor]
      }
      rest = rest[cursor...]
    }
    out += rest
    return out
  }
}
