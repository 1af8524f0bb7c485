import CommandLineKit
import Preview

extension PreviewOptions {
  /// The usage text (`--help`), generated from `PreviewCommandLine`'s declarations.
  public static var usage: String { PreviewCommandLine.program.helpText }

  /// Parses the previewer's arguments (without the program name).
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> PreviewOptions {
    do {
      guard let command = try PreviewCommandLine.parse(arguments, as: PreviewCommandLine.program)
      else {
        var options = PreviewOptions()
        options.help = true
        return options
      }
      return command.options
    } catch {
      throw PreviewOptionsError(error)
    }
  }
}
