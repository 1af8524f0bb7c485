import CommandLineKit
import Preview

/// The size and labels of a rendered frame (`--width`, `--height`, `--inspect`), shared by the
/// previewer (with `--print`) and `gallery`.
struct PreviewFrameOptions: ParsableArguments, Sendable {
  @Option(
    name: "width", value: "N", expected: "a column count between 20 and 1000",
    valid: { (20...1000).contains($0) },
    help: "columns of a rendered frame (with --print, and in gallery; default 100)")
  var width: Int?
  @Option(
    name: "height", value: "N", expected: "a row count between 5 and 1000",
    valid: { (5...1000).contains($0) },
    help: "rows of a rendered frame (default: as tall as the screen needs, at least 30)")
  var height: Int?
  @Flag(name: "inspect", help: "label every string with its key and origin") var inspect: Bool?

  /// Sets the options that were given.
  func apply(to options: inout PreviewOptions) {
    if let width { options.width = width }
    if let height { options.height = height }
    if let inspect { options.inspect = inspect }
  }
}
