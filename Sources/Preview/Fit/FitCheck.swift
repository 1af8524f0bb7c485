import TerminalUI

/// Checks translations against width budgets (buttons, chips): the text's display width, as the
/// terminal shows it (CJK two columns, combining marks none), against the columns the block
/// allows.
public enum FitCheck {
  /// The diagnostic code of a translation that does not fit.
  public static let code = "fit"
  /// The marker drawn after a block whose text was cut to its budget.
  public static let marker = "✂"

  /// The issue when `text` is wider than `budget` columns, else `nil` (a budget below 1 is no
  /// budget).
  public static func check(key: String, locale: String, text: String, budget: Int?) -> FitIssue? {
    guard let budget, budget > 0 else { return nil }
    let width = DisplayWidth.of(text)
    return width > budget ? FitIssue(key: key, locale: locale, width: width, budget: budget) : nil
  }

  /// `text` as a block with `budget` shows it: unchanged when it fits, else cut to the budget
  /// with `…` (the marker goes beside the block).
  public static func fitted(_ text: String, budget: Int?) -> String {
    guard let budget, budget > 0, DisplayWidth.of(text) > budget else { return text }
    return TextLayout.truncate(text, width: budget, ellipsis: "…")
  }
}
