import MessagevisorProject

extension ScreenDefinition {
  /// The screen as `lint` checks it: every key it binds, with its block's width budget, whether
  /// the block is optional, and where the key is written.
  public var lintScreen: LintScreen {
    var bindings: [LintScreen.Binding] = []
    for block in blocks {
      for binding in block.bindings {
        bindings.append(
          LintScreen.Binding(
            key: binding.key, width: block.width, optional: block.optional,
            line: binding.line, column: binding.column))
      }
    }
    return LintScreen(name: name, file: file, bindings: bindings)
  }
}
