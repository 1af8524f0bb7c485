import CommandLineKit
import Preview
import PreviewCLI
import ReRune
import TestSupport
import Testing

/// Every command of `messagevisor-preview` is a command type that runs with the executable's
/// `PreviewPrograms`: the arguments reach the program of the command they name, parsed.
@Suite struct PreviewCommandRoutingTests {
  /// Which program ran, with what.
  enum Ran: Equatable, Sendable {
    case preview(PreviewOptions)
    case gallery(GalleryOptions)
    case publish(PublishRequest)
    case wrote(String)
  }

  /// Runs `arguments` as the executable does, recording the program instead of running it.
  func run(_ arguments: [String]) async throws -> Ran? {
    let ran = Collector<Ran>()
    let programs = PreviewPrograms(
      preview: {
        ran.append(.preview($0))
        return 0
      },
      gallery: {
        ran.append(.gallery($0))
        return 0
      },
      publish: {
        ran.append(.publish($0))
        return 0
      },
      write: { ran.append(.wrote($0)) })
    guard case .command(let command) = try PreviewCommandLine.route(arguments).parse(),
      var runnable = command as? any AsyncRunnableCommand<PreviewPrograms>
    else { return nil }
    _ = try await runnable.run(programs)
    return ran.items.first
  }

  @Test func everyCommandRunsWithTheExecutablesPrograms() {
    for spec in PreviewCommandLine.program.allCommands {
      let path = Array(spec.fullName.split(separator: " ").dropFirst().map(String.init))
      let route = PreviewCommandLine.route(path)
      #expect(route.spec == spec)
      #expect(route.command is any AsyncRunnableCommand<PreviewPrograms>.Type, "\(spec.fullName)")
    }
  }

  @Test func theArgumentsReachTheProgramTheyName() async throws {
    #expect(
      try await run(["--print", "--width", "80"])
        == .preview(try PreviewOptions.parse(["--print", "--width", "80"])))
    #expect(
      try await run(["gallery", "--out", "/tmp/g"])
        == .gallery(try GalleryOptions.parse(["--out", "/tmp/g"])))
    let publish = ["--locale", "nl-NL", "--key", "k", "--value", "v"]
    let request = try #require(try PublishCommandLine.request(publish))
    #expect(try await run(["publish"] + publish) == .publish(request))
    #expect(
      try await run(["--generate-completions", "zsh"])
        == .wrote(PreviewCommandLine.program.completionScript(for: .zsh)))
  }
}
