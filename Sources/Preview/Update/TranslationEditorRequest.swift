import Messagevisor

/// The string `E` (or `o`) acts on: its key and, for a string on a screen, the block's example
/// values and width budget.
public struct TranslationEditorRequest: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// The example values of the screen block showing it (evaluated by the runtime).
  public var values: [String: ScreenValue]
  /// The block's width budget in columns, when it has one.
  public var budget: Int?

  /// Creates a request.
  public init(key: String, values: [String: ScreenValue] = [:], budget: Int? = nil) {
    self.key = key
    self.values = values
    self.budget = budget
  }
}
