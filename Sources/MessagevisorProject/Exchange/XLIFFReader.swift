import CommandLineKit
import Foundation
internal import ReRune

/// Reads translated XLIFF 2.0 (as `XLIFFWriter` writes it) back into imported texts: each
/// group's units are put together again on the message's own structure, so ICU syntax comes
/// from the project, never from the file.
///
/// Refused, each with its line: XML that is not well-formed, entities (never expanded or
/// loaded), a document that is not XLIFF 2.0, an unknown target language, set, message or unit,
/// inline codes that were changed (`originalData` differs from the project's ICU), dropped,
/// duplicated or invented, inline elements other than `<ph>`, `<cp>` and `<mrk>`, a message only
/// partly translated, and files over ``CSVReader/maximumBytes`` or `maximumUnits`.
public struct XLIFFReader {
  /// The most units read.
  static let maximumUnits = 200_000

  /// The input's name, for errors.
  public var file: String

  /// A reader of the file called `file` (for errors).
  public init(file: String) {
    self.file = file
  }

  /// What the file holds.
  public struct Result {
    /// The imported texts.
    public var entries: [ImportEntry] = []
    /// The units read.
    public var rows = 0
    /// Problems that stop the import.
    public var errors: [ExchangeError] = []
    /// Problems worth a note.
    public var warnings: [ExchangeError] = []
  }

  /// The imported texts of `bytes` for `projects` (by set).
  public func read(_ bytes: [UInt8], projects: [String?: Project], locales: [String]) -> Result {
    var result = Result()
    func fail(_ line: Int, _ message: String, column: Int = 0) {
      result.errors.append(ExchangeError(file: file, line: line, column: column, message: message))
    }
    guard bytes.count <= CSVReader.maximumBytes else {
      fail(
        0,
        "the file has \(bytes.count) bytes, more than the limit of \(CSVReader.maximumBytes); split it"
      )
      return result
    }
    let root: XMLTreeElement
    do throws(XMLTreeError) {
      root = try XMLTreeReader.read(bytes)
    } catch {
      fail(error.line, error.message, column: error.column)
      return result
    }
    guard root.name == "xliff", root.namespace == XLIFFWriter.namespace,
      root.attributes["version"] == "2.0"
    else {
      fail(
        root.line,
        "not an XLIFF 2.0 document (expected <xliff version=\"2.0\" xmlns=\"\(XLIFFWriter.namespace)\">)"
      )
      return result
    }
    guard let anyProject = projects.values.first else { return result }
    let known = anyProject.locales.keys.sorted()
    guard let target = root.attributes["trgLang"], !target.isEmpty else {
      fail(root.line, "the <xliff> element has no trgLang; it names the language translated into")
      return result
    }
    guard anyProject.locales[target] != nil else {
      let hint = Suggestion.closest(to: target, in: known).map { " (did you mean \($0)?)" } ?? ""
      fail(
        root.line,
        "unknown target language trgLang=\"\(target)\"\(hint); the project has \(known.joined(separator: ", "))"
      )
      return result
    }
    if !locales.isEmpty, !locales.contains(target) {
      fail(
        root.line,
        "the file translates into \(target), not \(locales.joined(separator: ", ")) (--locale)")
      return result
    }
    let source = anyProject.config.sourceLocale ?? root.attributes["srcLang"] ?? ""
    if let srcLang = root.attributes["srcLang"], srcLang != source {
      result.warnings.append(
        ExchangeError(
          file: file, line: root.line,
          message: "srcLang is \(srcLang) but the project's source locale is \(source)"))
    }
    var units = 0
    var seenGroups: [String: Int] = [:]
    for fileElement in root.elements where fileElement.name == "file" {
      let original = fileElement.attributes["original"] ?? "messages"
      let set: String? = original.hasPrefix("sets/") ? String(original.dropFirst(5)) : nil
      guard let project = projects[set] ?? (projects.count == 1 ? anyProject : nil) else {
        fail(fileElement.line, "unknown set in original=\"\(original)\"")
        continue
      }
      var selection = ExchangeSelection()
      selection.locales = source == target ? [source] : [source, target]
      let table: ExchangeTable
      do throws(ExchangeError) {
        table = try ExchangeTable(project: project, selection: selection)
      } catch {
        fail(fileElement.line, error.description)
        continue
      }
      let separator = project.config.exportOverrideKeySeparator
      var rows: [String: ExchangeRow] = [:]
      for row in table.rows { rows[row.exportKey(separator: separator)] = row }
      for group in fileElement.elements where group.name == "group" {
        result.rows += 1
        let key = group.attributes["name"] ?? ""
        let identity = (set ?? "") + "\u{1}" + key
        if let first = seenGroups[identity] {
          fail(group.line, "\"\(key)\" appears twice (also line \(first)); keep one")
          continue
        }
        seenGroups[identity] = group.line
        guard let row = rows[key] else {
          let hint =
            Suggestion.closest(to: key, in: Array(rows.keys)).map { " (did you mean \($0)?)" } ?? ""
          fail(
            group.line,
            "unknown message \"\(key)\"\(hint) in <group name>; add it to the project first")
          continue
        }
        let cell = row.cells[target] ?? ExchangeCell(text: "", status: .missing)
        let own = cell.status == .direct ? cell.text : nil
        let (template, expected) = XLIFFUnit.message(
          source: row.cells[source]?.text ?? "", target: own, locale: target,
          icu: project.config.icuModule)
        var byName: [String: XLIFFUnit] = [:]
        for unit in expected { byName[unit.name] = unit }
        var replacements: [String: [ICUTemplate.Piece]] = [:]
        var untranslated: [String] = []
        var firstLine = 0
        var seenUnits = Set<String>()
        var groupFailed = false
        for unitElement in group.elements where unitElement.name == "unit" {
          units += 1
          guard units <= Self.maximumUnits else {
            fail(unitElement.line, "more than \(Self.maximumUnits) units; split the file")
            return result
          }
          let name = unitElement.attributes["name"] ?? ""
          guard let unit = byName[name] else {
            fail(
              unitElement.line,
              "unit \"\(name)\" of \"\(key)\" does not match the message's branches (\(expected.map(\.name).joined(separator: ", "))); it changed since the export: export again"
            )
            groupFailed = true
            continue
          }
          guard seenUnits.insert(name).inserted else {
            fail(unitElement.line, "unit \"\(name)\" of \"\(key)\" appears twice; keep one")
            groupFailed = true
            continue
          }
          let data = unitElement.elements.first { $0.name == "originalData" }?.elements ?? []
          for item in data where item.name == "data" {
            let id = item.attributes["id"] ?? ""
            let text = Self.plainText(item)
            guard let index = Int(id.dropFirst()), id.hasPrefix("d"),
              unit.codes.indices.contains(index - 1)
            else {
              fail(
                item.line,
                "inline code data \"\(id)\" in \"\(key)\" \(name) was not exported; remove it")
              groupFailed = true
              continue
            }
            if unit.codes[index - 1] != text {
              fail(
                item.line,
                "inline code \(id) of \"\(key)\" \(name) was changed from \(unit.codes[index - 1]) to \(text); restore it (ICU syntax is not translated)"
              )
              groupFailed = true
            }
          }
          let segments = unitElement.elements.filter {
            $0.name == "segment" || $0.name == "ignorable"
          }
          let targets = segments.compactMap { $0.elements.first { $0.name == "target" } }
          guard !targets.isEmpty else {
            untranslated.append(name)
            continue
          }
          var pieces: [ICUTemplate.Piece] = []
          for targetElement in targets {
            if firstLine == 0 { firstLine = targetElement.line }
            do throws(XMLTreeError) {
              pieces += try Self.pieces(targetElement, codes: unit.codes)
            } catch {
              fail(error.line, "\"\(key)\" \(name): \(error.message)")
              groupFailed = true
            }
          }
          pieces = Self.merged(pieces)
          let reference = own == nil ? unit.source : (unit.target ?? unit.source)
          let wanted = Self.codes(reference).sorted()
          let found = Self.codes(pieces).sorted()
          if wanted != found {
            let missing = Self.subtracting(wanted, found)
            let extra = Self.subtracting(found, wanted)
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(missing.joined(separator: " "))") }
            if !extra.isEmpty { parts.append("extra \(extra.joined(separator: " "))") }
            fail(
              targets[0].line,
              "the target of \"\(key)\" \(name) has altered inline codes (\(parts.joined(separator: "; "))); keep each <ph> of the source exactly once"
            )
            groupFailed = true
          }
          if own == nil || unit.target != pieces { replacements[name] = pieces }
        }
        if groupFailed { continue }
        let translated = expected.count - untranslated.count
        if translated == 0 { continue }
        if !untranslated.isEmpty, own == nil {
          fail(
            group.line,
            "\"\(key)\" is only partly translated: units \(untranslated.joined(separator: ", ")) have no <target>; translate every branch or none"
          )
          continue
        }
        let missingUnits = expected.map(\.name).filter { !seenUnits.contains($0) }
        if !missingUnits.isEmpty {
          fail(
            group.line,
            "\"\(key)\" lacks units \(missingUnits.joined(separator: ", ")); export again")
          continue
        }
        guard own == nil || !replacements.isEmpty else { continue }
        result.entries.append(
          ImportEntry(
            row: 0, line: firstLine == 0 ? group.line : firstLine, column: 0, field: key,
            set: project.set,
            messageKey: row.messageKey, overrideKey: row.overrideKey, locale: target,
            text: template.text(replacing: replacements)))
      }
    }
    return result
  }

  /// A target's inline content as pieces: text, `<ph>` codes (resolved through `codes` by
  /// `dataRef`), `<cp>` characters, `<mrk>` content.
  static func pieces(_ element: XMLTreeElement, codes: [String]) throws(XMLTreeError)
    -> [ICUTemplate.Piece]
  {
    var result: [ICUTemplate.Piece] = []
    for child in element.children {
      switch child {
      case .text(let text): result.append(.text(text))
      case .element(let inner):
        switch inner.name {
        case "ph":
          let reference = inner.attributes["dataRef"] ?? ""
          guard reference.hasPrefix("d"), let index = Int(reference.dropFirst()),
            codes.indices.contains(index - 1)
          else {
            throw XMLTreeError(
              line: inner.line, column: 0,
              message:
                "<ph id=\"\(inner.attributes["id"] ?? "")\"> refers to dataRef \"\(reference)\", which the export did not write; use only the source's codes"
            )
          }
          result.append(.code(codes[index - 1]))
        case "cp":
          guard let hex = inner.attributes["hex"], let value = UInt32(hex, radix: 16),
            let scalar = Unicode.Scalar(value)
          else {
            throw XMLTreeError(line: inner.line, column: 0, message: "<cp> needs a hex code point")
          }
          result.append(.text(String(Character(scalar))))
        case "mrk":
          result += try pieces(inner, codes: codes)
        default:
          throw XMLTreeError(
            line: inner.line, column: 0,
            message:
              "unexpected inline element <\(inner.name)>; only the <ph> codes of the export may appear (ICU syntax is not translated)"
          )
        }
      }
    }
    return result
  }

  /// Adjacent text pieces joined (XML may split character data).
  static func merged(_ pieces: [ICUTemplate.Piece]) -> [ICUTemplate.Piece] {
    var result: [ICUTemplate.Piece] = []
    for piece in pieces {
      if case .text(let text) = piece {
        if text.isEmpty { continue }
        if case .text(let previous)? = result.last {
          result[result.count - 1] = .text(previous + text)
          continue
        }
      }
      result.append(piece)
    }
    return result
  }

  /// The codes among `pieces`.
  static func codes(_ pieces: [ICUTemplate.Piece]) -> [String] {
    pieces.compactMap { piece in
      if case .code(let code) = piece { return code }
      return nil
    }
  }

  /// `a` without one occurrence of each element of `b`.
  static func subtracting(_ a: [String], _ b: [String]) -> [String] {
    var rest = a
    for item in b { if let index = rest.firstIndex(of: item) { rest.remove(at: index) } }
    return rest
  }

  /// The text of an element (`<cp>` resolved).
  static func plainText(_ element: XMLTreeElement) -> String {
    element.children.map { child -> String in
      switch child {
      case .text(let text): return text
      case .element(let inner):
        if inner.name == "cp", let hex = inner.attributes["hex"],
          let value = UInt32(hex, radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          return String(Character(scalar))
        }
        return plainText(inner)
      }
    }.joined()
  }
}
