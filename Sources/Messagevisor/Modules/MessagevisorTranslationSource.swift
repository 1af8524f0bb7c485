/// Where the string a module receives came from.
public enum MessagevisorTranslationSource: String, Sendable, Hashable {
  /// A message looked up by key (`translate` / `t`).
  case translation
  /// An arbitrary string passed to `formatMessage`.
  case formatMessage
}
