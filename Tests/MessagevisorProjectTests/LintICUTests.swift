import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// Lint's ICU checks use the engine's parser and CLDR plural rules.
@Suite struct LintICUTests {
  typealias P = LintTestProject

  @Test func englishPluralWithOneAndOtherIsFineButFewIsReported() {
    let project = P.make()
    P.message(project, "ok", ["en": "{n, plural, one {# item} other {# items}}"])
    P.message(project, "odd", ["en": "{n, plural, one {# item} few {# items} other {# items}}"])
    let findings = P.findings(project, "plural_categories")
    #expect(findings.map(\.entityKey) == ["odd"])
    #expect(findings.first?.level == .warning)
    #expect(findings.first?.message.contains("few") == true)
    #expect(findings.first?.locale == "en")
    #expect(findings.first?.line == 2)
    #expect(findings.first?.column == 7)
  }

  @Test func russianPluralLackingFewAndManyIsReportedAndCompleteOneIsNot() {
    let project = P.make()
    P.message(
      project, "short",
      [
        "en": "{n, plural, one {# file} other {# files}}",
        "ru": "{n, plural, one {# файл} other {# файла}}",
      ])
    P.message(
      project, "full",
      [
        "en": "{n, plural, one {# file} other {# files}}",
        "ru": "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}",
      ])
    let findings = P.findings(project, "plural_categories")
    #expect(findings.map(\.entityKey) == ["short"])
    #expect(findings.first?.locale == "ru")
    #expect(findings.first?.message.contains("few, many") == true)
  }

  @Test func exactBranchesStandInForTheCategoryTheyCover() {
    let project = P.make()
    P.message(project, "exact", ["en": "{n, plural, =0 {none} =1 {one item} other {# items}}"])
    P.message(project, "zero", ["en": "{n, plural, =0 {none} other {# items}}"])
    let findings = P.findings(project, "plural_categories")
    #expect(findings.map(\.entityKey) == ["zero"])
    #expect(findings.first?.message.contains("lacks one") == true)
  }

  @Test func selectordinalUsesOrdinalRules() {
    let project = P.make()
    P.message(
      project, "complete",
      ["en": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"])
    P.message(project, "partial", ["en": "{n, selectordinal, one {#st} other {#th}}"])
    #expect(P.findings(project, "plural_categories").map(\.entityKey) == ["partial"])
  }

  @Test func pluralWithoutOtherIsAnError() {
    let project = P.make()
    P.message(project, "bad", ["en": "{n, plural, one {# item}}"])
    let findings = P.findings(project, "plural_categories")
    #expect(findings.count == 1)
    #expect(findings.first?.level == .error)
    #expect(P.findings(project, "invalid_icu_syntax").isEmpty)
  }

  @Test func selectWithoutOtherIsReportedAndWithOtherIsNot() {
    let project = P.make()
    P.message(project, "bad", ["en": "{g, select, female {She} male {He}}"])
    P.message(project, "good", ["en": "{g, select, female {She} other {They}}"])
    let findings = P.findings(project, "select_without_other")
    #expect(findings.map(\.entityKey) == ["bad"])
    #expect(findings.first?.level == .error)
  }

  @Test func invalidSyntaxIsReportedWithItsOffset() {
    let project = P.make()
    P.message(project, "broken", ["en": "Hello {name"])
    P.message(project, "fine", ["en": "Hello {name}"])
    let findings = P.findings(project, "invalid_icu_syntax")
    #expect(findings.map(\.entityKey) == ["broken"])
    #expect(findings.first?.message.contains("offset") == true)
  }

  @Test func skeletonsAreReportedUnlessTheConfigAllowsThem() {
    let project = P.make()
    P.message(project, "price", ["en": "{n, number, ::currency/EUR}"])
    P.message(project, "named", ["en": "{n, number, money}"])
    #expect(P.findings(project, "icu_skeleton_not_allowed").map(\.entityKey) == ["price"])
    let allowed = P.make(config: "icuSkeleton: true\n")
    P.message(allowed, "price", ["en": "{n, number, ::currency/EUR}"])
    #expect(P.findings(allowed, "icu_skeleton_not_allowed").isEmpty)
  }

  @Test func aStyleNoLocaleInTheFormatChainDefinesIsReported() {
    let project = P.make()
    P.message(project, "inherited", ["en": "{n, number, money}", "nl": "{n, number, money}"])
    P.message(project, "unknown", ["en": "{n, number, cash}"])
    let findings = P.findings(project, "missing_icu_format_style")
    #expect(findings.map(\.entityKey) == ["unknown"])
    #expect(findings.first?.message.contains("cash") == true)
  }

  @Test func placeholdersNestedInSelectAndPluralAreComparedWithTheSource() {
    let project = P.make()
    let source =
      "{g, select, female {{n, plural, one {She has # cat} other {She has # cats}}} other {{n, plural, one {They have # cat} other {They have # cats}}}}"
    P.message(
      project, "same",
      [
        "en": source,
        // Reordered branches and an extra plural category are fine.
        "nl":
          "{g, select, other {{n, plural, other {Zij hebben # katten} one {Zij hebben # kat}}} female {{n, plural, one {Zij heeft # kat} other {Zij heeft # katten}}}}",
      ])
    P.message(
      project, "renamed",
      [
        "en": source,
        "nl":
          "{g, select, female {{count, plural, one {Zij heeft # kat} other {Zij heeft # katten}}} other {{count, plural, one {# kat} other {# katten}}}}",
      ])
    P.message(
      project, "keys",
      [
        "en": "{g, select, female {She} other {They}}",
        "nl": "{g, select, vrouw {Zij} other {Zij}}",
      ])
    let findings = P.findings(project, "translation_contract_mismatch")
    #expect(findings.map(\.entityKey) == ["keys", "renamed"])
    #expect(findings.last?.message.contains("lacks the argument {n}") == true)
    #expect(findings.last?.message.contains("{count}") == true)
  }

  @Test func exactBranchesOffsetsAndOrdinalSwapsBreakTheContract() {
    let project = P.make()
    P.message(
      project, "exact",
      ["en": "{n, plural, =0 {none} other {#}}", "nl": "{n, plural, other {#}}"])
    P.message(
      project, "ordinal",
      ["en": "{n, plural, one {#} other {#}}", "nl": "{n, selectordinal, other {#e}}"])
    P.message(project, "tags", ["en": "Tap <b>here</b>", "nl": "Tik hier"])
    P.message(project, "ok", ["en": "Tap <b>here</b>", "nl": "Tik <b>hier</b>"])
    let keys = P.findings(project, "translation_contract_mismatch").map(\.entityKey)
    #expect(keys == ["exact", "ordinal", "tags"])
  }

  @Test func missingSourceTranslationIsReportedForMessagesAndOverrides() {
    let project = P.make()
    P.message(project, "nosource", ["nl": "Hallo"])
    P.message(
      project, "override", ["en": "Hi"],
      extra: "overrides:\n  - key: web\n    segments: web\n    translations:\n      nl: Hoi web\n")
    P.message(project, "fine", ["en": "Hi", "nl": "Hoi"])
    let findings = P.findings(project, "missing_source_translation")
    #expect(findings.map(\.entityKey) == ["nosource", "override"])
    #expect(findings.last?.path == "overrides[0].translations.en")
  }
}

extension LintICUTests {
  @Test func arabicZeroIsCoveredByAnExactZeroBranchButNotLeftOut() {
    let project = P.make()
    project.write("locales/ar.yml", "inheritFormatsFrom: en\n")
    P.message(
      project, "covered",
      [
        "en": "{n, plural, one {#} other {#}}",
        "ar": "{n, plural, =0 {none} one {#} two {#} few {#} many {#} other {#}}",
      ])
    P.message(
      project, "lacking",
      [
        "en": "{n, plural, one {#} other {#}}",
        "ar": "{n, plural, one {#} two {#} few {#} many {#} other {#}}",
      ])
    let findings = P.findings(project, "plural_categories")
    #expect(findings.map(\.entityKey) == ["lacking"])
    #expect(findings.first?.message.contains("lacks zero") == true)
  }
}

extension LintICUTests {
  @Test func anICUErrorPointsAtItsColumnInsideAOneLineScalar() throws {
    let project = P.make()
    // Line 2 is `  en: "Hi {na me}"`: the scalar starts at column 7, the error at "me".
    P.message(project, "broken", ["en": "Hi {na me}"])
    let finding = try #require(P.findings(project, "invalid_icu_syntax").first)
    #expect(finding.line == 2)
    let line = Array("  en: \"Hi {na me}\"".unicodeScalars)
    #expect(finding.column > 7)
    #expect(String(line[finding.column - 1]) == " " || String(line[finding.column - 1]) == "m")
  }
}
