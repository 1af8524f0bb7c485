import Testing

@testable import MessagevisorProject

/// `ExactText` keys a memo by bytes: equal bytes meet, other normalization forms do not.
@Suite struct ExactTextTests {
  @Test func equalBytesAreOneKeyAndOtherNormalizationFormsAreAnother() {
    let composed = "Caf\u{E9} {count}"
    let decomposed = "Cafe\u{301} {count}"
    #expect(composed == decomposed)
    var memo: [ExactText: Int] = [:]
    memo[ExactText(composed)] = 1
    memo[ExactText(String(decoding: Array(composed.utf8), as: UTF8.self))] = 2
    memo[ExactText(decomposed)] = 3
    #expect(memo.count == 2)
    #expect(memo[ExactText(composed)] == 2)
    #expect(memo[ExactText(decomposed)] == 3)
    #expect(ExactText("ab") != ExactText("abc"))
  }
}
