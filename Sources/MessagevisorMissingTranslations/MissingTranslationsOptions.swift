import Messagevisor

/// Options for ``createMissingTranslationsModule(_:)``.
public struct MissingTranslationsOptions: Sendable {
  /// The module name (default `missing-translations`).
  public var name: String
  /// Report each (key, locale, revision, source) only once.
  public var dedupe: Bool
  /// Receives each missing translation.
  public var handler: @Sendable (MissingTranslationPayload) -> Void

  /// Creates options; the handler can be a trailing closure.
  public init(
    name: String = "missing-translations", dedupe: Bool = false,
    _ handler: @escaping @Sendable (MissingTranslationPayload) -> Void
  ) {
    self.name = name
    self.dedupe = dedupe
    self.handler = handler
  }
}
