/// What `lint` needs to know about a preview screen (`previews/<name>.yml`): the message keys
/// its blocks show, with each block's width budget and position. The previewer's screen reader
/// produces these (`messagevisor-swift lint` passes them in).
public struct LintScreen: Sendable, Equatable {
  /// One message a block shows.
  public struct Binding: Sendable, Equatable {
    /// The message key.
    public var key: String
    /// The block's width budget in columns, when it has one.
    public var width: Int?
    /// Whether the block may be absent from the target (`optional: true`).
    public var optional: Bool
    /// 1-based line of the key in the screen file.
    public var line: Int
    /// 1-based column of the key in the screen file.
    public var column: Int

    /// Creates a binding.
    public init(key: String, width: Int?, optional: Bool, line: Int, column: Int) {
      self.key = key
      self.width = width
      self.optional = optional
      self.line = line
      self.column = column
    }
  }

  /// The screen's name.
  public var name: String
  /// The screen file, relative to the project root.
  public var file: String
  /// The bindings in block order.
  public var bindings: [Binding]

  /// Creates a screen.
  public init(name: String, file: String, bindings: [Binding]) {
    self.name = name
    self.file = file
    self.bindings = bindings
  }
}
