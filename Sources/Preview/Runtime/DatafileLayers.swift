import ReRune

/// The previewer's layering of sources: ReRune's `ReRuneLayers` (bundled catalogs, the project
/// target, the OTA overlay), the one component that composes datafiles and answers where a string
/// came from. The session sets it on the engine through a `ReRuneMessagevisorBridge`.
public typealias DatafileLayers = ReRuneLayers

extension TextOrigin {
  /// The inspect label for a layering origin.
  init(_ origin: ReRuneLayers.Origin) {
    switch origin {
    case .layer(let name): self = .base(layer: name)
    case .ota(_, let revision): self = .otaOverlay(revision: revision)
    }
  }
}
