import MessagevisorICU

/// An argument an ICU message needs, as the detail view lists it (`count: plural`).
public struct ICUArgument: Sendable, Equatable {
  /// The argument name.
  public var name: String
  /// How the message uses it: `text`, `number`, `date`, `time`, `plural`, `selectordinal` or
  /// `select` (several uses are joined with `/`).
  public var kind: String

  /// Creates an argument.
  public init(name: String, kind: String) {
    self.name = name
    self.kind = kind
  }

  /// The arguments of a parsed message, in first-use order, every branch included.
  public static func of(_ message: ICUMessage) -> [ICUArgument] {
    var order: [String] = []
    var kinds: [String: [String]] = [:]
    func note(_ name: String, _ kind: String) {
      if kinds[name] == nil { order.append(name) }
      if !(kinds[name]?.contains(kind) ?? false) { kinds[name, default: []].append(kind) }
    }
    func walk(_ nodes: [ICUNode]) {
      for node in nodes {
        switch node {
        case .literal, .pound: break
        case .argument(let name): note(name, "text")
        case .number(let name, _): note(name, "number")
        case .date(let name, _): note(name, "date")
        case .time(let name, _): note(name, "time")
        case .plural(let name, let plural):
          note(name, plural.ordinal ? "selectordinal" : "plural")
          for branch in plural.exact { walk(branch.nodes) }
          for key in plural.categories.keys.sorted() { walk(plural.categories[key] ?? []) }
          walk(plural.other)
        case .select(let name, let select):
          note(name, "select")
          for key in select.branches.keys.sorted() { walk(select.branches[key] ?? []) }
          walk(select.other)
        }
      }
    }
    walk(message.nodes)
    return order.map { ICUArgument(name: $0, kind: (kinds[$0] ?? []).joined(separator: "/")) }
  }
}
