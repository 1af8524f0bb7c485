import Testing

@testable import ReRune

@Suite("Publish command arguments")
struct PublishingArgumentsTests {
  @Test func parsesSeparatedAndInlineValues() throws {
    let arguments = try OTAPublishArguments.parse([
      "--site", "Demo/ota", "--locale=nl-NL", "--key", "welcome_title", "--value", "Hallo = hoi",
    ])
    #expect(
      arguments
        == OTAPublishArguments(
          site: "Demo/ota", locale: "nl-NL", key: "welcome_title", value: "Hallo = hoi"))
  }

  @Test func defaultsToTheDemoSite() throws {
    let arguments = try OTAPublishArguments.parse(["--locale", "ar", "--key", "k", "--remove"])
    #expect(arguments.site == "Demo/ota")
    #expect(arguments.value == nil)
  }

  @Test func valueMayStartWithDashes() throws {
    let arguments = try OTAPublishArguments.parse(["--locale", "ar", "--key", "k", "--value", "--"])
    #expect(arguments.value == "--")
  }

  @Test(arguments: [
    (["--help"], OTAPublishArgumentsError.helpRequested),
    (["--locale", "nl-NL", "--key", "k", "-h"], .helpRequested),
    (["--locale", "nl-NL", "--key", "k"], .missingOption("--value (or --remove)")),
    (["--key", "k", "--value", "v"], .missingOption("--locale")),
    (["--locale", "nl-NL", "--value", "v"], .missingOption("--key")),
    (
      ["--locale", "nl-NL", "--key", "k", "--value", "v", "--remove"],
      .conflictingOptions("--value", "--remove")
    ),
    (["--locale", "nl-NL", "--key"], .missingValue("--key")),
    (["--locale", "nl-NL", "--key", "k", "--value", "v", "--force"], .unknownOption("--force")),
    (["stray"], .unknownOption("stray")),
  ])
  func reportsUsageErrors(arguments: [String], expected: OTAPublishArgumentsError) {
    #expect(throws: expected) { try OTAPublishArguments.parse(arguments) }
  }

  @Test func usageMentionsEveryOption() {
    for option in ["--site", "--locale", "--key", "--value", "--remove", "--help"] {
      #expect(OTAPublishArguments.usage.contains(option))
    }
  }
}
