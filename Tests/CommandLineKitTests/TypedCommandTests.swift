import Testing

@testable import CommandLineKit

/// Options shared by the test commands (an option group).
private struct SourceOptions: ParsableArguments {
  @Option(name: "site", value: "DIR", kind: .directory, help: "A local site.")
  var site: String?
  @Flag(name: "withCache", help: "Use a cache (default: as configured).")
  var withCache: Bool?
  @Option(
    name: "timeout", value: "SECONDS", expected: "seconds above 0", valid: { $0 > 0 },
    help: "Timeout.")
  var timeout: Double = 10
}

private enum Device: String, CaseIterable, Sendable {
  case iphone, ipad, other
}

private struct Check: ParsableCommand, RunnableCommand {
  static let configuration = CommandConfiguration(
    "check", summary: "Run one check.", sections: [HelpSection("Exit status", "0 ok")],
    examples: ["tool ota check --site s"])

  @OptionGroup var source: SourceOptions
  @Option(name: "locale", value: "TAG", help: "Only these locales.") var locales: [String]
  @Option(name: "n", value: "COUNT", short: "n", expected: "a count", help: "Iterations.")
  var count: Int?
  @Option(name: "device", value: "D", help: "Device.") var device: Device = .other
  @Flag(name: "json", help: "Print JSON.") var json: Bool

  mutating func validate() throws(CommandLineError) {
    if let count, count <= 0 {
      throw CommandLineError(.invalidValue("-n", String(count), expected: "a positive count"))
    }
  }

  mutating func run(_ log: [String]) throws(CommandLineError) -> Int32 { json ? 1 : 0 }
}

private struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration("validate", summary: "Validate a site.")
  @OptionGroup(excluding: ["withCache", "timeout"]) var source: SourceOptions
  @Argument(name: "SITE", help: "The site.", kind: .directory) var site = ""
  @Argument(name: "OUT", help: "Where to write.") var out: String?
}

private struct Help: ParsableCommand {
  static let configuration = CommandConfiguration("help", summary: "Explain a command.")
  @Argument(name: "COMMAND", help: "The command to explain") var path: [String]
}

private struct OTA: ParsableCommand {
  static let configuration = CommandConfiguration(
    "ota", summary: "OTA commands.", subcommands: [Check.self, Validate.self])
}

private struct Tool: ParsableCommand {
  static let configuration = CommandConfiguration(
    "tool", summary: "A tool.", subcommands: [OTA.self, Help.self])
  @OptionGroup var documentation: DocumentationOptions
}

@Suite("Typed commands: declarations are the storage")
struct TypedCommandTests {
  /// The same command declared the untyped way: the typed declaration must produce it exactly.
  static let untypedCheck = CommandSpec(
    "check", summary: "Run one check.",
    options: [
      .value("site", "DIR", kind: .directory, help: "A local site."),
      .flag("withCache", help: "Use a cache (default: as configured)."),
      .value("timeout", "SECONDS", help: "Timeout."),
      .value("locale", "TAG", repeats: true, help: "Only these locales."),
      .value("n", "COUNT", short: "n", help: "Iterations."),
      .value("device", "D", kind: .choice(["iphone", "ipad", "other"]), help: "Device."),
      .flag("json", help: "Print JSON."),
    ],
    sections: [HelpSection("Exit status", "0 ok")], examples: ["tool ota check --site s"])

  func parse<C: ParsableCommand>(_ type: C.Type, _ arguments: [String]) throws(CommandLineError)
    -> C?
  {
    try C.parse(arguments, as: C.spec)
  }

  @Test func specDerivedFromDeclarationsEqualsTheHandWrittenOne() {
    #expect(Check.spec == Self.untypedCheck)
    #expect(Check.spec.helpText == Self.untypedCheck.helpText)
    #expect(Check.spec.manPage(date: "d") == Self.untypedCheck.manPage(date: "d"))
  }

  @Test func valuesAreBoundWithTheirTypes() throws {
    let check = try #require(
      try parse(
        Check.self,
        [
          "--site=s", "--locale", "de", "--locale=fr", "-n", "5", "--device", "ipad", "--json",
          "--timeout", "2.5", "--withCache=false",
        ]))
    #expect(check.source.site == "s")
    #expect(check.source.timeout == 2.5)
    #expect(check.source.withCache == false)
    #expect(check.locales == ["de", "fr"])
    #expect(check.count == 5)
    #expect(check.device == .ipad)
    #expect(check.json)
  }

  @Test func absentOptionsKeepTheirDefaults() throws {
    let check = try #require(try parse(Check.self, []))
    #expect(check.source.site == nil && check.source.withCache == nil)
    #expect(check.source.timeout == 10 && check.locales.isEmpty && check.count == nil)
    #expect(check.device == .other && !check.json)
  }

  @Test func valueThatDoesNotConvertIsAUsageErrorNamingTheOption() {
    #expect(
      throws: CommandLineError(.invalidValue("--n", "five", expected: "a count"), command: "check")
    ) {
      _ = try parse(Check.self, ["-n", "five"])
    }
    #expect(
      throws: CommandLineError(
        .invalidValue("--timeout", "soon", expected: "seconds above 0"), command: "check")
    ) {
      _ = try parse(Check.self, ["--timeout", "soon"])
    }
    #expect(
      throws: CommandLineError(.invalidValue("--n", "2.5", expected: "a count"), command: "check")
    ) {
      _ = try parse(Check.self, ["--n=2.5"])
    }
    #expect(Int.expectedDescription == "a whole number" && Double.expectedDescription == "a number")
  }

  @Test func valueOutsideTheValidRangeIsRefusedQuotingTheTextAsTyped() {
    #expect(
      throws: CommandLineError(
        .invalidValue("--timeout", "-1.50", expected: "seconds above 0"), command: "check")
    ) {
      _ = try parse(Check.self, ["--timeout", "-1.50"])
    }
  }

  @Test func validationErrorsGetTheFullCommandName() {
    let spec = Tool.route(["ota", "check"]).spec
    #expect(spec.fullName == "tool ota check")
    #expect(
      throws: CommandLineError(
        .invalidValue("-n", "0", expected: "a positive count"), command: "tool ota check")
    ) {
      _ = try Check.parse(["-n", "0"], as: spec)
    }
  }

  @Test func helpIsAskedForInsteadOfParsed() throws {
    let route = Tool.route(["ota", "check", "--bogus", "--help"])
    guard case .help(let spec) = try route.parse() else {
      Issue.record("expected help")
      return
    }
    #expect(spec.fullName == "tool ota check")
  }

  @Test func routeFollowsSubcommandTypes() throws {
    let route = Tool.route(["ota", "check", "--json"])
    #expect(ObjectIdentifier(route.command) == ObjectIdentifier(Check.self))
    #expect(route.arguments == ["--json"])
    guard case .command(let command) = try route.parse(),
      var check = command as? any RunnableCommand<[String]>
    else {
      Issue.record("expected a runnable check")
      return
    }
    #expect(try check.run([]) == 1)
    #expect(ObjectIdentifier(Tool.route(["ota"]).command) == ObjectIdentifier(OTA.self))
    #expect(ObjectIdentifier(Tool.route(["nope"]).command) == ObjectIdentifier(Tool.self))
  }

  @Test func positionalArgumentsAndExcludedGroupOptions() throws {
    let validate = try #require(try parse(Validate.self, ["site", "out"]))
    #expect(validate.site == "site" && validate.out == "out")
    #expect(Validate.spec.options.map(\.name) == ["site", "help"])
    #expect(Validate.spec.arguments.map(\.optional) == [false, true])
    #expect(throws: CommandLineError(.missing("SITE"), command: "validate")) {
      _ = try parse(Validate.self, [])
    }
  }

  @Test func repeatingLastArgumentTakesEveryRemainingWord() throws {
    let help = try #require(try parse(Help.self, ["ota", "check"]))
    #expect(help.path == ["ota", "check"])
    #expect(try #require(try parse(Help.self, [])).path.isEmpty)
  }

  @Test func documentationOptionsAreTypedAndHidden() throws {
    let tool = try #require(try parse(Tool.self, ["--generate-completions", "zsh"]))
    #expect(tool.documentation.completions == .zsh)
    #expect(tool.documentation.text(for: Tool.spec, date: "d")?.hasPrefix("#compdef tool") == true)
    #expect(Tool.spec.options.filter { !$0.hidden }.map(\.name) == ["help"])
    #expect(CommandSpec.documentationOptions == DocumentationOptions.declaredOptions)
    #expect(
      throws: CommandLineError(
        .invalidValue("--generate-completions", "fish", expected: "one of bash, zsh"),
        command: "tool")
    ) {
      _ = try parse(Tool.self, ["--generate-completions", "fish"])
    }
  }
}
