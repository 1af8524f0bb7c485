import PreviewCLI
import ReRune
import Testing

/// `messagevisor-preview publish`'s arguments, parsed by the CLI layer into ReRune's
/// `OTAPublishArguments` (the library itself parses no command line).
@Suite("Publish command arguments (PreviewCLI)")
struct PublishCommandLineTests {
  /// The message of the error `arguments` give, or `nil` when they parse.
  static func failure(_ arguments: [String]) -> String? {
    do {
      _ = try PublishCommandLine.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func parsesSeparatedAndInlineValues() throws {
    let arguments = try PublishCommandLine.parse([
      "--site", "Demo/ota", "--locale=nl-NL", "--key", "welcome_title", "--value", "Hallo = hoi",
    ])
    #expect(
      arguments
        == OTAPublishArguments(
          site: "Demo/ota", locale: "nl-NL", key: "welcome_title", value: "Hallo = hoi"))
  }

  @Test func defaultsToTheDemoSite() throws {
    let arguments = try #require(
      try PublishCommandLine.parse(["--locale", "ar", "--key", "k", "--remove"]))
    #expect(arguments.site == "Demo/ota")
    #expect(arguments.value == nil)
  }

  @Test func formatAndAddLocale() throws {
    let edit = try #require(
      try PublishCommandLine.parse([
        "--add-locale", "sv-SE", "--key", "k", "--value", "%lld st", "--format", "xcstrings",
      ]))
    #expect(edit.locale == "sv-SE" && edit.addLocale == "sv-SE" && edit.format == .xcstrings)
    let alone = try #require(try PublishCommandLine.parse(["--add-locale", "da"]))
    #expect(alone.addLocale == "da" && alone.key.isEmpty && alone.value == nil)
  }

  @Test func helpIsNotAnEdit() throws {
    #expect(try PublishCommandLine.parse(["--help"]) == nil)
    #expect(try PublishCommandLine.parse(["--locale", "nl-NL", "--key", "k", "-h"]) == nil)
  }

  @Test(arguments: [
    (["--locale", "nl-NL", "--key", "k"], "--value (or --remove)"),
    (["--key", "k", "--value", "v"], "--locale"),
    (["--locale", "nl-NL", "--value", "v"], "--key"),
    (["--locale", "nl-NL", "--key", "k", "--value", "v", "--remove"], "--remove"),
    (["--locale", "nl-NL", "--key"], "--key"),
    (["--locale", "nl-NL", "--key", "k", "--value", "v", "--force"], "--force"),
    (["--locale", "x", "--key", "k", "--value", "v", "--format", "yaml"], "yaml"),
  ])
  func reportsUsageErrors(arguments: [String], names: String) {
    let message = Self.failure(arguments)
    #expect(message?.contains(names) == true, "\(arguments): \(message ?? "parsed")")
  }

  @Test func usageMentionsEveryOption() {
    for option in [
      "--site", "--locale", "--key", "--value", "--format", "--add-locale", "--remove",
    ] {
      #expect(PublishCommandLine.usage.contains(option), "\(option)")
    }
  }
}
