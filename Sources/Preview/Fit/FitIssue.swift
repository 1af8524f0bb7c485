/// A translation wider than the block showing it allows: a button or chip with a width budget.
public struct FitIssue: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// The locale of the text.
  public var locale: String
  /// The text's display width in terminal columns.
  public var width: Int
  /// The block's budget in columns.
  public var budget: Int

  /// Creates an issue.
  public init(key: String, locale: String, width: Int, budget: Int) {
    self.key = key
    self.locale = locale
    self.width = width
    self.budget = budget
  }

  /// The `fit` diagnostic the panel lists (a warning naming the key and the locale).
  public var diagnostic: DiagnosticEntry {
    DiagnosticEntry(
      id: 0, level: .warn, code: FitCheck.code,
      message: "\(key) does not fit in \(locale): \(width) columns, the budget is \(budget)",
      details: [
        (key: "budget", value: String(budget)), (key: "key", value: key),
        (key: "locale", value: locale), (key: "width", value: String(width)),
      ])
  }
}
