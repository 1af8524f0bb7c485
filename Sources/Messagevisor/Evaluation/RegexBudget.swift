/// The regular-expression work one evaluation may do: one `translate` lookup, or one call of
/// ``evaluateCondition(_:provider:)`` and its siblings (issue 16, finding 6).
///
/// The unit is one progress report of ICU's matcher (a few hundred microseconds of backtracking on
/// the build machine). Every `matches`/`notMatches` predicate of the evaluation draws from the same
/// allowance, so a datafile with many catastrophic patterns costs one allowance per call, not one
/// per pattern; a search that runs out is abandoned and counts as no match (false for `matches` and
/// `notMatches`, like an invalid expression). A search that used up a whole allowance is remembered
/// per (pattern, flags, input) in ``EvaluationCaches`` and not run again.
struct RegexBudget {
  /// Progress reports one evaluation may spend (about 5 ms of matching here).
  static let progressReportsPerEvaluation = 8

  /// Reports still available to this evaluation.
  var remaining = RegexBudget.progressReportsPerEvaluation
}
