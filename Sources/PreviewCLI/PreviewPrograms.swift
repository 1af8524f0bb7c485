import Preview

/// What the `messagevisor-preview` executable does with each parsed command: the context its
/// command types run with (the executable owns the terminal, printing and exit codes).
public struct PreviewPrograms {
  /// Runs the previewer (interactive, or `--print`).
  public var preview: (PreviewOptions) async -> Int32
  /// Runs `gallery`.
  public var gallery: (GalleryOptions) async -> Int32
  /// Runs `publish`.
  public var publish: (PublishRequest) -> Int32
  /// Writes generated documentation (a man page, a completion script) to standard output.
  public var write: (String) -> Void

  /// Creates the context from the executable's implementations.
  public init(
    preview: @escaping (PreviewOptions) async -> Int32,
    gallery: @escaping (GalleryOptions) async -> Int32,
    publish: @escaping (PublishRequest) -> Int32,
    write: @escaping (String) -> Void
  ) {
    self.preview = preview
    self.gallery = gallery
    self.publish = publish
    self.write = write
  }
}
