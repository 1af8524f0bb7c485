import Foundation
import Testing

@testable import MessagevisorSwiftCLI

@Suite("What a command loaded, kept until the process exits")
struct CLIOutputLifetimeTests {
  final class Loaded {}

  @Test func anOutputOfAProcessThatEndsWithTheCommandKeepsWhatItIsGiven() {
    let output = CLIOutput(capture: true, endsProcess: true)
    weak var watched: Loaded?
    do {
      let loaded = Loaded()
      watched = loaded
      output.keepUntilExit(loaded)
    }
    #expect(watched != nil)
  }

  @Test func anOutputOfAProcessThatGoesOnKeepsNothing() {
    let output = CLIOutput(capture: true)
    weak var watched: Loaded?
    do {
      let loaded = Loaded()
      watched = loaded
      output.keepUntilExit(loaded)
    }
    #expect(watched == nil)
  }
}
