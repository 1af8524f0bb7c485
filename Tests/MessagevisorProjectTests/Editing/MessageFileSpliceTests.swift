import Foundation
import MessagevisorProject
import TestSupport
import Testing

/// Saving one translation changes only that scalar's bytes; every test compares the whole file.
@Suite struct MessageFileSpliceTests {
  let base = """
    # Greeting on the welcome screen.
    description: Greeting
    translations:
      en-US: Hello # shown first
      nl-NL: 'Hallo'
      de-DE: "Guten Tag"
    meta:
      screen: welcome

    """

  @Test func plainTextStaysPlainAndItsCommentStays() throws {
    let saved = try EditingSandbox().saving("Hi there", at: .translation("en-US"), in: base)
    #expect(saved == base.replacingOccurrences(of: "en-US: Hello #", with: "en-US: Hi there #"))
  }

  @Test func singleQuotedTextStaysSingleQuotedWithQuotesDoubled() throws {
    let saved = try EditingSandbox().saving("Hallo, 't is", at: .translation("nl-NL"), in: base)
    #expect(saved == base.replacingOccurrences(of: "'Hallo'", with: "'Hallo, ''t is'"))
  }

  @Test func doubleQuotedTextStaysDoubleQuotedWithEscapes() throws {
    let saved = try EditingSandbox().saving(
      "Tag \"mit\" \\ und\ttab", at: .translation("de-DE"), in: base)
    #expect(
      saved
        == base.replacingOccurrences(
          of: "\"Guten Tag\"", with: #""Tag \"mit\" \\ und\ttab""#))
  }

  @Test func nonASCIIAndEmojiAreWrittenAsThemselves() throws {
    let sandbox = EditingSandbox()
    let text = "こんにちは 👋🏽 — привет 👩‍👩‍👧"
    #expect(
      try sandbox.saving(text, at: .translation("en-US"), in: base)
        == base.replacingOccurrences(of: "en-US: Hello #", with: "en-US: \(text) #"))
    #expect(
      try sandbox.saving(text, at: .translation("de-DE"), in: base)
        == base.replacingOccurrences(of: "\"Guten Tag\"", with: "\"\(text)\""))
  }

  @Test func invisibleCharactersAreEscapedInDoubleQuotes() throws {
    let saved = try EditingSandbox().saving(
      "Nouveau\u{00A0}: \u{202E}x\u{1B}", at: .translation("en-US"), in: base)
    #expect(
      saved
        == base.replacingOccurrences(
          of: "en-US: Hello #", with: #"en-US: "Nouveau\u00A0: \u202Ex\x1B" #"#))
  }

  @Test(
    "Plain text that YAML would read otherwise is double-quoted",
    arguments: [
      " leading", "trailing ", "key: value", "a #hash", "- dash", "yes", "No", "on", "1.0", "42",
      "0x1F", "~", "null", "true", "#tag", "@at", "*star", "&amp", "!bang", "{brace", "[bracket",
      "|pipe", ">fold", "'quote", "%percent", "`tick", "ends:", "2026-01-01", "",
    ])
  func plainTextThatNeedsQuotesIsDoubleQuoted(text: String) throws {
    let saved = try EditingSandbox().saving(text, at: .translation("en-US"), in: base)
    #expect(
      saved
        == base.replacingOccurrences(of: "en-US: Hello #", with: "en-US: \"\(text)\" #"))
  }

  @Test func singleQuotedTextWithANewlineBecomesALiteralBlock() throws {
    let original = "translations:\n  en: 'One' # note\n  nl: Een\n"
    let saved = try EditingSandbox().saving("One\nTwo", at: .translation("en"), in: original)
    #expect(saved == "translations:\n  en: |- # note\n    One\n    Two\n  nl: Een\n")
  }

  @Test func doubleQuotedMultiLineTextStaysDoubleQuotedWithEscapedBreaks() throws {
    let saved = try EditingSandbox().saving("Guten\nTag\n", at: .translation("de-DE"), in: base)
    #expect(saved == base.replacingOccurrences(of: "\"Guten Tag\"", with: #""Guten\nTag\n""#))
  }

  // MARK: Block scalars

  let blocks = """
    translations:
      en: |
        First line
          indented line

        after a blank line
      nl: |- # no final break
        Eerste regel
        Tweede regel

      de: |+
        Erste Zeile


      fr: >
        Une phrase assez longue pour être pliée sur
        deux lignes.
    overrides: []

    """

  @Test func literalBlockWithClipChompingKeepsStyleAndIndentation() throws {
    let saved = try EditingSandbox().saving(
      "New first\n  still indented\n", at: .translation("en"), in: blocks)
    #expect(
      saved
        == blocks.replacingOccurrences(
          of: "    First line\n      indented line\n\n    after a blank line\n",
          with: "    New first\n      still indented\n"))
  }

  @Test func literalBlockChompingFollowsTheNewText() throws {
    let sandbox = EditingSandbox()
    // Strip chomping, header comment and the trailing blank line stay.
    #expect(
      try sandbox.saving("Een\nTwee", at: .translation("nl"), in: blocks)
        == blocks.replacingOccurrences(
          of: "    Eerste regel\n    Tweede regel\n", with: "    Een\n    Twee\n"))
    // A final line break turns strip into clip.
    #expect(
      try sandbox.saving("Een\n", at: .translation("nl"), in: blocks)
        == blocks.replacingOccurrences(
          of: "  nl: |- # no final break\n    Eerste regel\n    Tweede regel\n",
          with: "  nl: | # no final break\n    Een\n"))
    // Keep chomping: the trailing breaks are the text's own.
    #expect(
      try sandbox.saving("Eins\n\n\n", at: .translation("de"), in: blocks)
        == blocks.replacingOccurrences(of: "    Erste Zeile\n\n\n", with: "    Eins\n\n\n"))
    #expect(
      try sandbox.saving("Eins", at: .translation("de"), in: blocks)
        == blocks.replacingOccurrences(
          of: "  de: |+\n    Erste Zeile\n\n\n", with: "  de: |-\n    Eins\n"))
  }

  @Test func literalBlockWhoseFirstLineStartsWithASpaceGetsAnIndentationIndicator() throws {
    let saved = try EditingSandbox().saving("  spaced\nnext\n", at: .translation("en"), in: blocks)
    #expect(
      saved
        == blocks.replacingOccurrences(
          of: "  en: |\n    First line\n      indented line\n\n    after a blank line\n",
          with: "  en: |2\n      spaced\n    next\n"))
  }

  @Test func foldedBlockStaysFoldedAndIsWrappedAtItsWidth() throws {
    let saved = try EditingSandbox().saving(
      "Une toute nouvelle phrase, elle aussi assez longue pour être pliée.\nEt une autre.\n",
      at: .translation("fr"), in: blocks)
    #expect(
      saved
        == blocks.replacingOccurrences(
          of: "    Une phrase assez longue pour être pliée sur\n    deux lignes.\n",
          with: "    Une toute nouvelle phrase, elle aussi assez\n    longue pour être pliée.\n"
            + "\n    Et une autre.\n"))
  }

  @Test func multiLineTextForAValueBelowItsKeyPutsTheBlockHeaderBesideTheKey() throws {
    let original = "translations:\n  en:\n    Hello\n  nl: Hallo\n"
    let saved = try EditingSandbox().saving("One\nTwo", at: .translation("en"), in: original)
    #expect(saved == "translations:\n  en: |-\n    One\n    Two\n  nl: Hallo\n")
  }

  @Test func multiLineTextWithSpacesAtALineEndIsDoubleQuotedNotABlock() throws {
    let saved = try EditingSandbox().saving("One \nTwo", at: .translation("en-US"), in: base)
    #expect(
      saved == base.replacingOccurrences(of: "en-US: Hello #", with: #"en-US: "One \nTwo" #"#))
  }

  @Test func blockTextThatABlockCannotHoldBecomesDoubleQuotedKeepingTheComment() throws {
    let saved = try EditingSandbox().saving("tab\u{7}bell", at: .translation("nl"), in: blocks)
    #expect(
      saved
        == blocks.replacingOccurrences(
          of: "  nl: |- # no final break\n    Eerste regel\n    Tweede regel\n",
          with: "  nl: \"tab\\x07bell\" # no final break\n"))
  }

  // MARK: Line endings, comments, layout

  @Test func crlfFileKeepsCRLFInEveryEditedAndInsertedLine() throws {
    let sandbox = EditingSandbox()
    let crlf = base.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(
      try sandbox.saving("Hi", at: .translation("en-US"), in: crlf)
        == crlf.replacingOccurrences(of: "en-US: Hello #", with: "en-US: Hi #"))
    #expect(
      try sandbox.saving("Bonjour", at: .translation("fr-FR"), in: crlf)
        == crlf.replacingOccurrences(
          of: "\"Guten Tag\"\r\n", with: "\"Guten Tag\"\r\n  fr-FR: \"Bonjour\"\r\n"))
    #expect(
      try sandbox.saving("Hallo\nwereld", at: .translation("nl-NL"), in: crlf)
        == crlf.replacingOccurrences(
          of: "  nl-NL: 'Hallo'\r\n", with: "  nl-NL: |-\r\n    Hallo\r\n    wereld\r\n"))
    let blocksCRLF = blocks.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(
      try sandbox.saving("Een\nTwee", at: .translation("nl"), in: blocksCRLF)
        == blocksCRLF.replacingOccurrences(
          of: "    Eerste regel\r\n    Tweede regel\r\n", with: "    Een\r\n    Twee\r\n"))
  }

  @Test func commentsBesideAndInsideTheMappingStay() throws {
    let original = """
      translations: # every locale
        # the source
        en: Hello   # trailing comment
        # Dutch below
        nl: Hallo
        # ar: not yet
      # after the mapping

      """
    let sandbox = EditingSandbox()
    #expect(
      try sandbox.saving("Hallo daar", at: .translation("nl"), in: original)
        == original.replacingOccurrences(of: "nl: Hallo\n", with: "nl: Hallo daar\n"))
    #expect(
      try sandbox.saving("Hi: there", at: .translation("en"), in: original)
        == original.replacingOccurrences(
          of: "en: Hello   #", with: "en: \"Hi: there\"   #"))
    #expect(
      try sandbox.saving("Bonjour", at: .translation("fr"), in: original)
        == original.replacingOccurrences(of: "nl: Hallo\n", with: "nl: Hallo\n  fr: Bonjour\n"))
  }

  @Test func missingLocaleLineIsInsertedAfterTheLastLocaleIndentedLikeItsSiblings() throws {
    let sandbox = EditingSandbox()
    let two = "translations:\n  en: \"Hello\"\n  nl: \"Hallo\"\n\noverrides: []\n"
    #expect(
      try sandbox.saving("Hej", at: .translation("sv"), in: two)
        == "translations:\n  en: \"Hello\"\n  nl: \"Hallo\"\n  sv: \"Hej\"\n\noverrides: []\n")
    let four = "description: x\ntranslations:\n    en: Hello\n    nl: Hallo # Dutch\n"
    #expect(
      try sandbox.saving("Hej", at: .translation("sv"), in: four)
        == "description: x\ntranslations:\n    en: Hello\n    nl: Hallo # Dutch\n    sv: Hej\n")
    // The Norwegian locale key `no` is quoted (YAML 1.1 reads it as false).
    #expect(
      try sandbox.saving("Hei", at: .translation("no"), in: four)
        == "description: x\ntranslations:\n    en: Hello\n    nl: Hallo # Dutch\n    \"no\": Hei\n")
    // A file without a final line break gets the new line after a break, and still no final one.
    #expect(
      try sandbox.saving("Hej", at: .translation("sv"), in: "translations:\n  en: Hello")
        == "translations:\n  en: Hello\n  sv: Hej")
    // After a block scalar: right after its last content line.
    #expect(
      try sandbox.saving(
        "Hej", at: .translation("sv"), in: "translations:\n  en: |\n    Hello\n\nmeta: {}\n")
        == "translations:\n  en: |\n    Hello\n  sv: Hej\n\nmeta: {}\n")
  }

  @Test func anEmptyValueGetsTheTextAfterItsKey() throws {
    let sandbox = EditingSandbox()
    let original = "translations:\n  en: Hello\n  nl:\n  de: # todo\n  fr:\n"
    #expect(
      try sandbox.saving("Hallo", at: .translation("nl"), in: original)
        == "translations:\n  en: Hello\n  nl: Hallo\n  de: # todo\n  fr:\n")
    #expect(
      try sandbox.saving("Hallo", at: .translation("de"), in: original)
        == "translations:\n  en: Hello\n  nl:\n  de: Hallo # todo\n  fr:\n")
    #expect(
      try sandbox.saving("Un\ndeux", at: .translation("fr"), in: original)
        == "translations:\n  en: Hello\n  nl:\n  de: # todo\n  fr: |-\n    Un\n    deux\n")
    #expect(
      try sandbox.saving("Zwei\nZeilen", at: .translation("de"), in: original)
        == "translations:\n  en: Hello\n  nl:\n  de: |- # todo\n    Zwei\n    Zeilen\n  fr:\n")
  }

  @Test func otherValuesOfEveryTypeIncludingNaNDoNotBlockAnEdit() throws {
    let original =
      "meta:\n  ratio: .nan\n  count: 3\n  on: true\n  none: ~\n  when: 2026-01-01\n"
      + "translations:\n  en: Hello\n"
    let saved = try EditingSandbox().saving("Hi", at: .translation("en"), in: original)
    #expect(saved == original.replacingOccurrences(of: "en: Hello", with: "en: Hi"))
  }

  @Test func aNewLocaleKeyIsQuotedLikeItsSiblingKeys() throws {
    let sandbox = EditingSandbox()
    #expect(
      try sandbox.saving("Hej", at: .translation("sv"), in: "translations:\n  \"en\": Hello\n")
        == "translations:\n  \"en\": Hello\n  \"sv\": Hej\n")
    #expect(
      try sandbox.saving("Hej", at: .translation("sv"), in: "translations:\n  'en': 'Hello'\n")
        == "translations:\n  'en': 'Hello'\n  'sv': 'Hej'\n")
  }

  @Test func saveOverAStaleSnapshotIsAConflictAndLeavesTheFile() throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(base)
    let snapshot = try AtomicFileWriter.read(file)
    let external = base.replacingOccurrences(of: "Hello", with: "Hello from vim")
    _ = try sandbox.write(external)
    #expect(throws: MessageEditError.conflict(path: file)) {
      try MessageFileEditor().save("Hi", at: .translation("en-US"), over: snapshot)
    }
    #expect(try sandbox.text(file) == external)
  }

  @Test func undoOfASaveRestoresTheFileByteForByte() throws {
    let sandbox = EditingSandbox()
    let crlf = base.replacingOccurrences(of: "\n", with: "\r\n")
    let file = try sandbox.write(crlf)
    let change = try MessageFileEditor().save(
      "Bonjour", at: .translation("fr-FR"), over: try AtomicFileWriter.read(file))
    #expect(try sandbox.text(file) != crlf)
    try AtomicFileWriter.undo(change)
    #expect(try sandbox.text(file) == crlf)
  }

  @Test func aLineAddedAfterABlockThatEndsTheFileStripsTheBreakItAdds() throws {
    let sandbox = EditingSandbox()
    // Without `-` the added line break would become part of the block's text.
    #expect(
      try sandbox.saving("Hallo", at: .translation("nl"), in: "translations:\n  en: |\n    Hello")
        == "translations:\n  en: |-\n    Hello\n  nl: Hallo")
    #expect(
      try sandbox.saving("Hallo", at: .translation("nl"), in: "translations:\n  en: >+\n    Hello")
        == "translations:\n  en: >-\n    Hello\n  nl: Hallo")
  }

  @Test func aNewTextEndingInBlankLinesIsDoubleQuotedWhereABlockWouldTakeInWhatFollows() throws {
    let original = "translations:\n  en: Hello\n\nmeta:\n  a: b\n"
    let saved = try EditingSandbox().saving("x\n\n", at: .translation("fr"), in: original)
    #expect(saved == "translations:\n  en: Hello\n  fr: \"x\\n\\n\"\n\nmeta:\n  a: b\n")
  }

  @Test func overrideTranslationIsSplicedAndAMissingOneInserted() throws {
    let original = """
      translations:
        en: Base
      overrides:
        - key: pro
          conditions:
            - attribute: plan
              operator: equals
              value: pro
          translations:
            en: "Pro"
        - key: beta
          segments: [beta]
          translations:
            en: Beta
            nl: Bèta # Dutch
      """ + "\n"
    let sandbox = EditingSandbox()
    #expect(
      try sandbox.saving("Beta 2", at: .override(1, locale: "en"), in: original)
        == original.replacingOccurrences(of: "en: Beta\n", with: "en: Beta 2\n"))
    #expect(
      try sandbox.saving("Pro NL", at: .override(0, locale: "nl"), in: original)
        == original.replacingOccurrences(
          of: "      en: \"Pro\"\n", with: "      en: \"Pro\"\n      nl: \"Pro NL\"\n"))
    #expect(
      try sandbox.saving("Basis", at: .translation("nl"), in: original)
        == original.replacingOccurrences(of: "  en: Base\n", with: "  en: Base\n  nl: Basis\n"))
  }

  @Test func overrideWithoutTranslationsGetsATranslationsMapping() throws {
    let original =
      "translations:\n  en: Base\noverrides:\n  - key: pro\n    segments:\n      - pro\n"
    let saved = try EditingSandbox().saving("Pro", at: .override(0, locale: "en"), in: original)
    #expect(saved == original + "    translations:\n      en: Pro\n")
  }

  @Test func demoMessageEditChangesExactlyOneLine() throws {
    let demo = FixturePaths.packageRoot + "/Demo/project/messages/legacy_banner.yml"
    let original = String(decoding: try Data(contentsOf: URL(fileURLWithPath: demo)), as: UTF8.self)
    let saved = try EditingSandbox().saving(
      "Nieuw: verhalen komen nu vanzelf binnen.", at: .translation("nl-NL"), in: original)
    let before = original.split(separator: "\n", omittingEmptySubsequences: false)
    let after = saved.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(before.count == after.count)
    let changed = zip(before, after).filter { $0 != $1 }
    #expect(changed.map(\.1) == ["  nl-NL: \"Nieuw: verhalen komen nu vanzelf binnen.\""])
  }

  @Test func readingATranslationGivesTheTextOrNil() throws {
    let editor = MessageFileEditor()
    #expect(try editor.translation(at: .translation("nl-NL"), in: Array(base.utf8)) == "Hallo")
    #expect(try editor.translation(at: .translation("sv"), in: Array(base.utf8)) == nil)
  }

  @Test func aFileWithAByteOrderMarkKeepsIt() throws {
    let original = "\u{FEFF}translations:\n  en: Héllo 🙂\n  nl: Hallo\n"
    let saved = try EditingSandbox().saving("Hallo 👋", at: .translation("nl"), in: original)
    #expect(saved == "\u{FEFF}translations:\n  en: Héllo 🙂\n  nl: Hallo 👋\n")
  }

  // MARK: Refusals

  @Test func aFileWithADuplicateKeyIsRefusedAsInvalid() throws {
    let original = "translations:\n  en: Hello\n  en: Again\n"
    let error = #expect(throws: MessageEditError.self) {
      try MessageFileEditor(file: "m.yml").settingTranslation(
        "Hi", at: .translation("nl"), in: Array(original.utf8))
    }
    guard case .invalidYAML(let yaml) = error else {
      Issue.record("expected invalidYAML, got \(String(describing: error))")
      return
    }
    #expect(yaml.line == 3 && yaml.message.contains("duplicated"))
  }

  @Test(
    "Anchors, aliases, merge keys, tags and flow collections on the path are refused",
    arguments: [
      ("translations: &t\n  en: Hello\n", "anchor &t", 1),
      ("base: &b Hello\ntranslations:\n  en: *b\n", "alias *b", 3),
      ("translations:\n  en: &e Hello\nmeta:\n  x: *e\n", "anchor &e", 2),
      ("defaults: &d\n  nl: Hallo\ntranslations:\n  <<: *d\n  en: Hello\n", "merge key", 4),
      ("translations: {en: Hello}\n", "flow mapping", 1),
      ("translations:\n  en: !!str Hello\n", "tag", 2),
      ("translations: !custom\n  en: Hello\n", "tag", 1),
    ])
  func unsafeConstructsOnThePathAreRefused(original: String, construct: String, line: Int) throws {
    let sandbox = EditingSandbox()
    let file = try sandbox.write(original)
    let snapshot = try AtomicFileWriter.read(file)
    let error = #expect(throws: MessageEditError.self) {
      try MessageFileEditor(file: "m.yml").savingTranslation(
        "Hi", at: .translation("en"), in: snapshot.bytes)
    }
    guard case .unsupportedConstruct(let name, let errorLine, _, let found) = error else {
      Issue.record("expected unsupportedConstruct, got \(String(describing: error))")
      return
    }
    #expect(name == "m.yml" && errorLine == line && found.contains(construct))
    #expect("\(error!)".contains("open the file in a text editor"))
    #expect(try sandbox.text(file) == original)
  }

  @Test func flowSequenceOfOverridesIsRefused() throws {
    let original =
      "translations:\n  en: x\noverrides: [{key: a, segments: [s], translations: {en: y}}]\n"
    #expect(throws: MessageEditError.self) {
      try MessageFileEditor().settingTranslation(
        "z", at: .override(0, locale: "en"), in: Array(original.utf8))
    }
  }

  @Test func anOverrideThatDoesNotExistIsNotFound() throws {
    let original = "translations:\n  en: x\noverrides:\n  - key: a\n    segments: [s]\n"
    let error = #expect(throws: MessageEditError.self) {
      try MessageFileEditor(file: "m.yml").settingTranslation(
        "z", at: .override(3, locale: "en"), in: Array(original.utf8))
    }
    guard case .notFound(_, let line, _, let what) = error else {
      Issue.record("expected notFound, got \(String(describing: error))")
      return
    }
    #expect(line == 4 && what.contains("override 3"))
  }

  @Test func aFileThatDoesNotParseIsRefusedWithItsPosition() throws {
    let error = #expect(throws: MessageEditError.self) {
      try MessageFileEditor(file: "m.yml").settingTranslation(
        "z", at: .translation("en"), in: Array("translations:\n  en: \"open\n".utf8))
    }
    guard case .invalidYAML(let yaml) = error else {
      Issue.record("expected invalidYAML, got \(String(describing: error))")
      return
    }
    #expect(yaml.file == "m.yml" && yaml.line > 1)
  }
}
