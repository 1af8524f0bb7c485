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

  @Test func onlyTheLastValueIsKeptSoOneProjectPerSetIsHeldAtATime() {
    let output = CLIOutput(capture: true, endsProcess: true)
    weak var first: Loaded?
    weak var second: Loaded?
    do {
      let loaded = Loaded()
      first = loaded
      output.keepUntilExit(loaded)
    }
    do {
      let loaded = Loaded()
      second = loaded
      output.keepUntilExit(loaded)
    }
    #expect(first == nil)
    #expect(second != nil)
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
