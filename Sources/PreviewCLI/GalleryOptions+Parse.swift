import CommandLineKit
import Preview

extension GalleryOptions {
  /// The usage text (`gallery --help`), generated from the gallery's declaration.
  public static var usage: String { PreviewCommandLine.route(["gallery"]).spec.helpText }

  /// Parses the arguments after `gallery`.
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> GalleryOptions {
    do {
      let spec = PreviewCommandLine.route(["gallery"]).spec
      guard let command = try GalleryCommandLine.parse(arguments, as: spec) else {
        var options = GalleryOptions()
        options.preview.help = true
        return options
      }
      return command.options
    } catch {
      throw PreviewOptionsError(error)
    }
  }
}
