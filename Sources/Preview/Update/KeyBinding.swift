import TerminalUI

/// One row of the key table: keys, action, description and when it is enabled.
public struct KeyBinding: Sendable {
  /// The keys that trigger the action (the first is the one shown in the help bar).
  public var keys: [Key]
  /// The action.
  public var action: PreviewAction
  /// A short description for the help bar (one or two words).
  public var short: String
  /// A sentence for the help screen.
  public var description: String
  /// Where the binding applies, as the help screen groups it.
  public var scope: KeyScope
  /// Whether the help bar shows it.
  public var inBar: Bool
  /// Whether the binding is enabled in a state.
  public var isEnabled: @Sendable (PreviewState) -> Bool

  /// Creates a binding.
  public init(
    _ keys: [Key], _ action: PreviewAction, short: String, description: String,
    scope: KeyScope, inBar: Bool = true,
    isEnabled: @escaping @Sendable (PreviewState) -> Bool = { _ in true }
  ) {
    self.keys = keys
    self.action = action
    self.short = short
    self.description = description
    self.scope = scope
    self.inBar = inBar
    self.isEnabled = isEnabled
  }

  /// The keys as the help screen shows them (`j / ↓`).
  public var keyLabel: String { keys.map(\.label).joined(separator: " / ") }
}
