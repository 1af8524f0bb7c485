extension FitCheck {
  /// Every chip and button with a width budget, on every screen of `content`, whose resolved
  /// text in the active locale is wider than the budget (texts not resolved are skipped).
  public static func issues(in content: PreviewContent) -> [FitIssue] {
    var issues: [FitIssue] = []
    for definition in content.screens.definitions {
      for spec in definition.blocks {
        let binding: TextBinding
        switch spec.kind {
        case .chip(let chip): binding = chip
        case .button(let button, _): binding = button
        default: continue
        }
        guard let text = content.texts[binding.contentKey] ?? content.texts[binding.key],
          let issue = check(
            key: binding.key, locale: content.locale, text: text.text, budget: spec.width)
        else { continue }
        if !issues.contains(issue) { issues.append(issue) }
      }
    }
    return issues
  }
}
