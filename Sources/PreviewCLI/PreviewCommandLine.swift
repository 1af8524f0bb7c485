import CommandLineKit
import Foundation
import Messagevisor
import Preview
import ReRune

/// The declaration of `messagevisor-preview` (its options and the `publish` and `gallery`
/// subcommands): arguments are parsed, and `--help`, the man page and the shell completions are
/// generated, from this one value.
public enum PreviewCommandLine {
  /// Options that choose the project and its sources (shared with `gallery`).
  static let sourceOptions: [CommandOption] = [
    .value(
      "project", "DIR", kind: .directory, help: "Messagevisor project to load (default: the demo)"),
    .value(
      "target", "NAME",
      help: """
        the project target to show (default: the only target, else "terminal";
        otherwise the previewer lists the targets and exits 64)
        """),
    .value(
      "set", "NAME",
      help: """
        the set to show, for a project whose config says sets: true (its
        messages, locales, targets and previews under sets/NAME/); default: the
        first set, and S in the previewer switches (see SETS)
        """),
    .value(
      "resources", "DIR", kind: .directory,
      help: "bundled catalogs (.xcstrings/.strings/.stringsdict; demo: Demo/Resources)"),
    .value("ota-site", "DIR", kind: .directory, help: "local OTA site (demo: Demo/ota)"),
    .value("ota-base-url", "URL", help: "OTA over HTTP(S) instead of a local site"),
    .value("ota-publish-id", "ID", help: "OTA publish id (default: the demo's)"),
    .value(
      "cache-dir", "DIR", kind: .directory,
      help: "OTA cache directory (default: see FILES; must be a directory)"),
  ]

  static let interval = CommandOption.value(
    "interval", "SECONDS", help: "background check interval (default 5; 0 = off)")
  static let locale = CommandOption.value(
    "locale", "LOCALE",
    help: """
      initial locale (e.g. nl-NL; default: the project's source locale;
      pseudo: the pseudo-locale made from the source locale, e.g. en-XA)
      """)
  static let valueOptions: [CommandOption] = [
    .value("currency", "CODE", help: "initial currency (e.g. EUR)"),
    .value("time-zone", "ZONE", help: "initial time zone (e.g. Europe/Amsterdam)"),
    .value(
      "context", "JSON",
      help: "initial context over the defaults, e.g. '{\"plan\":\"pro\",\"beta\":true}'"),
  ]
  static let screen = CommandOption.value(
    "screen", "NAME",
    help: """
      the screen to start on: a previews/NAME.yml of the project, or
      messages (the message browser: every message of the target with
      search, filters, a compare locale and a detail view; key m)
      """)
  static let print = CommandOption.flag(
    "print", help: "render one frame and exit (after restoring the OTA cache and one check)")
  static let width = CommandOption.value("width", "N", help: "columns (with --print; default 100)")
  static let height = CommandOption.value(
    "height", "N", help: "rows (with --print; default: as tall as the screen needs, at least 30)")
  static let inspect = CommandOption.flag(
    "inspect", help: "label every string with its key and origin")
  static let ascii = CommandOption.flag(
    "ascii", help: "draw frames and symbols in ASCII (no box-drawing glyphs)")
  static let export = CommandOption.value(
    "export", "FILE", kind: .file,
    help: """
      write the diagnostics and events as JSON to FILE (with --print after
      the frame; interactively with X; default ./messagevisor-preview-export.json)
      """)

  static let noMouse = CommandOption.flag(
    "no-mouse",
    help: """
      leave the mouse to the terminal (by default clicks select strings,
      rows, panels and buttons and the wheel scrolls; with mouse reporting
      on, most terminals select text with Shift+drag)
      """)
  static let noWatch = CommandOption.flag(
    "no-watch", help: "do not watch the project: edits show only after a restart")
  static let osc52 = CommandOption.value(
    "osc52", "on|off|auto",
    help: """
      y copies through the terminal with OSC 52 (auto: only where the
      terminal is known to allow it, in tmux with set-clipboard on); else y
      shows the text for copying by hand
      """)

  /// `messagevisor-preview publish`.
  static let publish = CommandSpec(
    "publish", summary: "publish (or remove) an OTA edit on a local site",
    discussion: """
      Edits one key of one locale on a local ReRune OTA site, bumps that locale's version and the
      manifest version, and writes the payload and then the manifest atomically, so a running
      previewer picks the edit up on its next check.

      The value is ICU MessageFormat, checked with the ICU parser and written as the String Catalog
      construct that says the same (what the app's catalog reader understands):
        {count, plural, =0 {…} one {# file} other {# files}}  → plural variations (=0 → zero)
        Hi {name}, {count, plural, one {# new} other {# new}}   → %@ and a substitution %#@count@
        {device, select, mac {Click} other {Tap}}               → device variations
        {price, number, ::.00}                                 → %.2f
      Arguments keep their position when named arg1, arg2, …; other names are numbered in order.

      Without --site the edit goes to the site the previewer uses: Demo/ota of the checkout
      found in the current directory or a parent, else the demo built into this binary, unpacked
      to the cache directory (the path is printed). A locale is matched as the previewer matches
      --locale (nl → nl-NL when the site has one nl-* locale). A key the target does not have
      (the demo project's messages, and the keys already in the site's payloads) is refused
      unless --create is given.
      """,
    usage: [
      "[--site DIR] --locale TAG --key KEY (--value TEXT [--format F] [--create] | --remove)",
      "[--site DIR] --add-locale TAG [--key KEY --value TEXT]",
    ],
    options: [
      .value(
        "site", "DIR", kind: .directory,
        help: """
          the site directory containing manifest.json (default: the site the
          previewer uses, Demo/ota or the unpacked embedded demo's)
          """),
      .value("locale", "TAG", help: "a locale declared in the manifest, e.g. nl-NL"),
      .value("key", "KEY", help: "the message key, e.g. welcome_title"),
      .value(
        "value", "TEXT",
        help: "the new text (newline and tab are the only control characters allowed)"),
      .value(
        "format", "F", kind: .choice(["icu", "xcstrings"]),
        help: """
          icu (default) or xcstrings: an Apple format string ("%lld Dateien"), a JSON
          object of plural forms ({"one": "%lld Datei", "other": "%lld Dateien"}) or
          a localization object as Xcode writes it
          """),
      .value(
        "add-locale", "TAG",
        help: """
          declare TAG in the manifest (version 1, payload TAG.xcstrings); with --key
          and --value the value is then published for it
          """),
      .flag(
        "remove",
        help: "delete the key from the locale's payload, so clients fall back to the\nbundled text"),
      .flag("create", help: "publish a key the target does not have yet (adds it to the payload)"),
    ],
    sections: [HelpSection("Exit status", "0 published · 1 the edit failed · 64 bad option")],
    examples: [
      "messagevisor-preview publish --locale nl-NL --key welcome_title --value 'Hallo!'",
      "messagevisor-preview publish --locale de --key files --value '{count, plural, one {# Datei} other {# Dateien}}'",
      "messagevisor-preview publish --locale nl-NL --key welcome_title --remove",
    ])

  /// `messagevisor-preview gallery`.
  static let gallery = CommandSpec(
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
    options: [
      .value(
        "out", "DIR", kind: .directory,
        help: "where to write the gallery (created; files in it are replaced)"),
      .value(
        "locales", "L,…",
        help: """
          the locales to render (default: every locale of the target; pseudo,
          or its name such as en-XA: the pseudo-locale)
          """),
      .value(
        "vary", "ATTRIBUTE",
        help: """
          also render each value of this context attribute (its enum values,
          the values conditions compare with, or on/off for a flag)
          """),
      .flag(
        "no-progress", help: "never show progress (it is shown only on a terminal, after a second)"),
    ] + sourceOptions + valueOptions + [
      .value("width", "N", help: "columns of each frame (default 100)"),
      .value("height", "N", help: "rows (default: as tall as each screen needs, at least 30)"),
      inspect,
      // Parsed only to say that gallery renders every screen.
      .flag("print", help: "", hidden: true),
      .value("screen", "NAME", help: "", hidden: true),
      .value("interval", "SECONDS", help: "", hidden: true),
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

  /// The whole program.
  public static let program = CommandSpec(
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
    options: sourceOptions + [interval, locale] + valueOptions + [
      screen, print, width, height, inspect, ascii, export, noWatch, noMouse, osc52,
    ] + CommandSpec.documentationOptions,
    subcommands: [publish, gallery],
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

  /// The routed command for `arguments` (`publish`, `gallery` or the previewer itself).
  public static func route(_ arguments: [String]) -> (command: CommandSpec, rest: [String]) {
    program.route(arguments)
  }

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
