import CommandLineKit
import Foundation
import MessagevisorProject

/// The declarations of the project commands (`test`, `build`, `evaluate`, `benchmark`,
/// `examples`) and their translation into the typed options of the `MessagevisorProject`
/// implementations.
enum ProjectCommandLine {
  /// Options shared by every project command.
  static let projectOptions: [CommandOption] = [
    .value(
      "projectDirectoryPath", "DIR", kind: .directory,
      help: "Project root (default: current directory)"),
    .value("set", "NAME", help: "Only this set of a project that uses sets (default: every set)"),
    .flag("withIcuModule", help: "Install the ICU module (default: as the config says)"),
    .flag(
      "withInterpolationModule",
      help: "Install the interpolation module (default: as the config says)"),
    .value("parser", "FORMAT", help: "Override the entity file format: yml or json"),
    .value("namespaceCharacter", "CHARACTER", help: "Override the namespace character"),
  ]

  static let test = CommandSpec(
    "test", summary: "Run a project's test specs (tests/**/*.spec.yml) through the Swift engine",
    options: projectOptions + [
      .value("target", "NAME", help: "Target for message assertions without one (default: swift)"),
      .flag("normalizeSpaces", help: "Treat U+0020, U+00A0 and U+202F as equal"),
      .flag("onlyFailures", help: "Print only failing specs and assertions"),
      .value("keyPattern", "REGEX", help: "Regex on the spec's message/segment/target/locale key"),
      .value("assertionPattern", "REGEX", help: "Regex on assertion descriptions"),
      .flag("json", help: "Print results as JSON"),
      .flag("pretty", help: "Pretty-print JSON output"),
      .value(
        "runtime", "KEYS",
        help: "expectedByRuntime keys to prefer, comma-separated (default: linux)"),
      .value("timeZone", "ZONE", help: "Default time zone of evaluations (default: UTC)"),
      .flag("verbose", help: "Also print expected/actual of passing assertions"),
    ],
    sections: [
      HelpSection(
        "Runtime policy",
        """
        Each assertion expects expectedByRuntime.<key> for the first --runtime key present, else
        expectedTranslation (Node 24 Intl). The default key is `linux`: Foundation on Linux uses
        ICU 76 / CLDR 46, which matches Node's output more often than Apple's `swift` key does
        (project-1 with ICU: 1,041 vs 990 of 1,084 assertions pass), so `swift` is not consulted
        unless you pass --runtime=linux,swift.
        """),
      HelpSection(
        "Output",
        """
        Ends with `Test specs: N passed, M failed` and `Assertions: N passed, M failed`.
        On a terminal, work longer than a second shows progress on standard error (never in
        pipes or with --json).
        """),
      HelpSection("Exit status", "0 every assertion passed · 1 anything failed · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift test --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --keyPattern='^auth' --onlyFailures",
      "messagevisor-swift test --projectDirectoryPath=path/to/project --json --pretty",
    ])

  static let build = CommandSpec(
    "build", summary: "Build datafiles (datafiles/…/messagevisor-<target>-<locale>.json)",
    options: projectOptions + [
      .value("target", "NAME", help: "Build only this target"),
      .value("locale", "LOCALE", help: "Build only this locale"),
      .value("revision", "REVISION", help: "Revision to write (default: previous REVISION + 1)"),
      .flag("json", help: "Print newline-delimited JSON instead of writing files/state"),
      .value(
        "datafilesDirectoryPath", "DIR", kind: .directory,
        help: "Output directory (default: <project>/datafiles)"),
    ],
    sections: [
      HelpSection(
        "Output",
        """
        Files are written to datafiles/[<target dirs>/]messagevisor-<targetLeaf>-<locale>.json and the
        revision to .messagevisor/REVISION. Keys are sorted, so builds are deterministic.
        In a project with sets, every set (or the one --set names) is built into <output>/<set>/
        with its own revision in .messagevisor/<set>/REVISION.
        On a terminal, a build longer than a second shows progress on standard error.
        """),
      HelpSection("Exit status", "0 built · 1 the project or a file has an error · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift build --projectDirectoryPath=path/to/project",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --target=web --locale=en-US --json",
      "messagevisor-swift build --projectDirectoryPath=path/to/project --revision=42",
    ])

  static let lint = CommandSpec(
    "lint",
    summary: "Check a project and report every problem (schemas, ICU, plurals, contract, fit)",
    options: projectOptions + [
      .value("target", "NAME", help: "Only this target's messages and locales"),
      .value("locale", "LOCALE", help: "Only findings about this locale"),
      .value(
        "format", "FORMAT", kind: .choice(LintCommand.Format.allCases.map(\.rawValue)),
        help: "Output: text (grouped by file), json (upstream's array) or sarif (2.1.0)"),
      .value(
        "severity", "LEVEL", kind: .choice(["error", "warning", "info"]),
        help: "Report findings at this level and above (default: info)"),
      .value("only", "CODES", help: "Only these codes, comma-separated"),
      .value("skip", "CODES", help: "Not these codes, comma-separated"),
      .flag("pretty", help: "Pretty-print JSON output"),
    ],
    sections: [
      HelpSection(
        "Checks",
        LintRule.all.map { "\($0.code) (\($0.level.rawValue)): \($0.help)" }.joined(
          separator: "\n")),
      HelpSection(
        "Configuration",
        """
        In messagevisor.config.yml:
          lint:
            severity: {fit: error, unused_message: off}
            ignoreKeys: ["legacy_*"]
            allowIdentical: [ReRune]
            identicalMinimumLength: 4
        In a message file, `lint: {ignore: [code, …]}` silences those codes for that message.
        """),
      HelpSection(
        "Output",
        """
        Text is grouped by file with line:column, coloured on a terminal (never with NO_COLOR or
        in a pipe). JSON is an array of {level, filePath, entityType, entityKey, message, path,
        code, line, column, locale}. Without --set, every set of a project that uses sets.
        """),
      HelpSection(
        "Exit status", "0 no finding at error level · 1 a finding at error level · 2 usage error"),
    ],
    examples: [
      "messagevisor-swift lint --projectDirectoryPath=path/to/project",
      "messagevisor-swift lint --projectDirectoryPath=path/to/project --severity=warning --skip=unused_message",
      "messagevisor-swift lint --projectDirectoryPath=path/to/project --format=sarif > lint.sarif",
    ])

  static let evaluateOptions: [CommandOption] =
    projectOptions + [
      .value("target", "NAME", help: "Target whose datafile is used (default: swift)"),
      .value("locale", "LOCALE", help: "Locale (required)"),
      .value("message", "KEY", help: "Message key to translate"),
      .value("rawMessage", "ICU", help: "Raw ICU message to format instead of a key"),
      .value("values", "JSON", help: "Values as JSON or YAML, e.g. '{\"count\": 3}'"),
      .value("context", "JSON", help: "Context as JSON or YAML, e.g. '{\"platform\": \"ios\"}'"),
      .value("currency", "CODE", help: "Currency for this evaluation"),
      .value("timeZone", "ZONE", help: "Time zone (default: UTC)"),
      .flag("showDatafile", help: "Also print the datafile that was built"),
    ]

  static let evaluate = CommandSpec(
    "evaluate", summary: "Translate one message (or raw ICU message) for a target and locale",
    options: evaluateOptions,
    sections: [
      HelpSection(
        "Exit status", "0 translated · 1 project, locale, message or value error · 2 usage error")
    ],
    examples: [
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin",
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=nl-NL --message=cart.itemCount --values='{\"count\": 3}'",
      "messagevisor-swift evaluate --projectDirectoryPath=path/to/project --locale=en-US --rawMessage='{n, number, money}' --values='{\"n\": 12}'",
    ])

  static let benchmark = CommandSpec(
    "benchmark", summary: "Time repeated translations of one message",
    // -n (iterations) only means something to `benchmark`.
    options: evaluateOptions + [
      .value("n", "COUNT", short: "n", help: "Number of iterations (default 10000)")
    ],
    examples: [
      "messagevisor-swift benchmark --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin -n 100000"
    ])

  static let examples = CommandSpec(
    "examples", summary: "Evaluate the examples declared in messages and locales",
    options: projectOptions + [
      .value(
        "target", "NAME", help: "Target whose datafile message examples use (default: swift)"),
      .value("locale", "LOCALE", help: "Only examples for this locale"),
      .flag("json", help: "Print {locales: […], messages: […]} as JSON"),
      .flag("pretty", help: "Pretty-print JSON"),
      .flag("normalizeSpaces", help: "Compare with U+0020 = U+00A0 = U+202F"),
      .value("runtime", "KEYS", help: "expectedByRuntime keys to check against (default: linux)"),
    ],
    sections: [
      HelpSection(
        "Notes",
        """
        Examples carry no Node reference output (upstream computes it at run time), so each example is
        evaluated and printed; when it has expectedByRuntime.<runtime>, that value is checked.
        """)
    ],
    examples: [
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --withIcuModule --normalizeSpaces",
      "messagevisor-swift examples --projectDirectoryPath=path/to/project --locale=nl-NL --json --pretty",
    ])

  /// Runs the project command `spec` names with `parsed` (already parsed, no help asked).
  static func run(_ spec: CommandSpec, _ parsed: ParsedArguments, output: CLIOutput)
    throws(CommandLineError) -> Int32
  {
    var project = ProjectCommandOptions()
    project.projectDirectoryPath = parsed["projectDirectoryPath"]
    project.set = parsed["set"]
    project.withIcuModule = parsed.flags["withIcuModule"]
    project.withInterpolationModule = parsed.flags["withInterpolationModule"]
    project.parser = parsed["parser"]
    project.namespaceCharacter = parsed["namespaceCharacter"]
    project.target = parsed["target"]
    try checkSet(project, command: spec.fullName)
    switch spec.name {
    case "test":
      var options = TestCommand.Options()
      options.project = project
      options.normalizeSpaces = parsed.flag("normalizeSpaces")
      options.onlyFailures = parsed.flag("onlyFailures")
      options.keyPattern = parsed["keyPattern"]
      options.assertionPattern = parsed["assertionPattern"]
      options.json = parsed.flag("json")
      options.pretty = parsed.flag("pretty")
      options.runtimeKeys = parsed["runtime"].map { runtime in
        runtime.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { !$0.isEmpty }
      }
      options.timeZone = parsed["timeZone"]
      options.verbose = parsed.flag("verbose")
      return TestCommand.run(options, output: output)
    case "build":
      var options = BuildCommand.Options()
      options.project = project
      options.locale = parsed["locale"]
      options.revision = parsed["revision"]
      options.json = parsed.flag("json")
      options.datafilesDirectoryPath = parsed["datafilesDirectoryPath"]
      return BuildCommand.run(options, output: output)
    case "lint":
      return try runLint(spec, parsed, project: project, output: output)
    case "readiness":
      return try runReadiness(spec, parsed, project: project, output: output)
    case "review":
      return try runReview(spec, parsed, project: project, output: output)
    case "evaluate", "benchmark":
      var options = EvaluateCommand.Options()
      options.project = project
      options.locale = parsed["locale"]
      options.message = parsed["message"]
      options.rawMessage = parsed["rawMessage"]
      options.values = parsed["values"]
      options.context = parsed["context"]
      options.currency = parsed["currency"]
      options.timeZone = parsed["timeZone"]
      options.showDatafile = parsed.flag("showDatafile")
      if spec.name == "benchmark" {
        let text = parsed["n"] ?? "10000"
        guard let count = Int(text), count > 0 else {
          throw CommandLineError(
            .invalidValue("-n", text, expected: "a positive number of iterations"),
            command: spec.fullName)
        }
        options.benchmarkIterations = count
      }
      return EvaluateCommand.run(options, output: output)
    default:
      var options = ExamplesCommand.Options()
      options.project = project
      options.locale = parsed["locale"]
      options.json = parsed.flag("json")
      options.pretty = parsed.flag("pretty")
      options.normalizeSpaces = parsed.flag("normalizeSpaces")
      options.runtimeKeys = parsed["runtime"].map { $0.split(separator: ",").map(String.init) }
      return ExamplesCommand.run(options, output: output)
    }
  }

  /// A `--set` that is not a set of a project that uses sets is a usage error listing the sets
  /// (with the closest one when it looks like a typo). A project without sets, or whose config
  /// does not load, is left to the command, which reports it.
  static func checkSet(_ project: ProjectCommandOptions, command: String)
    throws(CommandLineError)
  {
    guard let set = project.set else { return }
    let path = project.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    guard let config = try? ProjectConfig.load(directory: path), config.sets else { return }
    let names = ProjectConfig.setNames(projectDirectory: path)
    guard !names.contains(set) else { return }
    let known =
      names.isEmpty ? "a set, but sets/ has none" : "one of \(names.joined(separator: ", "))"
    let suggestion = Suggestion.didYouMean(set, in: names)
    throw CommandLineError(
      .invalidValue("--set", set, expected: known + suggestion), command: command)
  }
}
