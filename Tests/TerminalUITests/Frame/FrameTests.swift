import Testing

@testable import TerminalUI

@Suite("Frame")
struct FrameTests {
  @Test("put clips to the width and to the frame")
  func putClips() {
    var frame = Frame(width: 10, height: 2)
    #expect(frame.put("Hello world", x: 0, y: 0, width: 5) == 5)
    #expect(frame.put("0123456789ABC", x: 4, y: 1) == 6)
    #expect(frame.lines() == ["Hello", "    012345"])
    #expect(frame.put("x", x: 0, y: 5) == 0)
  }

  @Test("put with ellipsis")
  func ellipsis() {
    var frame = Frame(width: 10, height: 1)
    frame.put("Hello wonderful world", x: 0, y: 0, width: 8, ellipsis: true)
    #expect(frame.lines() == ["Hello w…"])
  }

  @Test("wide characters take two cells and are never cut in half")
  func wideCells() {
    var frame = Frame(width: 5, height: 1)
    frame.put("日本語", x: 0, y: 0)
    // The third character would need columns 4 and 5: it does not fit and is dropped.
    #expect(frame.lines() == ["日本"])
    #expect(frame[0, 0].width == 2)
    #expect(frame[1, 0].isContinuation)
    frame.set("x", x: 1, y: 0, style: .plain)
    // Overwriting the right half blanks the left half.
    #expect(frame.lines() == [" x本"])
    frame.set("y", x: 2, y: 0, style: .plain)
    #expect(frame.lines() == [" xy"])
    #expect(!frame[3, 0].isContinuation)
  }

  @Test("graphemes wider than two columns (Indic conjuncts) are kept whole")
  func conjuncts() {
    var frame = Frame(width: 8, height: 1)
    frame.put("क्षि|", x: 1, y: 0)
    #expect(frame[1, 0].width == 3)
    #expect(frame[2, 0].isContinuation && frame[3, 0].isContinuation)
    #expect(frame[4, 0].text == "|")
    #expect(frame.lines() == [" क्षि|"])
    // Overwriting its middle column blanks the rest of it.
    frame.set("x", x: 2, y: 0, style: .plain)
    #expect(frame.lines() == ["  x |"])
    // Too wide for the space left: a blank.
    var narrow = Frame(width: 3, height: 1)
    narrow.put("aक्षि", x: 0, y: 0)
    #expect(narrow.lines() == ["a"])
  }

  @Test("a wide character at the clip edge becomes a blank")
  func wideAtEdge() {
    var frame = Frame(width: 4, height: 1)
    frame.put("a日", x: 0, y: 0, width: 2)
    #expect(frame.lines() == ["a"])
    #expect(frame[1, 0].text == " ")
  }

  @Test("alignment: right, center, and natural for right-to-left text")
  func alignment() {
    var frame = Frame(width: 12, height: 4)
    frame.put("abc", x: 0, y: 0, width: 12, alignment: .right)
    frame.put("abc", x: 0, y: 1, width: 12, alignment: .center)
    frame.put("مرحبا", x: 0, y: 2, width: 12, alignment: .natural)
    frame.put("Hello", x: 0, y: 3, width: 12, alignment: .natural)
    #expect(
      frame.lines() == [
        "         abc", "    abc", "       ابحرم", "Hello",
      ])
  }

  @Test("right-to-left text too long for its width keeps its beginning")
  func rtlClipping() {
    var frame = Frame(width: 5, height: 1)
    frame.put("مرحبا بكم", x: 0, y: 0, alignment: .natural)
    // Logical "مرحبا" (the start) is kept, shown reversed.
    #expect(frame.lines() == ["ابحرم"])
  }

  @Test("putWrapped wraps, reorders and right-aligns right-to-left paragraphs")
  func wrapped() {
    var frame = Frame(width: 12, height: 3)
    let rows = frame.putWrapped("مرحبا بكم في التطبيق", in: Rect(x: 1, y: 0, width: 10, height: 3))
    #expect(rows == 2)
    #expect(frame.lines() == ["  مكب ابحرم", " قيبطتلا يف", ""])
  }

  @Test("putWrapped marks cut text with an ellipsis")
  func wrappedCut() {
    var frame = Frame(width: 10, height: 2)
    frame.putWrapped("one two three four five", in: Rect(x: 0, y: 0, width: 10, height: 2))
    #expect(frame.lines() == ["one two", "three fou…"])
  }

  @Test("boxes, titles, rules and dividers")
  func boxes() {
    var frame = Frame(width: 12, height: 5)
    frame.drawBox(Rect(x: 0, y: 0, width: 12, height: 5), box: .rounded, title: "Title")
    frame.drawDivider(in: Rect(x: 0, y: 0, width: 12, height: 5), row: 2)
    #expect(
      frame.lines() == [
        "╭─ Title ──╮",
        "│          │",
        "├──────────┤",
        "│          │",
        "╰──────────╯",
      ])
    var square = Frame(width: 4, height: 3)
    square.drawBox(square.bounds, box: .square)
    #expect(square.lines() == ["┌──┐", "│  │", "└──┘"])
    var rule = Frame(width: 5, height: 1)
    rule.drawHorizontalRule(x: 1, y: 0, width: 3)
    #expect(rule.lines() == [" ───"])
  }

  @Test("fill with a style, and restyle keeps text")
  func fillAndRestyle() {
    var frame = Frame(width: 4, height: 2)
    let style = CellStyle(foreground: .accent, background: .surface, attributes: .bold)
    frame.fill(Rect(x: 1, y: 0, width: 2, height: 2), with: "#", style: style)
    #expect(frame.lines() == [" ##", " ##"])
    #expect(frame[1, 1].style == style)
    frame.restyle(frame.bounds) { $0.foreground(.error) }
    #expect(frame[1, 1].style.foreground == .error)
    #expect(frame[1, 1].text == "#")
  }

  @Test("an explicit right-to-left direction reorders and right-aligns plain ASCII too")
  func rtlASCII() {
    var frame = Frame(width: 10, height: 1)
    frame.put("Hello!", x: 0, y: 0, alignment: .natural, direction: .rtl)
    #expect(frame.lines() == ["    !Hello"])
  }

  @Test("absurd sizes are clamped instead of crashing")
  func clamped() {
    let frame = Frame(width: Int.max, height: -3)
    #expect(frame.width == Frame.maximumDimension)
    #expect(frame.height == 0)
  }

  @Test("resized pads and cuts")
  func resized() {
    var frame = Frame(width: 3, height: 1)
    frame.put("abc", x: 0, y: 0)
    #expect(frame.resized(to: TerminalSize(width: 2, height: 2)).lines() == ["ab", ""])
  }
}
