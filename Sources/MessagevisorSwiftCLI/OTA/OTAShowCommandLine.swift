import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift ota show`: one OTA string as the client renders it.
struct OTAShowCommandLine: AsyncRunnableCommand {
  static let configuration = CommandConfiguration(
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

  @Option(name: "site", value: "DIR", kind: .directory, help: OTAOptionHelp.site)
  var site: String?
  @Option(name: "base-url", value: "URL", help: "API base URL (with --publish-id).")
  var baseURL: String?
  @Option(name: "publish-id", value: "ID", help: OTAOptionHelp.publishId) var publishId: String?
  @Option(name: "locale", value: "L", help: "The locale to render (required).") var locale: String?
  @Option(name: "key", value: "K", help: "The key to render.") var key: String?
  @Option(
    name: "args", value: "JSON",
    help: """
      Positional arguments as a JSON array, e.g. '[3, "Ana"]' (%1$lld = 3,
      %2$@ = "Ana"); %c takes a code point or a one-character string.
      """)
  var args = "[]"
  @Option(
    name: "device", value: "D",
    kind: .choice(["iphone", "ipad", "mac", "applevision", "applewatch", "appletv", "other"]),
    help: """
      Device variation: iphone, ipad, mac, applevision, applewatch, appletv,
      other (default other; without D or other: iphone, ipad, mac, …).
      """)
  var device = "other"
  // Text: its error is the command's own (the policies it accepts).
  @Option(
    name: "serve", value: "POLICY",
    help: """
      States served: xcode (default: all, as Xcode builds), reviewed
      (translated only), excluding-new, or a list such as translated,stale.
      """)
  var serve: String?
  @Flag(name: "list", help: "Print the keys of the locale with their state and kind instead.")
  var list: Bool
  @Option(name: "cache", value: "DIR", kind: .directory, help: OTAOptionHelp.cache)
  var cache: String?
  @Flag(name: "no-cache", help: "Do not read or write a cache.") var noCache: Bool
  @Option(name: "timeout", value: "SECONDS", help: OTAOptionHelp.timeout) var timeout: String?
  @Flag(
    name: "json", help: "Print JSON (text, ICU message, catalog value, state, argument kinds).")
  var json: Bool

  func run(_ output: CLIOutput) async -> Int32 {
    await OTAShowCommand(ota: OTACommand(output: output)).run(self)
  }
}
