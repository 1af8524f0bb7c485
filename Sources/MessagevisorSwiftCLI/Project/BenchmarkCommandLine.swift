import CommandLineKit
import MessagevisorProject

/// `messagevisor-swift benchmark`: `evaluate` repeated, timed.
struct BenchmarkCommandLine: RunnableCommand {
  static let configuration = CommandConfiguration(
    "benchmark", summary: "Time repeated translations of one message",
    examples: [
      "messagevisor-swift benchmark --projectDirectoryPath=path/to/project --target=swift --locale=en-US --message=auth.signin -n 100000"
    ])

  @OptionGroup var evaluation: EvaluateOptions
  // -n (iterations) only means something to `benchmark`; kept as text so that a bad value is
  // reported as `-n`, the spelling the help shows.
  @Option(name: "n", value: "COUNT", short: "n", help: "Number of iterations (default 10000)")
  var iterations: String = "10000"

  func validate() throws(CommandLineError) {
    try evaluation.project.checkSet()
    guard let count = Int(iterations), count > 0 else {
      throw CommandLineError(
        .invalidValue("-n", iterations, expected: "a positive number of iterations"))
    }
  }

  func run(_ output: CLIOutput) -> Int32 {
    EvaluateCommand.run(evaluation, benchmarkIterations: Int(iterations) ?? 10000, output: output)
  }
}
