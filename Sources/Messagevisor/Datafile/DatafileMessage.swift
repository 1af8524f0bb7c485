/// Per-message metadata in a datafile: deprecation, free `meta` passed to modules, and ordered overrides.
public struct DatafileMessage: Sendable, Equatable {
  /// `true` when the message is deprecated.
  public var deprecated: Bool?
  /// A human explanation shown with the `deprecated_message` diagnostic.
  public var deprecationWarning: String?
  /// Free metadata passed to modules as `payload.meta`.
  public var meta: [String: MessagevisorValue]?
  /// Conditional overrides; the first match wins.
  public var overrides: [MessageOverride]?

  /// Creates message metadata.
  public init(
    deprecated: Bool? = nil,
    deprecationWarning: String? = nil,
    meta: [String: MessagevisorValue]? = nil,
    overrides: [MessageOverride]? = nil
  ) {
    self.deprecated = deprecated
    self.deprecationWarning = deprecationWarning
    self.meta = meta
    self.overrides = overrides
  }
}
