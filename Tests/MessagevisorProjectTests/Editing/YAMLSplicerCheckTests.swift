import Foundation
import Testing

@testable import MessagevisorProject

/// The last guard of every edit: the result is parsed again and must equal the original with
/// exactly the intended edits, else nothing is returned.
@Suite struct YAMLSplicerCheckTests {
  let original = Array("translations:\n  en: Hello\n  nl: Hallo\n".utf8)

  @Test func aChangeBesideTheIntendedOneFailsTheCheck() throws {
    var splicer = try YAMLSplicer(file: "m.yml", bytes: original)
    let translations = try #require(splicer.root.entry("translations")?.value)
    try splicer.setString("Hi", key: "en", in: translations, at: [.key("translations")])
    // A stray change to another locale, as a splicing bug would make.
    let nl = try #require(translations.entry("nl")?.value)
    splicer.patches.append(.init(range: nl.start.offset..<nl.end.offset, bytes: Array("Hoi".utf8)))
    #expect(
      throws: MessageEditError.verificationFailed(
        file: "m.yml", detail: "other values would change")
    ) {
      try splicer.result()
    }
  }

  @Test func aResultThatDoesNotParseFailsTheCheck() throws {
    var splicer = try YAMLSplicer(file: "m.yml", bytes: original)
    splicer.patches.append(.init(range: 0..<0, bytes: Array("\"".utf8)))
    let error = #expect(throws: MessageEditError.self) { try splicer.result() }
    guard case .verificationFailed(_, let detail) = error else {
      Issue.record("expected verificationFailed, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("does not parse"))
  }

  @Test func theIntendedEditAlonePassesTheCheck() throws {
    var splicer = try YAMLSplicer(file: "m.yml", bytes: original)
    let translations = try #require(splicer.root.entry("translations")?.value)
    try splicer.setString("Hi", key: "en", in: translations, at: [.key("translations")])
    #expect(try splicer.result() == Array("translations:\n  en: Hi\n  nl: Hallo\n".utf8))
  }
}
