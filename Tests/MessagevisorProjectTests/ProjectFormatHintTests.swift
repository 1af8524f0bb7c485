import Foundation
import TestSupport
import Testing

@testable import MessagevisorProject

/// Errors that name a kind of project file show a minimal file of that kind and the section of
/// docs/project-format.md that lists its fields; the document has every such section.
@Suite struct ProjectFormatHintTests {
  /// The error loading `project` gives (`BadInputTests`'s helper).
  static func loadError(_ project: TempProject) -> ProjectError? {
    BadInputTests().loadError(project)
  }

  @Test func aLocaleThatIsNotAMappingShowsAMinimalLocaleFile() throws {
    let project = TempProject.minimal()
    project.write("locales/nl.yml", "- Dutch\n")
    let error = try #require(Self.loadError(project))
    #expect(error.file == "locales/nl.yml")
    #expect(error.message.contains("locale must be a mapping"), "\(error)")
    #expect(error.message.contains("`description: Dutch`"), "\(error)")
    #expect(error.message.contains("docs/project-format.md#locales"), "\(error)")
  }

  @Test(arguments: [
    ("messages/greeting.yml", "Hello\n", "docs/project-format.md#messages"),
    ("segments/web.yml", "description: web\n", "docs/project-format.md#segments"),
    ("targets/all.yml", "[a]\n", "docs/project-format.md#targets"),
    ("attributes/plan.yml", "string\n", "docs/project-format.md#attributes"),
    ("tests/greeting.spec.yml", "assertions: []\n", "docs/project-format.md#tests"),
    ("messagevisor.config.yml", "- en\n", "docs/project-format.md#config"),
  ])
  func eachKindPointsToItsSection(file: String, text: String, section: String) throws {
    let project = TempProject.minimal()
    project.write(file, text)
    let error = try #require(Self.loadError(project))
    #expect(error.message.contains(section), "\(error)")
  }

  @Test func anUnknownFieldLinksTheSectionOfItsKind() throws {
    let project = TempProject.minimal()
    project.write("locales/nl.yml", "inheritTranslationsFrom: en\ncolour: orange\n")
    let error = try #require(Self.loadError(project))
    #expect(error.message.contains("unknown field \"colour\" in locale"), "\(error)")
    #expect(error.message.contains("(docs/project-format.md#locales)"), "\(error)")
  }

  @Test func notAProjectSaysHowToStartOne() throws {
    let project = TempProject()
    let error = try #require(Self.loadError(project))
    #expect(error.message.contains("messagevisor-swift init"), "\(error)")
    #expect(error.message.contains("docs/project-format.md"), "\(error)")
  }

  @Test func theDocumentHasASectionForEveryKindTheErrorsName() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent(ProjectFormatGuide.document), encoding: .utf8)
    let headings = Set(
      text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map {
        $0.dropFirst(3).lowercased().replacingOccurrences(of: " ", with: "-")
      })
    for (kind, entry) in ProjectFormatGuide.kinds {
      #expect(headings.contains(entry.section), "no section #\(entry.section) for \(kind)")
      #expect(text.contains(entry.minimal) || kind == "override" || kind == "test spec", "\(kind)")
    }
  }
}
