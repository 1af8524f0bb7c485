import CommandLineKit
import ReRune

/// `messagevisor-preview publish`: its arguments, parsed with the previewer's declaration, as
/// ReRune's `OTAPublishArguments`.
public struct PublishCommandLine: AsyncRunnableCommand {
  /// The subcommand's name and texts.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
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
      sections: [HelpSection("Exit status", "0 published · 1 the edit failed · 64 bad option")],
      examples: [
        "messagevisor-preview publish --locale nl-NL --key welcome_title --value 'Hallo!'",
        "messagevisor-preview publish --locale de --key files --value '{count, plural, one {# Datei} other {# Dateien}}'",
        "messagevisor-preview publish --locale nl-NL --key welcome_title --remove",
      ])
  }

  @Option(
    name: "site", value: "DIR", kind: .directory,
    help: """
      the site directory containing manifest.json (default: the site the
      previewer uses, Demo/ota or the unpacked embedded demo's)
      """)
  var site: String?
  @Option(name: "locale", value: "TAG", help: "a locale declared in the manifest, e.g. nl-NL")
  var locale: String?
  @Option(name: "key", value: "KEY", help: "the message key, e.g. welcome_title") var key: String?
  @Option(
    name: "value", value: "TEXT",
    help: "the new text (newline and tab are the only control characters allowed)")
  var value: String?
  @Option(
    name: "format", value: "F",
    help: """
      icu (default) or xcstrings: an Apple format string ("%lld Dateien"), a JSON
      object of plural forms ({"one": "%lld Datei", "other": "%lld Dateien"}) or
      a localization object as Xcode writes it
      """)
  var format: OTAValueFormat = .icu
  @Option(
    name: "add-locale", value: "TAG",
    help: """
      declare TAG in the manifest (version 1, payload TAG.xcstrings); with --key
      and --value the value is then published for it
      """)
  var addLocale: String?
  @Flag(
    name: "remove",
    help: "delete the key from the locale's payload, so clients fall back to the\nbundled text")
  var remove: Bool
  @Flag(name: "create", help: "publish a key the target does not have yet (adds it to the payload)")
  var create: Bool

  /// The request the arguments make (filled by ``validate()``).
  public private(set) var request = PublishRequest(
    edit: OTAPublishArguments(
      site: OTAPublishArguments.defaultSite, locale: "", key: "", value: nil),
    siteGiven: false)

  /// No option given.
  public init() {}

  /// Checks that the arguments make one edit and fills ``request``.
  public mutating func validate() throws(CommandLineError) {
    let site = self.site ?? OTAPublishArguments.defaultSite
    if let addLocale, key == nil, value == nil, !remove {
      var edit = OTAPublishArguments(site: site, locale: locale ?? addLocale, key: "", value: nil)
      edit.addLocale = addLocale
      request = PublishRequest(edit: edit, siteGiven: self.site != nil)
      return
    }
    guard let locale = locale ?? addLocale else { throw CommandLineError(.missing("--locale")) }
    guard let key else { throw CommandLineError(.missing("--key")) }
    if remove, value != nil { throw CommandLineError(.conflict("--value", "--remove")) }
    if !remove, value == nil { throw CommandLineError(.missing("--value (or --remove)")) }
    var edit = OTAPublishArguments(site: site, locale: locale, key: key, value: value)
    edit.format = format
    edit.addLocale = addLocale
    request = PublishRequest(edit: edit, siteGiven: self.site != nil, create: create)
  }

  /// Publishes the edit.
  public func run(_ programs: PreviewPrograms) async -> Int32 { programs.publish(request) }

  /// The usage text (`publish --help`).
  public static var usage: String { PreviewCommandLine.route(["publish"]).spec.helpText }

  /// Parses the arguments after `publish`; `nil` when help was asked for.
  public static func parse(_ arguments: [String]) throws(PreviewOptionsError)
    -> OTAPublishArguments?
  {
    try request(arguments)?.edit
  }

  /// Parses the arguments after `publish` into a request (the edit, and whether `--site` and
  /// `--create` were given); `nil` when help was asked for.
  public static func request(_ arguments: [String]) throws(PreviewOptionsError) -> PublishRequest? {
    do {
      return try parse(arguments, as: PreviewCommandLine.route(["publish"]).spec)?.request
    } catch {
      throw PreviewOptionsError(error)
    }
  }
}
