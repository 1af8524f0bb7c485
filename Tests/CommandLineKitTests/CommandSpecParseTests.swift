import Testing

@testable import CommandLineKit

@Suite("CommandSpec: parsing")
struct CommandSpecParseTests {
  static let check = CommandSpec(
    "check", summary: "Run one check.",
    options: [
      .value("site", "DIR", kind: .directory, help: "A local site."),
      .value("locale", "TAG", repeats: true, help: "Only these locales."),
      .value("n", "COUNT", short: "n", help: "Iterations."),
      .value("device", "D", kind: .choice(["iphone", "ipad", "other"]), help: "Device."),
      .flag("json", help: "Print JSON."),
      .flag("no-cache", help: "No cache."),
    ])
  static let program = CommandSpec(
    "tool", summary: "A tool.",
    options: CommandSpec.documentationOptions,
    subcommands: [
      CommandSpec(
        "ota", summary: "OTA commands.",
        subcommands: [
          check,
          CommandSpec(
            "validate", summary: "Validate a site.",
            arguments: [CommandArgument("SITE", help: "The site.", kind: .directory)]),
        ]),
      CommandSpec("build", summary: "Build.", options: [.flag("json", help: "JSON")]),
    ])

  func error(_ arguments: [String], _ spec: CommandSpec = check) -> CommandLineError? {
    do {
      _ = try spec.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func keyEqualsValueAndKeySpaceValueMeanTheSame() throws {
    let equals = try Self.check.parse(["--site=a b", "--json", "-n", "5"])
    let spaced = try Self.check.parse(["--site", "a b", "--json", "--n=5"])
    #expect(equals == spaced)
    #expect(equals["site"] == "a b" && equals["n"] == "5" && equals.flag("json"))
    #expect(try Self.check.parse(["--site="])["site"] == "")
    #expect(try Self.check.parse(["--site=x=y"])["site"] == "x=y")
  }

  @Test func flagsTakeTrueOrFalse() throws {
    #expect(try !Self.check.parse(["--json=false"]).flag("json"))
    #expect(try Self.check.parse(["--json=1"]).flag("json"))
    #expect(try Self.check.parse(["--json=false"]).has("json"))
    #expect(
      error(["--json=maybe"])?.reason == .invalidValue("--json", "maybe", expected: "true or false")
    )
  }

  @Test func missingValueNamesTheOption() throws {
    let failure = error(["--json", "--site"])
    #expect(failure?.reason == .missingValue("--site"))
    #expect(failure?.description == "--site needs a value; see check --help")
    // A value option takes the next word even when it looks like an option.
    #expect(try Self.check.parse(["--n", "-1"])["n"] == "-1")
  }

  @Test(arguments: [
    ("--sit", "--site"), ("--jsno", "--json"), ("--no-cahce", "--no-cache"),
    ("--devic", "--device"),
    ("--lcoale", "--locale"),
  ])
  func unknownOptionSuggestsTheClosest(typed: String, meant: String) {
    let failure = error([typed, "x"])
    #expect(failure?.reason == .unknownOption(typed, suggestion: meant))
    #expect(failure?.description.contains("did you mean \(meant)?") == true)
  }

  @Test func unknownOptionWithNothingCloseHasNoSuggestion() {
    #expect(error(["--frobnicate"])?.reason == .unknownOption("--frobnicate", suggestion: nil))
    #expect(error(["-x"])?.reason == .unknownOption("-x", suggestion: nil))
    #expect(
      error(["--site=x", "--bogus=1"])?.description.hasPrefix("unknown option --bogus") == true)
  }

  @Test func repeatedOptionsKeepEveryValueAndTheLastWins() throws {
    let parsed = try Self.check.parse([
      "--locale", "de", "--locale=fr", "--site", "a", "--site", "b",
    ])
    #expect(parsed.all("locale") == ["de", "fr"])
    #expect(parsed["site"] == "b")
    #expect(parsed.all("n").isEmpty && parsed["n"] == nil)
  }

  @Test func choicesAreValidatedAndListed() {
    let failure = error(["--device", "watch"])
    #expect(
      failure?.reason == .invalidValue("--device", "watch", expected: "one of iphone, ipad, other"))
    #expect(failure?.description == "--device watch: expected one of iphone, ipad, other")
  }

  @Test func doubleDashEndsTheOptions() throws {
    let spec = CommandSpec(
      "validate", summary: "",
      arguments: [
        CommandArgument("SITE", help: ""), CommandArgument("MORE", help: "", optional: true),
      ],
    )
    let parsed = try spec.parse(["--", "--json", "-h"])
    #expect(parsed.positional == ["--json", "-h"])
    #expect(!parsed.helpRequested)
    #expect(try spec.parse(["-"]).positional == ["-"])
  }

  @Test func positionalArgumentsAreCounted() {
    let validate = Self.program.route(["ota", "validate"]).command
    #expect(error([], validate)?.reason == .missing("SITE"))
    #expect(error(["a", "b"], validate)?.reason == .unexpectedArgument("b"))
    #expect(error(["stray"])?.reason == .unexpectedArgument("stray"))
  }

  @Test func helpAnywhereSkipsValidation() throws {
    #expect(try Self.check.parse(["--bogus", "-h"]).helpRequested)
    #expect(try Self.check.parse(["--help"]).helpRequested)
  }

  @Test func routingFollowsSubcommandWords() throws {
    let (command, rest) = Self.program.route(["ota", "check", "--json"])
    #expect(command.fullName == "tool ota check")
    #expect(rest == ["--json"])
    #expect(Self.program.route(["--json"]).command.fullName == "tool")
    let ota = Self.program.route(["ota", "chek"]).command
    #expect(
      error(["chek"], ota)?.reason
        == .unknownSubcommand("chek", suggestion: "check", valid: ["check", "validate"]))
    #expect(
      error(["zzz"], Self.program)?.description == "unknown command 'zzz'; commands: ota, build")
  }

  @Test func editDistanceCountsTranspositionsOnce() {
    #expect(Suggestion.editDistance("json", "jsno") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
  }
}
