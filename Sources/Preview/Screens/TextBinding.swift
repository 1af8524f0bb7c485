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

  /// Where the content keeps this binding's resolved text: the message key when the block passes
  /// no values, else the key with the block's values, so that two blocks may show one message
  /// with different values (`count: 1` beside `count: 12`).
  public var contentKey: String {
    guard !values.isEmpty else { return key }
    let pairs = values.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(String(describing: $0.value))"
    }
    return key + "\u{1F}" + pairs.joined(separator: "\u{1F}")
  }
}
