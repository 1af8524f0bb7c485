/// A message key shown by a block, with the example values its placeholders receive.
public struct TextBinding: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// Placeholder values by name.
  public var values: [String: ScreenValue]
  /// 1-based line of the key in the screen file (0 when unknown).
  public var line: Int
  /// 1-based column of the key in the screen file (0 when unknown).
  public var column: Int

  /// Creates a binding.
  public init(key: String, values: [String: ScreenValue] = [:], line: Int = 0, column: Int = 0) {
    self.key = key
    self.values = values
    self.line = line
    self.column = column
  }
}
