/// A preview screen read from `previews/<name>.yml`: a title and blocks bound to message keys.
public struct ScreenDefinition: Sendable, Equatable {
  /// The screen's name (the file name without `.yml`).
  public var name: String
  /// The title shown on the screen's frame and in the header.
  public var title: String
  /// The file it came from (relative to the project root).
  public var file: String
  /// The blocks, top to bottom.
  public var blocks: [ScreenBlockSpec]
  /// Where the screen goes in switching order (`order:`; lower first, then by name). The first
  /// screen is the one the previewer starts on.
  public var order: Int?

  /// Creates a definition.
  public init(
    name: String, title: String, file: String, blocks: [ScreenBlockSpec], order: Int? = nil
  ) {
    self.name = name
    self.title = title
    self.file = file
    self.blocks = blocks
    self.order = order
  }

  /// Every message binding of the screen (values included), in block order.
  public var bindings: [TextBinding] { blocks.flatMap(\.bindings) }

  /// The indices of the focusable blocks in Tab order (`tab:` first, then file order).
  public var focusOrder: [Int] {
    let focusable = blocks.indices.filter { blocks[$0].action != nil }
    return focusable.enumerated().sorted { a, b in
      let left = blocks[a.element].tab ?? Int.max
      let right = blocks[b.element].tab ?? Int.max
      return left == right ? a.offset < b.offset : left < right
    }.map(\.element)
  }
}
