/// A parsed ICU MessageFormat message, ready to evaluate any number of times.
public struct ICUMessage: Sendable, Equatable {
  /// The top-level nodes.
  public var nodes: [ICUNode]
  /// Whether the source contains something that looks like a rich-text tag (`<b>`, `</b>`).
  /// Tags are always literal text; the module reports `unsupported_formatter` when rich tag
  /// processing is requested for such a message.
  public var containsTags: Bool

  /// Creates a message from nodes.
  public init(nodes: [ICUNode], containsTags: Bool = false) {
    self.nodes = nodes
    self.containsTags = containsTags
  }

  /// The message text when it consists of literal text only, else `nil`.
  public var literalText: String? {
    switch nodes.count {
    case 0: return ""
    case 1:
      if case .literal(let text) = nodes[0] { return text }
      return nil
    default: return nil
    }
  }
}
