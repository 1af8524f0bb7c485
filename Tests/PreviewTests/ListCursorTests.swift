import Testing

@testable import Preview

@Suite("ListCursor keeps the selection in the list and on screen, with one page rule")
struct ListCursorTests {
  @Test func stepsClampAtTheEndsUnlessTheListWraps() {
    var clamped = ListCursor(count: 3, pageSize: 2)
    clamped.perform(.previous)
    #expect(clamped.selection == 0)
    clamped.perform(.last)
    clamped.perform(.next)
    #expect(clamped.selection == 2)
    var wrapping = ListCursor(count: 3, pageSize: 2, wraps: true)
    wrapping.perform(.previous)
    #expect(wrapping.selection == 2)
    #expect(wrapping.offset == 1)
    wrapping.perform(.next)
    #expect(wrapping.selection == 0)
    #expect(wrapping.offset == 0)
  }

  @Test func aPageIsThePageSizeAndPagesNeverWrap() {
    var list = ListCursor(count: 10, pageSize: 4, wraps: true)
    list.perform(.pageDown)
    #expect(list.selection == 4)
    #expect(list.offset == 1)
    list.perform(.pageDown)
    list.perform(.pageDown)
    #expect(list.selection == 9)
    #expect(list.offset == 6)
    #expect(list.visibleRows == 6..<10)
    list.perform(.pageUp)
    #expect(list.selection == 5)
    #expect(list.offset == 5)
    list.perform(.pageUp)
    list.perform(.pageUp)
    #expect(list.selection == 0)
    #expect(list.offset == 0)
  }

  @Test func firstAndLastGoToTheEndsAndShowThem() {
    var list = ListCursor(count: 100, pageSize: 10)
    list.perform(.last)
    #expect(list.selection == 99)
    #expect(list.offset == 90)
    list.perform(.first)
    #expect(list.selection == 0)
    #expect(list.offset == 0)
  }

  @Test func theOffsetMovesOnlyWhenTheSelectionLeavesTheView() {
    var list = ListCursor(count: 10, pageSize: 3)
    list.perform(.next)
    list.perform(.next)
    #expect(list.offset == 0)
    list.perform(.next)
    #expect(list.offset == 1)
    list.perform(.previous)
    list.perform(.previous)
    #expect(list.offset == 1)
    list.perform(.previous)
    #expect(list.offset == 0)
  }

  @Test func anEmptyListStaysAtZeroWhateverTheMotion() {
    for wraps in [false, true] {
      var list = ListCursor(count: 0, pageSize: 5, selection: 3, wraps: wraps)
      for motion in ListMotion.allCases {
        list.perform(motion)
        #expect(list.selection == 0)
        #expect(list.offset == 0)
        list.scroll(motion)
        #expect(list.offset == 0)
      }
      #expect(list.visibleRows.isEmpty)
    }
  }

  @Test func aResizeClampsTheSelectionAndKeepsItVisible() {
    var list = ListCursor(count: 20, pageSize: 5, selection: 15)
    #expect(list.offset == 11)
    list.resize(count: 8, pageSize: 5)
    #expect(list.selection == 7)
    #expect(list.offset == 3)
    list.resize(count: 8, pageSize: 2)
    #expect(list.offset == 6)
    list.resize(count: 8, pageSize: 20)
    #expect(list.offset == 0)
    #expect(list.selection == 7)
    list.resize(count: 0, pageSize: 0)
    #expect(list.selection == 0)
    #expect(list.pageSize == 1)
  }

  @Test func scrollingMovesTheOffsetUpToTheLastFullPage() {
    var list = ListCursor(count: 10, pageSize: 4)
    list.scroll(.next)
    #expect(list.offset == 1)
    list.scroll(.pageDown)
    #expect(list.offset == 5)
    list.scroll(.pageDown)
    #expect(list.offset == 6)
    list.scroll(.first)
    #expect(list.offset == 0)
    list.scroll(.last)
    #expect(list.offset == 6)
    list.scroll(.previous)
    #expect(list.offset == 5)
  }
}
