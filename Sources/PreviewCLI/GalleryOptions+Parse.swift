import CommandLineKit
import Preview

extension GalleryOptions {
  /// The usage text (`gallery --help`), generated from the gallery's declaration.
  public static var usage: String { PreviewCommandLine.route(["gallery"]).command.helpText }

  /// Parses the arguments after `gallery`.
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> GalleryOptions {
    let spec = PreviewCommandLine.route(["gallery"]).command
    let parsed: ParsedArguments
    do {
      parsed = try spec.parse(arguments)
    } catch {
      throw PreviewOptionsError(error)
    }
    var options = GalleryOptions()
    if parsed.helpRequested {
      options.preview.help = true
      return options
    }
    for name in ["print", "screen", "interval"] where parsed.has(name) {
      throw .invalidValue("--" + name, "", "no such option for gallery (it renders every screen)")
    }
    if let text = parsed["out"] {
      guard !text.isEmpty else { throw .invalidValue("--out", text, "a directory") }
      options.out = text
    }
    if let text = parsed["locales"] {
      let list = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      guard !list.isEmpty else {
        throw .invalidValue("--locales", text, "a comma-separated list of locales such as en-US,ar")
      }
      options.locales = list
    }
    if let text = parsed["vary"] {
      guard !text.isEmpty else { throw .invalidValue("--vary", text, "a context attribute name") }
      options.vary = text
    }
    options.progress = !parsed.flag("no-progress")
    try options.preview.apply(parsed)
    options.preview.print = true
    options.preview.interval = 0
    if options.out == nil { throw .missingValue("--out") }
    return options
  }
}
