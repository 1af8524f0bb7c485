import Testing

@testable import Preview

/// The browser refreshes only an edit's rows when the journal accounts for every engine version
/// between the index it has and the engine now, through reloads of known messages only.
@Suite("ReloadJournal: what changed between two browser indexes")
struct ReloadJournalTests {
  static func journal() -> ReloadJournal {
    var journal = ReloadJournal()
    journal.record(1, .init(before: 10, after: 12, messages: ["a"]))
    journal.record(2, .init(before: 12, after: 15, messages: ["b", "c"]))
    journal.record(3, .init(before: 15, after: 16, messages: nil))
    return journal
  }

  @Test func consecutiveEditsOfMessagesAddUp() {
    let journal = Self.journal()
    #expect(journal.changedMessages(from: (10, 0), to: (12, 1)) == ["a"])
    #expect(journal.changedMessages(from: (10, 0), to: (15, 2)) == ["a", "b", "c"])
    #expect(journal.changedMessages(from: (12, 1), to: (15, 2)) == ["b", "c"])
  }

  @Test func anyOtherChangeOfTheEngineMeansEverything() {
    let journal = Self.journal()
    // A locale switch before the edit, after it, or no reload at all.
    #expect(journal.changedMessages(from: (9, 0), to: (12, 1)) == nil)
    #expect(journal.changedMessages(from: (10, 0), to: (13, 1)) == nil)
    #expect(journal.changedMessages(from: (12, 1), to: (13, 1)) == nil)
    // A reload of anything (a set switch, a locale file) on the way.
    #expect(journal.changedMessages(from: (12, 1), to: (16, 3)) == nil)
  }

  @Test func forgottenReloadsMeanEverything() {
    var journal = ReloadJournal()
    for number in 1...(ReloadJournal.capacity + 5) {
      journal.record(number, .init(before: number, after: number + 1, messages: ["k"]))
    }
    #expect(journal.entries.count == ReloadJournal.capacity)
    #expect(journal.changedMessages(from: (1, 0), to: (3, 2)) == nil)
    let last = ReloadJournal.capacity + 5
    #expect(journal.changedMessages(from: (last, last - 1), to: (last + 1, last)) == ["k"])
  }
}
