import CommandLineKit
import Preview

/// `messagevisor-preview gallery`: every screen × locale into one static HTML page.
public struct GalleryCommandLine: AsyncRunnableCommand {
  /// The subcommand's name and texts.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      "gallery",
      summary: "render every screen × locale into one static HTML page for review in a browser",
      discussion: """
        Renders every screen of a project in every locale (and each value of one context attribute)
        into one static HTML page: the frames as coloured monospace text plus one SVG per frame, each
        with its diagnostics and fit warnings beside it.
        """,
      usage: [
        "--out DIR [--locales L,…] [--vary ATTRIBUTE]",
        "--out DIR [--project DIR --target NAME] [--width N --height N]",
      ],
      sections: [
        HelpSection(
          "Output",
          """
          DIR/index.html                                every frame as coloured monospace text, with
                                                        its diagnostics and fit warnings beside it
          DIR/frames/<screen>-<locale>[-<value>].svg    one SVG per frame (fixed-width cell grid)
          """),
        HelpSection(
          "Exit status",
          """
          0 written · 64 bad option, unknown locale, attribute or target · 65 broken screen file ·
          66 project not found or not loadable · 73 output cannot be written
          """),
      ],
      examples: [
        "messagevisor-preview gallery --out /tmp/gallery",
        "messagevisor-preview gallery --out /tmp/gallery --locales en-US,ar,ja-JP --vary plan",
      ])
  }

  @Option(
    name: "out", value: "DIR", kind: .directory,
    help: "where to write the gallery (created; files in it are replaced)")
  var out: String?
  @Option(
    name: "locales", value: "L,…",
    help: """
      the locales to render (default: every locale of the target; pseudo,
      or its name such as en-XA: the pseudo-locale)
      """)
  var locales: String?
  @Option(
    name: "vary", value: "ATTRIBUTE",
    help: """
      also render each value of this context attribute (its enum values,
      the values conditions compare with, or on/off for a flag)
      """)
  var vary: String?
  @Flag(
    name: "no-progress",
    help: "never show progress (it is shown only on a terminal, after a second)")
  var noProgress: Bool
  @OptionGroup var source: PreviewSourceOptions
  @OptionGroup var values: PreviewValueOptions
  @OptionGroup var frame: PreviewFrameOptions
  // Parsed only to say that gallery renders every screen.
  @Flag(name: "print", help: "", hidden: true) var printFrame: Bool?
  @Option(name: "screen", value: "NAME", help: "", hidden: true) var screen: String?
  @Option(name: "interval", value: "SECONDS", help: "", hidden: true) var interval: String?

  /// The gallery's options, as the arguments set them (filled by ``validate()``).
  public private(set) var options = GalleryOptions()

  /// No option given.
  public init() {}

  /// Checks the values and fills ``options``.
  public mutating func validate() throws(CommandLineError) {
    let renderedAnyway: [(String, Bool)] = [
      ("print", printFrame != nil), ("screen", screen != nil), ("interval", interval != nil),
    ]
    for (name, given) in renderedAnyway where given {
      throw CommandLineError(
        .invalidValue(
          "--" + name, "", expected: "no such option for gallery (it renders every screen)"))
    }
    var options = GalleryOptions()
    if let out {
      guard !out.isEmpty else {
        throw CommandLineError(.invalidValue("--out", out, expected: "a directory"))
      }
      options.out = out
    }
    if let locales {
      let list = locales.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      guard !list.isEmpty else {
        throw CommandLineError(
          .invalidValue(
            "--locales", locales, expected: "a comma-separated list of locales such as en-US,ar"))
      }
      options.locales = list
    }
    if let vary {
      guard !vary.isEmpty else {
        throw CommandLineError(.invalidValue("--vary", vary, expected: "a context attribute name"))
      }
      options.vary = vary
    }
    options.progress = !noProgress
    source.apply(to: &options.preview)
    try values.apply(to: &options.preview)
    frame.apply(to: &options.preview)
    options.preview.print = true
    options.preview.interval = 0
    if options.out == nil { throw CommandLineError(.missingValue("--out")) }
    self.options = options
  }

  /// Renders the gallery.
  public func run(_ programs: PreviewPrograms) async -> Int32 {
    await programs.gallery(options)
  }
}
