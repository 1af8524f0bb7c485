import Testing

@testable import TerminalUI

@Suite("HeadlessScreen")
struct HeadlessScreenTests {
  @Test("records frames as text and replays events")
  func recordAndReplay() {
    let screen = HeadlessScreen(
      width: 20, height: 2, events: [.key(.character("l")), .key(.enter)], eventWhenIdle: .hangup)
    var frame = Frame(size: screen.size)
    frame.put("日本語 ok", x: 0, y: 0)
    screen.render(frame)
    #expect(screen.lastLines == ["日本語 ok", ""])
    #expect(screen.readEvent(timeout: .milliseconds(10)) == .key(.character("l")))
    #expect(screen.readEvent(timeout: nil) == .key(.enter))
    #expect(screen.readEvent(timeout: nil) == .hangup)
    screen.restore()
    #expect(screen.isRestored)
  }

  @Test("resize changes the size, queues an event and fits frames")
  func resize() {
    let screen = HeadlessScreen(width: 10, height: 2)
    screen.resize(to: TerminalSize(width: 4, height: 1))
    #expect(screen.readEvent(timeout: nil) == .resize(TerminalSize(width: 4, height: 1)))
    #expect(screen.readEvent(timeout: nil) == nil)
    var frame = Frame(width: 10, height: 2)
    frame.put("abcdefgh", x: 0, y: 0)
    screen.render(frame)
    #expect(screen.lastLines == ["abcd"])
    #expect(screen.frames.count == 1)
  }

  @Test("type queues characters; recording is bounded")
  func typeAndBound() {
    let screen = HeadlessScreen(width: 3, height: 1, maximumRecordedFrames: 2)
    screen.type("ab")
    #expect(screen.readEvent(timeout: nil) == .key(.character("a")))
    #expect(screen.readEvent(timeout: nil) == .key(.character("b")))
    for _ in 0..<5 { screen.render(Frame(width: 3, height: 1)) }
    #expect(screen.frames.count == 2)
  }
}
