import CTerminalShim
import Foundation
import Testing

@testable import TerminalUI

@Suite("Frame hit regions, mouse decoding and OSC 52 encoding")
struct FrameRegionTests {
  @Test func regionsAreClippedAndTopmostFirst() {
    var frame = Frame(width: 10, height: 4)
    frame.mark(Rect(x: 0, y: 0, width: 10, height: 4), tag: "area")
    frame.mark(Rect(x: 8, y: 1, width: 5, height: 1), tag: "row")
    frame.mark(Rect(x: 20, y: 0, width: 2, height: 2), tag: "outside")
    frame.mark(
      Rect(x: 0, y: 0, width: 5, height: 5), tag: "clipped",
      clip: Rect(x: 0, y: 0, width: 2, height: 2))
    #expect(frame.regions.map(\.tag) == ["area", "row", "clipped"])
    #expect(frame.regions[1].rect == Rect(x: 8, y: 1, width: 2, height: 1))
    #expect(frame.regions(atColumn: 9, row: 1).map(\.tag) == ["row", "area"])
    #expect(frame.regions(atColumn: 1, row: 1).map(\.tag) == ["clipped", "area"])
    #expect(frame.regions(atColumn: 3, row: 3).map(\.tag) == ["area"])
    #expect(frame.regions(atColumn: 10, row: 0).isEmpty)
    frame.removeRegions()
    #expect(frame.regions.isEmpty)
  }

  @Test func regionsMoveWithBlitAndScrolledCopies() {
    var page = Frame(width: 5, height: 10)
    page.mark(Rect(x: 0, y: 6, width: 5, height: 2), tag: "late")
    page.mark(Rect(x: 0, y: 0, width: 5, height: 1), tag: "early")
    var frame = Frame(width: 20, height: 6)
    // Scrolled by 5 rows into a 4-row window at (3, 1).
    frame.addRegions(of: page, x: 3, y: 1 - 5, clip: Rect(x: 3, y: 1, width: 5, height: 4))
    #expect(
      frame.regions == [FrameRegion(rect: Rect(x: 3, y: 2, width: 5, height: 2), tag: "late")])
    var other = Frame(width: 20, height: 6)
    other.blit(page, x: 1, y: 0)
    #expect(other.regions.map(\.tag) == ["early"])
    #expect(
      page.resized(to: TerminalSize(width: 5, height: 7)).regions.map(\.tag) == ["late", "early"])
  }

  @Test func mouseReportsDecode() {
    func report(_ kind: Int32, _ button: Int32 = 0) -> cterm_mouse_result {
      cterm_mouse_result(kind: kind, button: button, x: 7, y: 3)
    }
    #expect(
      NcursesScreen.decodeMouse(report(Int32(CTERM_MOUSE_PRESS), 1))
        == MouseEvent(.press(button: 1), x: 7, y: 3))
    #expect(
      NcursesScreen.decodeMouse(report(Int32(CTERM_MOUSE_RELEASE), 3))
        == MouseEvent(.release(button: 3), x: 7, y: 3))
    #expect(NcursesScreen.decodeMouse(report(Int32(CTERM_MOUSE_WHEEL_UP)))?.kind == .wheelUp)
    #expect(NcursesScreen.decodeMouse(report(Int32(CTERM_MOUSE_WHEEL_DOWN)))?.kind == .wheelDown)
    #expect(NcursesScreen.decodeMouse(report(Int32(CTERM_MOUSE_NONE))) == nil)
  }

  @Test(arguments: [
    "", "f", "fo", "foo", "foob", "fooba", "foobar", "日本語\u{1B}]52;\u{7}", "x\n\ty",
  ])
  func base64MatchesFoundation(_ text: String) {
    let ours = String(decoding: Base64.encode(text.utf8), as: UTF8.self)
    #expect(ours == Data(text.utf8).base64EncodedString())
  }

  @Test func osc52NeedsAnActiveScreen() {
    // No curses screen: refused before anything is written.
    #expect(cterm_write_clipboard("QUJD", 4) == -1)
  }

  @Test func headlessScreenRecordsCopies() {
    let screen = HeadlessScreen()
    #expect(screen.copyToClipboard("key"))
    #expect(screen.clipboard == ["key"])
  }
}
