import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct DatafileBuilderFixtureTests {
  static func builder() throws -> DatafileBuilder? {
    guard let path = FixturePaths.project1 else { return nil }
    let project = try ProjectLoader().load(path: path)
    return DatafileBuilder(project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
  }

  static func parse(_ json: MessagevisorValue?) -> MessagevisorValue? {
    guard let text = json?.stringValue else { return nil }
    return try? YAMLParser().parse(text).value
  }

  /// Spec §2.3: under target web the `platform equals web` branch of reengagement-window is
  /// decided at build time and removed.
  @Test func overrideStressWebSpecialisation() throws {
    guard let builder = try Self.builder() else { return }
    let datafile = try builder.build(target: "web", locale: "en-US", revision: "7")
    let object = try #require(datafile.objectValue)
    #expect(object["revision"] == "7")
    #expect(object["target"] == "web")
    #expect(object["schemaVersion"] == "1")
    let message = try #require(object["messages"]?.objectValue?["playground.overrideStress"])
    let overrides = try #require(message.objectValue?["overrides"]?.arrayValue)
    #expect(
      overrides.map { $0.objectValue?["key"] } == ["vip-checkout", "reengagement", "pro-default"])
    #expect(overrides[0].objectValue?["segments"] == "vip-checkout-audience")
    #expect(overrides[1].objectValue?["segments"] == "reengagement-window")
    #expect(
      Self.parse(overrides[2].objectValue?["conditions"])
        == ["attribute": "plan", "operator": "equals", "value": "pro"])
    #expect(
      overrides[2].objectValue?["translation"]
        == "Pro checkout for {accountName}: {amount, number, money}")
    let segments = try #require(object["segments"]?.objectValue)
    let window = try #require(
      Self.parse(segments["reengagement-window"]?.objectValue?["conditions"]))
    let expected: MessagevisorValue = [
      "and": [
        [
          "or": [
            ["attribute": "signupDate", "operator": "before", "value": "2026-01-01T00:00:00.000Z"],
            ["attribute": "signupDate", "operator": "after", "value": "2026-03-01T00:00:00.000Z"],
          ]
        ],
        [
          "not": [
            [
              "or": [
                ["attribute": "permissions", "operator": "includes", "value": "suspended"],
                ["attribute": "permissions", "operator": "includes", "value": "deleted"],
              ]
            ]
          ]
        ],
      ]
    ]
    #expect(window == expected)
    // dashboard.welcome `and: [dutch-account, platform-web]` → platform-web is true under web.
    let welcome = object["messages"]?.objectValue?["dashboard.welcome"]?.objectValue?["overrides"]?
      .arrayValue
    #expect(welcome?.last?.objectValue?["segments"] == "dutch-account")
    #expect(segments["platform-web"] == nil)
    #expect(segments["dutch-account"] != nil)
  }

  @Test func noContextTargetKeepsExpressionsAndInheritsTranslations() throws {
    guard let builder = try Self.builder() else { return }
    let datafile = try builder.build(target: "swift", locale: "nl-NL")
    let object = try #require(datafile.objectValue)
    let translations = try #require(object["translations"]?.objectValue)
    #expect(translations["auth.signin"] == "Aanmelden")  // nl-NL → nl
    #expect(translations.count == 34)  // every message has `en`, none is archived
    let overrides = object["messages"]?.objectValue?["playground.overrideStress"]?.objectValue?[
      "overrides"]?.arrayValue
    #expect(Self.parse(overrides?.first?.objectValue?["segments"]) == ["vip-checkout-audience"])
    // nl replaces en's date.long whole (no timeZone), and money becomes EUR.
    let formats = object["formats"]?.objectValue
    #expect(
      formats?["date"]?.objectValue?["long"] == [
        "year": "numeric", "month": "long", "day": "numeric",
      ])
    #expect(formats?["number"]?.objectValue?["money"] == ["style": "currency", "currency": "EUR"])
    #expect(object["messages"]?.objectValue?["auth.signin"]?.objectValue?["meta"] != nil)
  }

  @Test func formatFilteringTargets() throws {
    guard let builder = try Self.builder() else { return }
    let filtered = try builder.build(target: "format-filtered", locale: "en-US").objectValue
    let formats = filtered?["formats"]?.objectValue
    #expect(filtered?["translations"] == [:])
    #expect(
      formats?["number"]?.objectValue?.keys.allSatisfy {
        $0.hasPrefix("decimal") || $0.hasPrefix("money")
      } == true)
    #expect(formats?["number"]?.objectValue?["moneyCode"] == nil)
    #expect(formats?["time"]?.objectValue?.keys.contains { $0.hasPrefix("zone") } == false)
    #expect(formats?["relative"] == nil)

    let used = try builder.build(target: "used-formats", locale: "en-US").objectValue
    let usedFormats = used?["formats"]?.objectValue
    #expect(usedFormats?["number"]?.objectValue?.keys.sorted() == ["money"])
    #expect(usedFormats?["time"]?.objectValue?.keys.sorted() == ["short"])
    #expect(usedFormats?["date"] == nil)
    #expect(
      used?["translations"]?.objectValue?.keys.sorted() == [
        "billing.checkoutTotal", "billing.meetingTime",
      ])
  }

  @Test func outputPathsAndDeterminism() throws {
    guard let builder = try Self.builder() else { return }
    #expect(
      builder.relativeOutputPath(target: "apps.admin", locale: "nl-NL")
        == "apps/messagevisor-admin-nl-NL.json")
    #expect(
      builder.relativeOutputPath(target: "web", locale: "en-US") == "messagevisor-web-en-US.json")
    let first = JSONText.encode(try builder.build(target: "web", locale: "nl-NL"))
    let second = JSONText.encode(try builder.build(target: "web", locale: "nl-NL"))
    #expect(first == second)
    _ = try DatafileContent.fromJSON(first)
  }
}
