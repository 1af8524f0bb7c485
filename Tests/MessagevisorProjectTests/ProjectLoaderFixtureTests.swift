import Messagevisor
import TestSupport
import Testing

@testable import MessagevisorProject

@Suite struct ProjectLoaderFixtureTests {
  @Test func project1LoadsWithExpectedCounts() throws {
    guard let path = FixturePaths.project1 else { return }
    let project = try ProjectLoader().load(path: path)
    #expect(project.locales.count == 16)
    #expect(project.messages.count == 34)
    #expect(project.segments.count == 12)
    #expect(project.targets.count == 12)
    // The fixture README says 86 spec files; the copy in shared/fixtures has 74.
    #expect(project.tests.count == 74)
    #expect(project.attributes.count == 9)
    #expect(project.config.file == nil)
    #expect(project.config.icuModule)
    #expect(project.targets["apps.admin"]?.context == ["platform": "web"])
    #expect(project.messages["auth.signin"]?.translations["en-US"] == "Sign in (USA)")
    #expect(
      project.messages[
        "billing.invoices.history.downloads.taxDocuments.eu.vatExemption.requestStatusMessage"]
        != nil)
    let chain = try LocaleChain.translations(for: "nl-NL", in: project)
    #expect(chain == ["nl-NL", "nl", "en"])
    // The YAML timestamp in reengagement-window becomes an ISO string.
    let conditions = project.segments["reengagement-window"]?.conditions
    let firstOr = conditions?.objectValue?["and"]?.arrayValue?.first?.objectValue?["or"]?.arrayValue
    #expect(firstOr?.first?.objectValue?["value"] == "2026-01-01T00:00:00.000Z")
  }
}
