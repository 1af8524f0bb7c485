import Foundation
import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

/// `buildTexts` writes datafiles straight from the fragments; the text must be the one
/// `JSONText.encode` writes for the value `build` makes, byte for byte.
@Suite struct DatafileTextTests {
  static func expectTextsMatchValues(_ project: Project, pretty: Bool) throws {
    let builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
    for target in project.targets.keys.sorted() {
      let locales = builder.locales(of: try builder.target(target))
      let texts = try builder.buildTexts(
        target: target, locales: locales, revision: "7", pretty: pretty)
      #expect(texts.count == locales.count)
      for (locale, text) in zip(locales, texts) {
        let value = try builder.build(target: target, locale: locale, revision: "7")
        #expect(text == JSONText.encode(value, pretty: pretty), "\(target) \(locale)")
      }
    }
  }

  static func richProject() -> TempProject {
    let project = TempProject.minimal()
    project.write("locales/ar.yml", "direction: rtl\ninheritTranslationsFrom: en\n")
    project.write(
      "messages/quote.yml",
      """
      translations:
        en: "She said \\"hi\\"\\n\\ttab \\u0001 and é"
        nl: "Zij zei 'hoi' \\\\ {count, plural, one {# ding} other {# dingen}}"
      deprecated: true
      deprecationWarning: use greeting
      meta: {owner: growth, weight: 2.5}
      """)
    project.write(
      "messages/price.yml",
      "translations:\n  en: \"Total {amount, number, ::currency/USD}\"\n  ar: \"{amount, number, money}\"\n"
    )
    project.write("messages/empty.yml", "translations:\n  en: \"\"\n")
    project.write(
      "messages/plan.yml",
      """
      translations:
        en: Free
      overrides:
        - key: pro
          conditions:
            - attribute: plan
              operator: equals
              value: pro
          translations:
            en: Pro
            nl: Pro (nl)
        - key: web
          segments: [web]
          translations:
            en: Web
      """)
    project.write("targets/hashed.yml", "includeMessages: '*'\nrevisionFromHash: true\n")
    project.write(
      "targets/used.yml",
      "includeMessages: ['p*', quote]\nincludeOnlyUsedFormats: true\npretty: true\n")
    project.write(
      "targets/web.yml", "includeMessages: '*'\ncontext:\n  platform: web\nstringify: true\n")
    project.write("targets/none.yml", "includeMessages: [absent]\n")
    return project
  }

  @Test(arguments: [false, true])
  func textsAreTheEncodedValuesOfARichProject(pretty: Bool) throws {
    let fixture = Self.richProject()
    let project = try ProjectLoader().load(path: fixture.path)
    #expect(project.targets.count == 5)
    try Self.expectTextsMatchValues(project, pretty: pretty)
  }

  @Test func textsAreTheEncodedValuesOfProject1() throws {
    guard let path = FixturePaths.project1 else { return }
    let project = try ProjectLoader().load(path: path)
    try Self.expectTextsMatchValues(project, pretty: true)
    try Self.expectTextsMatchValues(project, pretty: false)
  }
}
