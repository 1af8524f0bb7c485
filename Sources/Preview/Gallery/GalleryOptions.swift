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

  /// The usage text (`gallery --help`).
  public static let usage = """
    messagevisor-preview gallery: render every screen of a project in every locale (and each value
    of one context attribute) into one static HTML page for review in a browser.

    USAGE
      messagevisor-preview gallery --out DIR [--locales L,…] [--vary ATTRIBUTE]
                                   [--project DIR --target NAME] [--width N --height N]

    OUTPUT
      DIR/index.html                                every frame as coloured monospace text, with
                                                    its diagnostics and fit warnings beside it
      DIR/frames/<screen>-<locale>[-<value>].svg    one SVG per frame (fixed-width cell grid)

    OPTIONS
      --out DIR             where to write the gallery (created; files in it are replaced)
      --locales L,…         the locales to render (default: every locale of the target)
      --vary ATTRIBUTE      also render each value of this context attribute (its enum values,
                            the values conditions compare with, or on/off for a flag)
      --no-progress         never show progress (it is shown only on a terminal, after a second)
      --help                show this text
      Previewer options that apply: --project, --target, --set, --resources, --ota-site,
      --ota-base-url, --ota-publish-id, --cache-dir, --currency, --time-zone, --context,
      --width (default 100), --height (default: as tall as each screen needs, at least 30),
      --inspect. See messagevisor-preview --help.

    EXIT STATUS
      0 written · 64 bad option, unknown locale, attribute or target · 65 broken screen file ·
      66 project not found or not loadable · 73 output cannot be written
    """

  /// Whether `--help` was given.
  public var help: Bool { preview.help }

  /// Parses the arguments after `gallery`.
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError) -> GalleryOptions {
    var options = GalleryOptions()
    var rest: [String] = []
    var index = 0
    var expanded: [String] = []
    for argument in arguments {
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        expanded.append(String(argument[..<equals]))
        expanded.append(String(argument[argument.index(after: equals)...]))
      } else {
        expanded.append(argument)
      }
    }
    func value(_ name: String) throws(PreviewOptionsError) -> String {
      index += 1
      guard index < expanded.count else { throw .missingValue(name) }
      return expanded[index]
    }
    while index < expanded.count {
      let argument = expanded[index]
      switch argument {
      case "--out":
        let text = try value(argument)
        guard !text.isEmpty else { throw .invalidValue(argument, text, "a directory") }
        options.out = text
      case "--locales":
        let text = try value(argument)
        let list = text.split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !list.isEmpty else {
          throw .invalidValue(argument, text, "a comma-separated list of locales such as en-US,ar")
        }
        options.locales = list
      case "--vary":
        let text = try value(argument)
        guard !text.isEmpty else { throw .invalidValue(argument, text, "a context attribute name") }
        options.vary = text
      case "--no-progress": options.progress = false
      case "--print", "--screen", "--interval":
        throw .invalidValue(argument, "", "no such option for gallery (it renders every screen)")
      default:
        rest.append(argument)
        // Keep an option's value with it.
        if index + 1 < expanded.count, !expanded[index + 1].hasPrefix("--"),
          !["--print", "--inspect", "--help", "-h"].contains(argument)
        {
          index += 1
          rest.append(expanded[index])
        }
      }
      index += 1
    }
    options.preview = try PreviewOptions.parse(rest)
    options.preview.print = true
    options.preview.interval = 0
    if !options.preview.help && options.out == nil { throw .missingValue("--out") }
    return options
  }
}
