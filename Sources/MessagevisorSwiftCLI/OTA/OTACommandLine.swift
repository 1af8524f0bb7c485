import CommandLineKit
import Foundation

/// The declarations of `messagevisor-swift ota …` and the dispatch to ``OTACommand`` and
/// ``OTAShowCommand``.
enum OTACommandLine {
  static let site = CommandOption.value(
    "site", "DIR", kind: .directory,
    help: "Read the manifest and payloads from a local site directory.")
  static let publishId = CommandOption.value(
    "publish-id", "ID", help: "OTA publish id (required with --base-url; optional with --site).")
  static let cache = CommandOption.value(
    "cache", "DIR", kind: .directory,
    help: "Cache directory (default: $XDG_DATA_HOME/ReRune/<sha256 of the publish id>).")
  static let timeout = CommandOption.value(
    "timeout", "SECONDS", help: "Per-request timeout (default 10).")

  static let check = CommandSpec(
    "check", summary: "Run one ReRune OTA update check and print the result.",
    discussion: """
      Runs one update check exactly like an app would (strict manifest, If-None-Match with cached ETags,
      soft locale failures) and prints the status, updated locales, revision, per-locale outcome and errors.
      On a terminal, a check longer than a second shows progress on standard error (never in pipes or
      with --json).
      """,
    usage: ["(--site DIR | --base-url URL --publish-id ID) [options]"],
    options: [
      site,
      .value(
        "base-url", "URL",
        help: "API base URL (manifest at <URL>/sdk/translations/manifest?platform=ios_xcstrings)."),
      publishId, cache,
      .flag("no-cache", help: "Do not read or write a cache (every locale is fetched in full)."),
      .value(
        "locale", "TAG", repeats: true,
        help: "Only report these locales (repeatable, or comma-separated)."),
      timeout,
      .value(
        "check-timeout", "SECONDS",
        help: "Deadline of the whole check, manifest and payloads (default 30)."),
      .flag("json", help: "Print the result as JSON."),
    ],
    sections: [
      HelpSection(
        "Exit status",
        """
        0  updated or noChange (locales that failed softly are listed with their reason)
        1  the check failed: the manifest could not be fetched, parsed or used (nothing changed)
        2  usage error
        3  every locale payload of the manifest failed (nothing was fetched or revalidated),
           including a 304 Not Modified to a payload request that carried no If-None-Match
        4  the check ran, but the cache could not store all of it (a --cache that is not a
           directory, a full disk, a permission): listed as "cache problem:" lines and as
           "cacheProblems" in --json; a restart will not find what was not stored
        """),
      HelpSection(
        "Files",
        """
        Cache: $XDG_DATA_HOME/ReRune/<sha256 of the publish id> (else ~/.local/share/ReRune/…),
        or --cache DIR; a local site's publish id defaults to local-site:<absolute path>.
        A cache may be shared by several processes (an app, its extension, this command, the
        previewer): they take turns through flock on DIR/.lock.
        """),
    ],
    examples: [
      "messagevisor-swift ota check --site Demo/ota --cache /tmp/ota-cache",
      "messagevisor-swift ota check --base-url http://127.0.0.1:8080/api --publish-id demo --locale de,fr",
      "messagevisor-swift ota check --site Demo/ota --no-cache --json | jq .status",
    ])

  static let show = CommandSpec(
    "show",
    summary: "Render one OTA string exactly as the client does (or --list a locale's keys).",
    discussion: """
      Restores the cache, runs one update check, then renders one string the way the app does:
      the OTA entry for the locale (its locale chain: de-CH → de), converted from the String Catalog
      (plural and device variations, substitutions, format specifiers) and formatted by the
      Messagevisor engine with the ICU module, with the positional arguments of --args. A key the
      client skipped (unusable) or withheld (serving policy) is an error that says why; the app then
      shows its bundled text.
      """,
    usage: [
      "(--site DIR | --base-url URL --publish-id ID) --locale L (--key K [--args JSON-ARRAY] | --list) [options]"
    ],
    options: [
      site, .value("base-url", "URL", help: "API base URL (with --publish-id)."), publishId,
      .value("locale", "L", help: "The locale to render (required)."),
      .value("key", "K", help: "The key to render."),
      .value(
        "args", "JSON",
        help: """
          Positional arguments as a JSON array, e.g. '[3, "Ana"]' (%1$lld = 3,
          %2$@ = "Ana"); %c takes a code point or a one-character string.
          """),
      .value(
        "device", "D",
        kind: .choice(["iphone", "ipad", "mac", "applevision", "applewatch", "appletv", "other"]),
        help: """
          Device variation: iphone, ipad, mac, applevision, applewatch, appletv,
          other (default other; without D or other: iphone, ipad, mac, …).
          """),
      .value(
        "serve", "POLICY",
        help: """
          States served: xcode (default: all, as Xcode builds), reviewed
          (translated only), excluding-new, or a list such as translated,stale.
          """),
      .flag("list", help: "Print the keys of the locale with their state and kind instead."),
      cache, .flag("no-cache", help: "Do not read or write a cache."), timeout,
      .flag("json", help: "Print JSON (text, ICU message, catalog value, state, argument kinds)."),
    ],
    sections: [
      HelpSection(
        "Exit status",
        """
        0 when the string was rendered (or listed), 1 when it cannot be (not in the
        payload, skipped, missing arguments, sync failed with nothing cached), 2 for usage errors.
        """)
    ],
    examples: [
      "messagevisor-swift ota show --site Demo/ota --locale nl-NL --key welcome_title",
      "messagevisor-swift ota show --site site --locale de --key followers --args '[2, \"Ana\"]'",
      "messagevisor-swift ota show --site site --locale de --key tap --device ipad --json",
      "messagevisor-swift ota show --site site --locale ko --list",
    ])

  static let validate = CommandSpec(
    "validate", summary: "Validate a local OTA site directory (manifest + payloads).",
    discussion: """
      Checks a local OTA site: the manifest parses strictly (integer versions, keyed locales, optional url),
      every locale key is safe, every payload URL is a relative path inside the site that resolves (after
      symlinks) to a regular file inside the site within the size limit, every payload exists,
      parses as a String Catalog (all format specifiers and plural rules valid) and has a localization for
      its locale. Lists every problem.
      """,
    options: [.flag("json", help: "Print the report as JSON.")],
    arguments: [CommandArgument("SITE", help: "The local OTA site directory.", kind: .directory)],
    sections: [
      HelpSection("Exit status", "0 when there are no problems, 1 otherwise, 2 usage error.")
    ],
    examples: [
      "messagevisor-swift ota validate Demo/ota",
      "messagevisor-swift ota validate /srv/ota --json",
    ])

  static let export = CommandSpec(
    "export",
    summary: "Write a local site as static files for any web server, object store or CDN.",
    discussion: """
      Writes the static files that answer the ReRune endpoints when OUT is served at a base URL by any
      static host, object store or CDN:

        OUT/sdk/translations/manifest                 GET <base>/sdk/translations/manifest?platform=ios_xcstrings
        OUT/sdk/translations/ios_xcstrings/<locale>   GET <base>/sdk/translations/ios_xcstrings/<locale>

      The site is validated first (as `ota validate`); with any problem nothing is written. Files are
      replaced atomically, payloads before the manifest, and payloads of locales the manifest no longer
      lists are removed last, so a server never serves a half-written export. Serve both paths with
      Content-Type application/json; clients revalidate with the server's ETags (If-None-Match → 304).
      """,
    usage: ["--site DIR --out OUT [--json]"],
    options: [
      .value(
        "site", "DIR", kind: .directory,
        help: "The local OTA site (manifest.json + .xcstrings payloads)."),
      .value(
        "out", "OUT", kind: .directory,
        help: "The output directory (created when missing; must not contain or lie in the site)."),
      .flag("json", help: "Print the result as JSON."),
    ],
    sections: [
      HelpSection(
        "Exit status",
        "0 exported, 1 the site has problems or a file could not be written, 2 usage errors.")
    ],
    examples: [
      "messagevisor-swift ota export --site Demo/ota --out /srv/www/ota",
      "aws s3 sync OUT/sdk/translations/ios_xcstrings s3://bucket/api/sdk/translations/ios_xcstrings \\",
      "  --content-type application/json && aws s3 cp OUT/sdk/translations/manifest \\",
      "  s3://bucket/api/sdk/translations/manifest --content-type application/json",
    ])

  static let ota = CommandSpec(
    "ota", summary: "ReRune over-the-air catalog commands (see `ota --help`)",
    subcommands: [
      check, show, validate, export,
      CommandSpec("help", summary: "Show this help.", hidden: true),
    ],
    examples: [
      "messagevisor-swift ota check --site Demo/ota",
      "messagevisor-swift ota check --base-url https://rerune.io/api --publish-id pub_123 --json",
      "messagevisor-swift ota show --site Demo/ota --locale de --key items --args '[3]'",
      "messagevisor-swift ota validate Demo/ota",
    ])

  /// Runs `command` (`ota` or one of its subcommands) with the arguments after its name.
  static func run(_ command: CommandSpec, _ arguments: [String]) async -> Int32 {
    let parsed: ParsedArguments
    do {
      parsed = try command.parse(arguments)
    } catch {
      OTACommand.printError("error: \(error.description)")
      return MessagevisorCLI.usageStatus
    }
    if parsed.helpRequested {
      OTACommand.print(command.helpText)
      return 0
    }
    switch command.name {
    case "check": return await OTACommand.check(parsed)
    case "show": return await OTAShowCommand.run(parsed)
    case "validate": return OTACommand.validate(parsed)
    case "export": return OTACommand.export(parsed)
    case "help":
      OTACommand.print(ota.helpText)
      return 0
    default:
      // `ota` alone: the usage, as a usage error.
      OTACommand.printError(command.helpText)
      return MessagevisorCLI.usageStatus
    }
  }
}
