import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct DatafileBuilderTests {
  static func build(_ project: TempProject, target: String, locale: String) throws
    -> [String: MessagevisorValue]
  {
    let loaded = try ProjectLoader().load(path: project.path)
    let builder = DatafileBuilder(
      project: loaded, evaluatePredicate: EngineBridge.evaluatePredicate)
    return try builder.build(target: target, locale: locale).objectValue ?? [:]
  }

  @Test func deprecatedArchivedMetaAndMissingTranslations() throws {
    let project = TempProject.minimal()
    project.write(
      "messages/old.yml",
      "description: x\ndeprecated: true\ndeprecationWarning: use greeting\ntranslations:\n  en: Old\n"
    )
    project.write(
      "messages/gone.yml", "description: x\narchived: true\ntranslations:\n  en: Gone\n")
    project.write("messages/dutch.yml", "description: x\ntranslations:\n  nl: Alleen NL\n")
    project.write(
      "messages/meta.yml", "description: x\nmeta:\n  owner: growth\ntranslations:\n  en: Meta\n")
    let en = try Self.build(project, target: "all", locale: "en")
    let translations = en["translations"]?.objectValue ?? [:]
    #expect(translations.keys.sorted() == ["greeting", "meta", "old"])
    #expect(
      en["messages"]?.objectValue?["old"]
        == ["deprecated": true, "deprecationWarning": "use greeting"])
    #expect(en["messages"]?.objectValue?["meta"] == ["meta": ["owner": "growth"]])
    #expect(en["messages"]?.objectValue?["gone"] == nil)
    let nl = try Self.build(project, target: "all", locale: "nl")
    #expect(nl["translations"]?.objectValue?["dutch"] == "Alleen NL")
    #expect(nl["translations"]?.objectValue?["greeting"] == "Hello")
  }

  @Test func contextSpecialisationDropsAndSimplifiesOverrides() throws {
    let project = TempProject.minimal()
    project.write("targets/web.yml", "context:\n  platform: web\n")
    project.write("targets/ios.yml", "context:\n  platform: ios\n")
    project.write(
      "messages/pick.yml",
      """
      description: x
      translations:
        en: Base
      overrides:
        - key: web-pro
          conditions:
            and:
              - attribute: platform
                operator: equals
                value: web
              - attribute: plan
                operator: equals
                value: pro
          translations:
            en: Web pro
        - key: web-only
          segments: web
          translations:
            en: Web
        - key: not-web
          conditions:
            not:
              - attribute: platform
                operator: equals
                value: web
          translations:
            en: Not web
      """)
    let web = try Self.build(project, target: "web", locale: "en")
    let overrides =
      web["messages"]?.objectValue?["pick"]?.objectValue?["overrides"]?.arrayValue ?? []
    #expect(overrides.map { $0.objectValue?["key"] } == ["web-pro", "web-only"])
    let first = overrides.first?.objectValue
    #expect(
      first?["conditions"] == .string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#))
    #expect(overrides.last?.objectValue?["segments"] == nil)  // decided true → omitted
    #expect(overrides.last?.objectValue?["conditions"] == nil)
    #expect(web["segments"] == [:])  // web segment decided at build time

    let ios = try Self.build(project, target: "ios", locale: "en")
    let iosOverrides =
      ios["messages"]?.objectValue?["pick"]?.objectValue?["overrides"]?.arrayValue ?? []
    #expect(iosOverrides.map { $0.objectValue?["key"] } == ["not-web"])
    #expect(iosOverrides.first?.objectValue?["conditions"] == nil)
  }

  @Test func stringifyFalseKeepsStructures() throws {
    let project = TempProject.minimal()
    project.write("targets/raw.yml", "stringify: false\n")
    let raw = try Self.build(project, target: "raw", locale: "en")
    let override = raw["messages"]?.objectValue?["greeting"]?.objectValue?["overrides"]?.arrayValue?
      .first
    #expect(override?.objectValue?["segments"] == ["web"])
    #expect(
      raw["segments"]?.objectValue?["web"]?.objectValue?["conditions"]
        == [["attribute": "platform", "operator": "equals", "value": "web"]])
  }
}
