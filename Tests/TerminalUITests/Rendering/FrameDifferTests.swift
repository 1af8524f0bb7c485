import Testing

@testable import TerminalUI

@Suite("FrameDiffer")
struct FrameDifferTests {
  @Test("first frame is a full redraw, then only changed cells are written")
  func onlyChanges() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    let blank = Frame(width: 10, height: 3)
    differ.render(blank, to: output)
    #expect(output.fullRedraws == 1)
    #expect(output.runs.count == 3)
    #expect(output.runs.map(\.width) == [10, 10, 10])

    var next = blank
    next.put("hi", x: 2, y: 1)
    differ.render(next, to: output)
    #expect(output.fullRedraws == 1)
    #expect(
      output.runs == [
        CellRun(
          x: 2, y: 1, style: .plain, text: "hi", width: 2,
          glyphs: [.init(text: "h", width: 1), .init(text: "i", width: 1)])
      ])
    #expect(differ.lastStatistics.cellsWritten == 2)

    differ.render(next, to: output)
    #expect(output.runs.isEmpty)
    #expect(output.ended == 3)
  }

  @Test("separate changes on a row give separate runs; style changes split runs")
  func runs() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    var frame = Frame(width: 12, height: 1)
    differ.render(frame, to: output)
    frame.put("a", x: 1, y: 0)
    frame.put("b", x: 5, y: 0)
    frame.put("c", x: 6, y: 0, style: .plain.foreground(.accent))
    differ.render(frame, to: output)
    #expect(output.runs.map(\.x) == [1, 5, 6])
    #expect(output.runs.map(\.text) == ["a", "b", "c"])
    #expect(output.runs[2].style.foreground == .accent)
  }

  @Test("a style-only change is written")
  func styleOnly() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    var frame = Frame(width: 5, height: 1)
    frame.put("abc", x: 0, y: 0)
    differ.render(frame, to: output)
    frame.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.adding(.bold) }
    differ.render(frame, to: output)
    #expect(output.runs.count == 1)
    #expect(output.runs.first?.x == 1)
    #expect(output.runs.first?.text == "b")
  }

  @Test("wide characters are written whole")
  func wide() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    var frame = Frame(width: 8, height: 1)
    differ.render(frame, to: output)
    frame.put("日", x: 3, y: 0)
    differ.render(frame, to: output)
    #expect(output.runs.count == 1)
    #expect(output.runs.first?.x == 3)
    #expect(output.runs.first?.width == 2)
    // Replacing the wide character by a narrow one rewrites both columns.
    frame.put("ab", x: 3, y: 0)
    differ.render(frame, to: output)
    #expect(output.runs.map(\.text) == ["ab"])
  }

  @Test("a change in any column of a three-column grapheme rewrites it whole")
  func threeColumns() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    var frame = Frame(width: 6, height: 1)
    frame.put("क्षि", x: 1, y: 0)
    differ.render(frame, to: output)
    frame.restyle(Rect(x: 3, y: 0, width: 1, height: 1)) { $0.adding(.bold) }
    differ.render(frame, to: output)
    #expect(output.runs.map(\.x) == [1])
    #expect(output.runs.map(\.width) == [3])
  }

  @Test("size change and invalidate repaint everything")
  func repaint() {
    let output = RecordingOutput()
    var differ = FrameDiffer()
    differ.render(Frame(width: 4, height: 2), to: output)
    differ.render(Frame(width: 5, height: 2), to: output)
    #expect(output.fullRedraws == 2)
    differ.invalidate()
    differ.render(Frame(width: 5, height: 2), to: output)
    #expect(output.fullRedraws == 3)
    #expect(output.runs.reduce(0) { $0 + $1.width } == 10)
  }
}
