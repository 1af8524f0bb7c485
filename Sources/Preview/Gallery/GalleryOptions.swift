import Foundation

/// The options of `messagevisor-preview gallery`: the gallery's own flags, plus every previewer
/// option that chooses the project and the frame size (``PreviewOptions``).
public struct GalleryOptions: Sendable, Equatable {
  /// The output directory (`DIR/index.html`, `DIR/frames/*.svg`).
  public var out: String?
  /// The locales to render (default: every locale of the target, in its order).
  public var locales: [String]?
  /// The context attribute whose values are each rendered (default: none).
  public var vary: String?
  /// The previewer options (project, target, resources, OTA, width, height, context, currency).
  public var preview = PreviewOptions()
  /// Whether progress may be shown (`--no-progress` turns it off).
  public var progress: Bool = true

  /// Creates default options.
  public init() {}

  /// Whether `--help` was given.
  public var help: Bool { preview.help }
}
