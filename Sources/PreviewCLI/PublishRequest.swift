import ReRune

/// What `messagevisor-preview publish` was asked for, before the site is resolved: the edit, and
/// whether `--site` and `--create` were given.
public struct PublishRequest: Sendable, Equatable {
  /// The edit; its `site` is `--site`, or `OTAPublishArguments.defaultSite` when absent (see
  /// ``siteGiven``).
  public var edit: OTAPublishArguments
  /// Whether `--site` was given; without it the site is the one the previewer would use.
  public var siteGiven: Bool
  /// `--create`: publish a key the target does not have yet.
  public var create: Bool

  /// Creates a request.
  public init(edit: OTAPublishArguments, siteGiven: Bool, create: Bool = false) {
    self.edit = edit
    self.siteGiven = siteGiven
    self.create = create
  }
}
