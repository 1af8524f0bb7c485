import Foundation

/// `welcome-cli`: the demo's Welcome strings through the engine and over the air.
@main
struct WelcomeCLI {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(WelcomeOptions.usage)
      return
    }
    do {
      let options = try WelcomeOptions(arguments: arguments)
      let datafiles = try DatafileDirectory.load(options.datafiles)
      let engine = try await EngineTour.run(datafiles: datafiles)
      try await OTATour.run(options: options, datafiles: datafiles, engine: engine)
      try await engine.close()
    } catch let error as WelcomeError {
      Output.note("welcome-cli: \(error)" + (error.isUsage ? "\n\n" + WelcomeOptions.usage : ""))
      exit(error.isUsage ? 2 : 1)
    } catch {
      Output.note("welcome-cli: \(error)")
      exit(1)
    }
  }
}
