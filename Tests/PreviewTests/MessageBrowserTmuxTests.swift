import Foundation
import TestSupport
import Testing

/// The message browser in the real binary, driven in tmux like a person would: open it, search,
/// filter, compare, read the detail, switch the pseudo-locale, leave.
@Suite(
  "Message browser in tmux", .tmuxEndToEnd(needs: .previewBinary, .demo))
struct MessageBrowserTmuxTests {
  /// Starts the demo in Dutch at 140×36 and waits for the Welcome screen.
  static func startOnWelcome(_ tmux: PreviewTmuxFixture) -> (ok: Bool, screen: String) {
    tmux.start(
      [
        "--ota-site", tmux.site, "--cache-dir", tmux.cache, "--interval", "0", "--locale", "nl-NL",
        "--time-zone", "UTC",
      ],
      width: 140, height: 36)
    let step = tmux.waitFor { $0.contains("Welkom bij ReRune") }
    #expect(step.ok, "no Welcome screen:\n\(step.screen)")
    return step
  }

  @Test func searchFilterCompareDetailAndBack() throws {
    let tmux = try PreviewTmuxFixture("browser-tmux")
    defer { tmux.stop() }
    var step = Self.startOnWelcome(tmux)
    tmux.send("m")
    step = tmux.waitFor { $0.contains("─ Messages 1/") && $0.contains("─ Detail ─") }
    #expect(step.ok, "no browser:\n\(step.screen)")

    tmux.send("/", "w", "e", "l", "c", "o", "m", "e", "_", "t", "i", "t")
    step = tmux.waitFor { $0.contains("/welcome_tit▏") && $0.contains("Messages 1/1 of") }
    #expect(step.ok, "search did not narrow the list:\n\(step.screen)")
    tmux.send("Enter")
    tmux.send("p")  // plan → pro: the override matches, the detail says why
    step = tmux.waitFor {
      $0.contains("Welkom terug bij ReRune Pro") && $0.contains("pro  ✓ matched · used")
        && $0.contains("plan equals \"pro\" · context: \"pro\"")
    }
    #expect(step.ok, "the detail does not explain the pro override:\n\(step.screen)")

    tmux.send("x")
    step = tmux.waitFor {
      $0.contains("nl-NL ↔ en-US") && $0.contains("Welcome back to ReRune Pro")
    }
    #expect(step.ok, "no compare column:\n\(step.screen)")

    tmux.send("Escape")  // leaves the browser for Welcome
    step = tmux.waitFor { $0.contains("─ Welcome ─") }
    #expect(step.ok, "Esc did not return to Welcome:\n\(step.screen)")

    tmux.send("L")
    step = tmux.waitFor { $0.contains("en-XA (pseudo)") }
    #expect(step.ok, "no pseudo-locale in the picker:\n\(step.screen)")
    tmux.send("Escape")
    tmux.send("q")
  }

  @Test func theSearchPromptEditsWithTheLineEditorKeysFromTheTerminal() throws {
    let tmux = try PreviewTmuxFixture("browser-prompt-tmux")
    defer { tmux.stop() }
    var step = Self.startOnWelcome(tmux)
    tmux.send("m")
    step = tmux.waitFor { $0.contains("─ Messages 1/") && $0.contains("─ Detail ─") }
    #expect(step.ok, "no browser:\n\(step.screen)")

    tmux.send("/", "t", "i", "t")
    step = tmux.waitFor { $0.contains("/tit▏") }
    #expect(step.ok, "no prompt:\n\(step.screen)")
    // C-a reaches the prompt: typing goes in front of what is there.
    tmux.send("C-a", "w", "e", "l", "c", "o", "m", "e", "_")
    step = tmux.waitFor { $0.contains("/welcome_▏tit") && $0.contains("Messages 1/1 of") }
    #expect(step.ok, "C-a did not move the cursor to the start:\n\(step.screen)")
    // C-u deletes to the start, and the list follows.
    tmux.send("C-u")
    step = tmux.waitFor { $0.contains("/▏tit") && !$0.contains("Messages 1/1 of") }
    #expect(step.ok, "C-u did not clear the query before the cursor:\n\(step.screen)")
    tmux.send("C-e", "C-w")
    step = tmux.waitFor { $0.contains("/▏ ") }
    #expect(step.ok, "C-w did not delete the word:\n\(step.screen)")
    tmux.send("Escape", "Escape")
    tmux.send("q")
  }
}
