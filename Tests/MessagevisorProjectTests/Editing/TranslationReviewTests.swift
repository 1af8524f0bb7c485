import Foundation
import MessagevisorProject
import Testing

/// Review state (`translationStates.<locale>`) as upstream keeps it: status and SHA-256 hashes of
/// the source and target texts, written with the same minimal splicing as translations.
@Suite struct TranslationReviewTests {
  let hello = "185f8db32271fe25f561a6fc938b2e264306ec304eda518007d1764826381969"
  let hallo = "753692ec36adb4c794c973945eb2a99c1649703ea6f76bf259abb4fb838e013e"
  let helloBang = "334d016f755cd6dc58c53a86e183882f8ec14f52fb05345887c8a5edd42c87b7"
  let goedendag = "c9cca2131ae74c3e4564f4ae4e57209a195bea1bff2b521dd9ec916ed78f9fd3"

  let message = """
    description: Greeting
    translations:
      en: Hello
      nl: Hallo
    overrides:
      - key: pro
        segments:
          - pro
        translations:
          en: Hello!
          nl: Goedendag

    """

  /// Marks `path` reviewed in a real file and returns the file's text.
  func markReviewed(_ path: TranslationPath, in original: String, sandbox: EditingSandbox) throws
    -> String
  {
    let file = try sandbox.write(original)
    try MessageFileEditor().markReviewed(
      at: path, sourceLocale: "en", over: try AtomicFileWriter.read(file))
    return try sandbox.text(file)
  }

  @Test func hashIsSHA256OfTheExactUTF8Text() {
    #expect(TranslationReviewState.hash("Hello") == hello)
    #expect(TranslationReviewState.hash("Hello ") != hello)
  }

  @Test func markingReviewedInsertsTranslationStatesAfterTranslations() throws {
    let saved = try markReviewed(.translation("nl"), in: message, sandbox: EditingSandbox())
    #expect(
      saved
        == message.replacingOccurrences(
          of: "  nl: Hallo\n",
          with: "  nl: Hallo\ntranslationStates:\n  nl:\n    status: reviewed\n"
            + "    sourceHash: \"\(hello)\"\n    targetHash: \"\(hallo)\"\n"))
  }

  @Test func markingAnOverrideReviewedHashesTheOverridesOwnSourceText() throws {
    let saved = try markReviewed(.override(0, locale: "nl"), in: message, sandbox: EditingSandbox())
    #expect(
      saved
        == message + "    translationStates:\n      nl:\n        status: reviewed\n"
        + "        sourceHash: \"\(helloBang)\"\n        targetHash: \"\(goedendag)\"\n")
  }

  @Test func markingReviewedSplicesAnExistingStateAndInsertsAMissingLocale() throws {
    let sandbox = EditingSandbox()
    let withState = """
      translations:
        en: Hello
        nl: Hallo
        de: Hallo
      translationStates:
        nl:
          status: translated # by vendor
          sourceHash: 'old'
      """ + "\n"
    #expect(
      try markReviewed(.translation("nl"), in: withState, sandbox: sandbox)
        == withState.replacingOccurrences(
          of: "    status: translated # by vendor\n    sourceHash: 'old'\n",
          with: "    status: reviewed # by vendor\n    sourceHash: '\(hello)'\n"
            + "    targetHash: \"\(hallo)\"\n"))
    #expect(
      try markReviewed(.translation("de"), in: withState, sandbox: sandbox)
        == withState + "  de:\n    status: reviewed\n    sourceHash: \"\(hello)\"\n"
        + "    targetHash: \"\(hallo)\"\n")
  }

  @Test func reviewStateInACRLFFileIndentedByFourIsWrittenInItsStyle() throws {
    let original = "translations:\r\n    en: Hello\r\n    nl: Hallo\r\n"
    let saved = try markReviewed(.translation("nl"), in: original, sandbox: EditingSandbox())
    #expect(
      saved
        == original + "translationStates:\r\n    nl:\r\n        status: reviewed\r\n"
        + "        sourceHash: \"\(hello)\"\r\n        targetHash: \"\(hallo)\"\r\n")
  }

  @Test func reviewingWithoutSourceTextIsRefused() throws {
    let original = "translations:\n  nl: Hallo\n"
    #expect(throws: MessageEditError.missingSourceText(file: "m.yml", locale: "en")) {
      try MessageFileEditor(file: "m.yml").markingReviewed(
        at: .translation("nl"), sourceLocale: "en", in: Array(original.utf8))
    }
  }

  @Test func readingStateAndStaleness() throws {
    let editor = MessageFileEditor()
    let reviewed = Array(
      try markReviewed(.translation("nl"), in: message, sandbox: EditingSandbox()).utf8)
    let fresh = try editor.review(at: .translation("nl"), sourceLocale: "en", in: reviewed)
    #expect(
      fresh
        == TranslationReview(
          state: TranslationReviewState(status: .reviewed, sourceHash: hello, targetHash: hallo),
          isStale: false, targetChanged: false))
    // The source text changed since the review: stale.
    let sourceChanged = try editor.settingTranslation(
      "Hello there", at: .translation("en"), in: reviewed)
    let stale = try editor.review(at: .translation("nl"), sourceLocale: "en", in: sourceChanged)
    #expect(stale.isStale && !stale.targetChanged)
    // The translation changed without resetting the status.
    let targetChanged = try editor.settingTranslation("Hoi", at: .translation("nl"), in: reviewed)
    let changed = try editor.review(at: .translation("nl"), sourceLocale: "en", in: targetChanged)
    #expect(!changed.isStale && changed.targetChanged)
    // No state recorded: untracked.
    #expect(
      try editor.review(at: .translation("en"), sourceLocale: "en", in: reviewed)
        == TranslationReview(state: nil, isStale: false, targetChanged: false))
  }

  @Test func reviewsListEveryTranslationOfTheMessageAndItsOverrides() throws {
    var bytes = Array(message.utf8)
    let editor = MessageFileEditor()
    bytes = try editor.markingReviewed(at: .translation("nl"), sourceLocale: "en", in: bytes)
    bytes = try editor.markingReviewed(
      at: .override(0, locale: "nl"), sourceLocale: "en", in: bytes)
    bytes = try editor.settingTranslation("Hi!", at: .override(0, locale: "en"), in: bytes)
    let reviews = try editor.reviews(sourceLocale: "en", in: bytes)
    #expect(
      Set(reviews.keys) == [
        .translation("en"), .translation("nl"), .override(0, locale: "en"),
        .override(0, locale: "nl"),
      ])
    #expect(reviews[.translation("nl")]?.state?.status == .reviewed)
    #expect(reviews[.translation("nl")]?.isStale == false)
    #expect(reviews[.override(0, locale: "nl")]?.isStale == true)
    #expect(
      reviews[.translation("en")]
        == TranslationReview(state: nil, isStale: false, targetChanged: false))
  }

  @Test func reviewStateIsReadThroughAliasesAsTheLoaderReadsIt() throws {
    let original = """
      translations:
        en: Hello
        nl: Hallo
      translationStates:
        nl: &state
          status: reviewed
          sourceHash: "\(hello)"
          targetHash: "\(hallo)"
        de: *state
      """
    let editor = MessageFileEditor()
    let review = try editor.review(
      at: .translation("nl"), sourceLocale: "en", in: Array(original.utf8))
    #expect(review.state?.status == .reviewed && !review.isStale && !review.targetChanged)
    #expect(
      try editor.reviewState(at: .translation("de"), in: Array(original.utf8)) == review.state)
    // Writing through the anchor is refused.
    #expect(throws: MessageEditError.self) {
      try editor.savingTranslation("Hoi", at: .translation("nl"), in: Array(original.utf8))
    }
  }

  @Test func savingReviewedCopyTurnsItTranslatedAndKeepsTheHashes() throws {
    let sandbox = EditingSandbox()
    let reviewed = try markReviewed(.translation("nl"), in: message, sandbox: sandbox)
    let saved = try sandbox.saving("Hoi", at: .translation("nl"), in: reviewed)
    #expect(
      saved
        == reviewed
        .replacingOccurrences(of: "  nl: Hallo\n", with: "  nl: Hoi\n")
        .replacingOccurrences(of: "status: reviewed", with: "status: translated"))
    #expect(
      try MessageFileEditor().reviewState(at: .translation("nl"), in: Array(saved.utf8))
        == TranslationReviewState(status: .translated, sourceHash: hello, targetHash: hallo))
    // Saving the same text leaves a review alone.
    #expect(try sandbox.saving("Hallo", at: .translation("nl"), in: reviewed) == reviewed)
  }

  @Test func anUnknownStatusIsAnErrorWithItsPosition() throws {
    let original = "translations:\n  en: Hello\ntranslationStates:\n  en:\n    status: done\n"
    let error = #expect(throws: MessageEditError.self) {
      try MessageFileEditor(file: "m.yml").reviewState(
        at: .translation("en"), in: Array(original.utf8))
    }
    guard case .unexpectedShape(_, let line, _, let what) = error else {
      Issue.record("expected unexpectedShape, got \(String(describing: error))")
      return
    }
    #expect(line == 5 && what.contains("draft, translated or reviewed"))
  }
}
