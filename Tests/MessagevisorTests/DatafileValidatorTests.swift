import Foundation
import Testing

@testable import Messagevisor

/// A typed datafile is validated as JSON input is: an override whose conditions or segments nest
/// too deeply is refused with the path of that override, whichever message it belongs to.
@Suite("Datafile validation of typed datafiles")
struct DatafileValidatorTests {
  static func nested(_ levels: Int) -> Condition {
    var condition: Condition = .predicate(ConditionPredicate(attribute: "plan", operator: .exists))
    for _ in 0..<levels { condition = .and([condition]) }
    return condition
  }

  static func datafile(deepIn key: String, override index: Int) -> DatafileContent {
    var messages: [String: DatafileMessage] = [:]
    for number in 0..<50 {
      messages["plain.\(number)"] = DatafileMessage(deprecated: number % 2 == 0)
      messages["shallow.\(number)"] = DatafileMessage(overrides: [
        MessageOverride(key: "pro", conditions: nested(3), translation: "Pro")
      ])
    }
    var overrides = (0...index).map {
      MessageOverride(key: "o\($0)", conditions: nested(2), translation: "T")
    }
    overrides[index].conditions = nested(DatafileReader.maxConditionDepth + 1)
    messages[key] = DatafileMessage(overrides: overrides)
    return DatafileContent(
      messagevisorVersion: "1", target: "app", locale: "en", messages: messages,
      translations: ["title": "Title"])
  }

  @Test func anOverrideNestedTooDeeplyIsRefusedWithItsPath() {
    let datafile = Self.datafile(deepIn: "checkout.title", override: 2)
    #expect(throws: DatafileError.self) { try DatafileValidator.validate(datafile) }
    do {
      try DatafileValidator.validate(datafile)
    } catch {
      #expect(error.path == "$.messages.checkout.title.overrides[2].conditions")
    }
  }

  @Test func overridesWithinTheLimitAreAccepted() throws {
    var datafile = Self.datafile(deepIn: "checkout.title", override: 0)
    datafile.messages["checkout.title"]?.overrides?[0].conditions = Self.nested(5)
    try DatafileValidator.validate(datafile)
  }
}
