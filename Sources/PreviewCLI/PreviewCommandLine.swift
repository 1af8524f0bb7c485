import CommandLineKit
import Foundation
import Messagevisor
import Preview
import ReRune

/// `messagevisor-preview` itself (its options, and the `publish` and `gallery` subcommands):
/// every option is declared where it is stored, and arguments are parsed, and `--help`, the man
/// page and the shell completions generated, from these declarations.
public struct PreviewCommandLine: AsyncRunnableCommand {
  /// The program's name, texts and subcommands.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      "messagevisor-preview",
      summary: "see a Messagevisor project's strings on its own screens, live",
      discussion: """
        See a Messagevisor project's strings on its own screens, in every locale, context and
        currency, live, with over-the-air (OTA) updates.
        """,
      usage: [
        "[options]              interactive (needs a terminal)",
        "--print [options]      render one frame as plain text to stdout",
        "publish --site DIR --locale L --key K (--value TEXT | --remove)",
        "gallery --out DIR [--locales L,…] [--vary ATTRIBUTE]",
      ],
      subcommands: [PublishCommandLine.self, GalleryCommandLine.self],
      sections: [
        HelpSection(
          "What it shows",
          """
          Without --project: the demo. In a messagevisor-swift checkout (Demo/ in the current directory
          or a parent) the editable Demo/ is used; anywhere else the demo built into this binary is
          unpacked to the cache directory (below) and used from there.
          With --project DIR: your project. Its target (--target, or the only one, or "terminal"), its
          locales, context attributes (attributes/, segments/) and screens (previews/*.yml) are used;
          bundled catalogs and OTA only when --resources / --ota-site / --ota-base-url are given.
          Screen files: see docs/preview-screens.md. Without previews/ the message list is shown.
          """),
        HelpSection(
          "Sets",
          """
          A project whose config has sets: true keeps one project per set under sets/<name>/
          (messages, locales, segments, attributes, targets, previews; a set without previews/ uses
          the project's). The previewer shows one set at a time: --set NAME, else the first set in
          name order (the status bar says so). The header names the set on display; S opens a
          picker of every set, and the chosen set is built, shown and watched like the first. An
          unknown --set is a usage error (exit 64) that lists the sets.
          """),
        HelpSection(
          "Live editing",
          """
          Interactively (not with --print, not with --no-watch) the previewer watches the project
          directory and every directory below it (inotify). What counts: the .yml/.yaml/.json files
          of messages/, attributes/, segments/, locales/, targets/ and previews/, and the config file
          (dotfiles and editor backups ending in ~ are ignored; bundled catalogs and the OTA site are
          not watched, OTA has its own checks). A change is picked up once the tree has been quiet
          for 50 ms (at most 250 ms while writes keep coming); only what the edit touched is rebuilt,
          and the frame shows it without a key press.
          A file that no longer parses, or a project that no longer builds, shows its error
          (file:line:column) in the diagnostics panel and a notice; the last good content stays on
          screen until the project builds again (and the notice clears). A project that does not
          build when the previewer starts opens with its error and shows once it builds. A project
          without targets is shown as an implicit target "swift" of every message and locale.
          A watched directory that disappears is waited for.
          """),
        HelpSection(
          "Files",
          """
          Cache: $XDG_CACHE_HOME/messagevisor-preview (else ~/.cache/messagevisor-preview): one
          directory per OTA source (the ReRune cache) and demo-<hash>/ (the unpacked embedded demo).
          Screens: <project>/previews/<screen>.yml, schema in docs/preview-screens.md (installed by
          scripts/install as <prefix>/share/doc/messagevisor-swift/preview-screens.md).
          """),
        HelpSection(
          "Exit status",
          """
          0 done · 2 not a terminal (or TERM=dumb) · 64 bad option or value (locale, currency, time
          zone, --resources, --cache-dir), unknown target or screen · 65 broken screen file ·
          66 project or OTA site not found or not loadable · 73 the embedded demo cannot be unpacked
          """),
        HelpSection("Keys", "Press ? in the previewer for every key."),
      ],
      examples: [
        "messagevisor-preview",
        "messagevisor-preview --print --screen story --locale ja-JP --width 80",
        "messagevisor-preview --project path/to/project --target terminal --locale nl-NL",
      ])
  }

  @OptionGroup var source: PreviewSourceOptions
  @Option(
    name: "interval", value: "SECONDS", expected: "a number of seconds ≥ 0",
    valid: { $0 >= 0 && $0.isFinite },
    help: "background check interval (default 5; 0 = off)")
  var interval: Double?
  @Option(
    name: "locale", value: "LOCALE",
    help: """
      initial locale (e.g. nl-NL; default: the project's source locale;
      pseudo: the pseudo-locale made from the source locale, e.g. en-XA)
      """)
  var locale: String?
  @OptionGroup var values: PreviewValueOptions
  @Option(
    name: "screen", value: "NAME",
    help: """
      the screen to start on: a previews/NAME.yml of the project, or
      messages (the message browser: every message of the target with
      search, filters, a compare locale and a detail view; key m)
      """)
  var screen: String?
  @Flag(
    name: "print", help: "render one frame and exit (after restoring the OTA cache and one check)")
  var printFrame: Bool?
  @OptionGroup var frame: PreviewFrameOptions
  @Flag(name: "ascii", help: "draw frames and symbols in ASCII (no box-drawing glyphs)")
  var ascii: Bool?
  @Option(
    name: "export", value: "FILE", kind: .file,
    help: """
      write the diagnostics and events as JSON to FILE (with --print after
      the frame; interactively with X; default ./messagevisor-preview-export.json)
      """)
  var export: String?
  @Flag(name: "no-watch", help: "do not watch the project: edits show only after a restart")
  var noWatch: Bool?
  @Flag(
    name: "no-build-cache",
    help: """
      do not read or write the build cache (parsed project files, kept in
      $MESSAGEVISOR_CACHE_DIR, else $XDG_CACHE_HOME/messagevisor-swift, else
      ~/.cache/messagevisor-swift, for projects of 500 files or more, so that
      an unchanged project starts without parsing)
      """)
  var noBuildCache: Bool?
  @Flag(
    name: "no-mouse",
    help: """
      leave the mouse to the terminal (by default clicks select strings,
      rows, panels and buttons and the wheel scrolls; with mouse reporting
      on, most terminals select text with Shift+drag)
      """)
  var noMouse: Bool?
  @Option(
    name: "osc52", value: "on|off|auto", kind: .text, expected: "on, off or auto",
    help: """
      y copies through the terminal with OSC 52 (auto: only where the
      terminal is known to allow it, in tmux with set-clipboard on); else y
      shows the text for copying by hand
      """)
  var osc52: ClipboardSupport.Choice?
  @OptionGroup var documentation: DocumentationOptions

  /// The previewer's options, as the arguments set them (filled by ``validate()``).
  public private(set) var options = PreviewOptions()

  /// No option given.
  public init() {}

  /// Checks the values and fills ``options``.
  public mutating func validate() throws(CommandLineError) {
    var options = PreviewOptions()
    source.apply(to: &options)
    if let interval { options.interval = interval }
    if let locale { options.locale = locale }
    try values.apply(to: &options)
    if let printFrame { options.print = printFrame }
    if let screen {
      guard !screen.isEmpty, !screen.contains("/") else {
        throw CommandLineError(
          .invalidValue("--screen", screen, expected: "a screen name such as welcome or messages"))
      }
      options.screen = PreviewScreen(rawValue: screen)
    }
    frame.apply(to: &options)
    if let export { options.export = export }
    if let ascii { options.ascii = ascii }
    if let noWatch { options.watch = !noWatch }
    if let noBuildCache { options.buildCache = !noBuildCache }
    if let noMouse { options.mouse = !noMouse }
    if let osc52 { options.osc52 = osc52 }
    self.options = options
  }

  /// Prints the documentation asked for, else runs the previewer.
  public func run(_ programs: PreviewPrograms) async -> Int32 {
    if let text = documentation.text(for: Self.program, date: Self.manDate) {
      programs.write(text)
      return 0
    }
    return await programs.preview(options)
  }

  /// The declaration of the whole program.
  public static let program = spec

  /// The man page or completion script the arguments ask for (`--generate-man`,
  /// `--generate-completions bash|zsh`), else `nil`.
  public static func documentation(_ arguments: [String]) -> String? {
    guard arguments.contains(where: { $0.hasPrefix("--generate-") }),
      let parsed = try? program.parse(arguments)
    else { return nil }
    return program.documentation(for: parsed, date: manDate)
  }

  /// The date in generated man pages: `SOURCE_DATE_EPOCH` when set, else today (UTC).
  public static var manDate: String {
    let environment = ProcessInfo.processInfo.environment
    let date =
      environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map(
        Date.init(timeIntervalSince1970:)) ?? Date()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}
