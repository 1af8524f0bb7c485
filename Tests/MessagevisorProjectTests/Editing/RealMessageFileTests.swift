import Foundation
import MessagevisorProject
import TestSupport
import Testing

/// Every translation of every message file of the demo project and of project-1 (read from
/// ../shared, skipped with a note when absent) is edited once: the text reads back and a
/// one-line value changes exactly one line of the file.
@Suite struct RealMessageFileTests {
  /// The message files below `directory`.
  static func messageFiles(in directory: String) -> [String] {
    let root = directory + "/messages"
    let names = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return names.filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map {
      root + "/" + $0
    }
  }

  /// Every (path, text) of translations in a parsed message file.
  static func translations(of node: YAMLNode) -> [(TranslationPath, String)] {
    var result: [(TranslationPath, String)] = []
    for entry in node["translations"]?.entries ?? [] {
      if let text = entry.value.string { result.append((.translation(entry.key), text)) }
    }
    for (index, item) in (node["overrides"]?.items ?? []).enumerated() {
      for entry in item["translations"]?.entries ?? [] {
        if let text = entry.value.string {
          result.append((.override(index, locale: entry.key), text))
        }
      }
    }
    return result
  }

  /// Edits every translation of `files` once; returns how many edits were made and refused.
  func editEveryTranslation(of files: [String]) throws -> (edits: Int, refused: Int) {
    var edits = 0
    var refused = 0
    for file in files {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      let editor = MessageFileEditor(file: file)
      let node = try YAMLParser().parse(bytes, file: file)
      let before = String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (path, text) in Self.translations(of: node) {
        let newText = text.contains("\n") ? text + "✓\n" : text + " ✓"
        let edited: [UInt8]
        do {
          edited = try editor.settingTranslation(newText, at: path, in: bytes)
        } catch {
          // Constructs that cannot be spliced are refused; anything else is a failure.
          guard case .unsupportedConstruct = error as MessageEditError else { throw error }
          refused += 1
          continue
        }
        edits += 1
        #expect(try editor.translation(at: path, in: edited) == newText, "\(file) \(path)")
        if !text.contains("\n") {
          let after = String(decoding: edited, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
          let changed = zip(before, after).filter { $0 != $1 }.count
          #expect(after.count == before.count && changed == 1, "\(file) \(path)")
        }
      }
      _ = try editor.reviews(sourceLocale: "en", in: bytes)
    }
    return (edits, refused)
  }

  @Test func everyDemoTranslationCanBeEditedInPlace() throws {
    let files = Self.messageFiles(in: FixturePaths.packageRoot + "/Demo/project")
    #expect(files.count > 20)
    let result = try editEveryTranslation(of: files)
    #expect(result.edits > 150 && result.refused == 0)
  }

  @Test func everyProject1TranslationFromSharedFixturesCanBeEditedInPlace() throws {
    guard let project = FixturePaths.project1 else { return }
    let files = Self.messageFiles(in: project)
    #expect(files.count > 20)
    let result = try editEveryTranslation(of: files)
    #expect(result.edits > 80 && result.refused == 0)
  }
}
