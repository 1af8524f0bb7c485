/// Writes XLIFF 2.0 for one target locale: a `<file>` per set, a `<group>` per message or
/// override (its `name` the exported key, notes with its description and status), a `<unit>`
/// per translatable run (plural, selectordinal and select branches are separate units), ICU
/// arguments and `#` as `<ph>` codes whose ICU text is in `<originalData>`. A CAT tool can thus
/// change words, never ICU syntax. Units of a locale without its own text have no `<target>`
/// (segment state `initial`).
public struct XLIFFWriter {
  /// The namespace of XLIFF 2.0 core.
  static let namespace = "urn:oasis:names:tc:xliff:document:2.0"
  /// The record end.
  public var lineEnding = "\n"

  /// A writer whose records end with `lineEnding`.
  public init(lineEnding: String = "\n") {
    self.lineEnding = lineEnding
  }

  /// The document for `tables` (one per set), whose locales are the source locale and the
  /// target locale, in that order.
  public func document(_ tables: [(project: Project, table: ExchangeTable)])
    throws(ExchangeError)
    -> String
  {
    guard let first = tables.first else { return "" }
    guard let source = first.project.config.sourceLocale else {
      throw ExchangeError(
        file: first.project.config.file ?? "messagevisor.config.yml",
        message: "XLIFF needs the source language: set sourceLocale in the project's config")
    }
    let targets = first.table.locales.filter { $0 != source }
    guard targets.count == 1, let target = targets.first else {
      throw ExchangeError(
        file: "--locale",
        message:
          "XLIFF holds one target language: pass --locale once with a locale other than the source (\(source))"
      )
    }
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<xliff xmlns=\"\(Self.namespace)\" version=\"2.0\" srcLang=\"\(attribute(source))\" trgLang=\"\(attribute(target))\">",
    ]
    for (fileIndex, (project, table)) in tables.enumerated() {
      let original = project.set.map { "sets/\($0)" } ?? "messages"
      lines.append(
        "  <file id=\"f\(fileIndex + 1)\" original=\"\(attribute(original))\" xml:space=\"preserve\">"
      )
      for (rowIndex, row) in table.rows.enumerated() {
        let group = "g\(rowIndex + 1)"
        let cell = row.cells[target] ?? ExchangeCell(text: "", status: .missing)
        let sourceText = row.cells[source]?.text ?? ""
        let (_, units) = XLIFFUnit.message(
          source: sourceText, target: cell.status == .direct ? cell.text : nil, locale: target,
          icu: project.config.icuModule)
        let key = row.exportKey(separator: project.config.exportOverrideKeySeparator)
        lines.append("    <group id=\"\(group)\" name=\"\(attribute(key))\">")
        var notes: [String] = []
        if !row.description.isEmpty {
          notes.append("<note category=\"description\">\(text(row.description))</note>")
        }
        var status = cell.status.rawValue
        if cell.status == .inherited, let origin = cell.origin { status += " from \(origin)" }
        notes.append("<note category=\"status\">\(text(status))</note>")
        lines.append("      <notes>" + notes.joined() + "</notes>")
        for (unitIndex, unit) in units.enumerated() {
          lines.append(
            "      <unit id=\"\(group)-u\(unitIndex + 1)\" name=\"\(attribute(unit.name))\">")
          if !unit.codes.isEmpty {
            let data = unit.codes.enumerated().map { index, code in
              "<data id=\"d\(index + 1)\">\(text(code))</data>"
            }
            lines.append("        <originalData>" + data.joined() + "</originalData>")
          }
          let state = unit.target == nil ? "initial" : "translated"
          lines.append("        <segment state=\"\(state)\">")
          let (sourceXML, ids) = inline(unit.source, codes: unit.codes, matching: [])
          lines.append("          <source>\(sourceXML)</source>")
          if let targetPieces = unit.target {
            let (targetXML, _) = inline(targetPieces, codes: unit.codes, matching: ids)
            lines.append("          <target>\(targetXML)</target>")
          }
          lines.append("        </segment>")
          lines.append("      </unit>")
        }
        lines.append("    </group>")
      }
      lines.append("  </file>")
    }
    lines.append("</xliff>")
    return lines.joined(separator: lineEnding) + lineEnding
  }

  /// Pieces as XLIFF inline content; codes become `<ph id dataRef/>`. The target reuses the
  /// source's `id` for the same code in the same order (`matching`: the source's ids by code).
  func inline(_ pieces: [ICUTemplate.Piece], codes: [String], matching: [(String, Int)]) -> (
    String, [(String, Int)]
  ) {
    var result = ""
    var ids: [(String, Int)] = []
    var available = matching
    var next = (matching.map(\.1).max() ?? 0) + 1
    for piece in pieces {
      switch piece {
      case .text(let value): result += text(value)
      case .code(let code):
        let id: Int
        if let index = available.firstIndex(where: { $0.0 == code }) {
          id = available.remove(at: index).1
        } else {
          id = next
          next += 1
        }
        ids.append((code, id))
        let data = (codes.firstIndex(of: code) ?? 0) + 1
        result += "<ph id=\"\(id)\" dataRef=\"d\(data)\" disp=\"\(attribute(code))\"/>"
      }
    }
    return (result, ids)
  }

  /// Text content escaped for XML: `&`, `<`, `>`; CR as `&#13;` (XML would turn it into LF);
  /// characters XML 1.0 cannot hold as `<cp hex="…"/>`.
  func text(_ value: String) -> String { escaped(value, inAttribute: false) }

  /// An attribute value escaped for XML: also quotes, and line breaks and tabs as references so
  /// they survive attribute normalization. XML 1.0 cannot hold other control characters in an
  /// attribute at all (no `<cp>` there): they become `?` (message keys never have them).
  func attribute(_ value: String) -> String { escaped(value, inAttribute: true) }

  /// The one XML escaper of both.
  func escaped(_ value: String, inAttribute: Bool) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\r": result += "&#13;"
      case "\"" where inAttribute: result += "&quot;"
      case "\n" where inAttribute: result += "&#10;"
      case "\t" where inAttribute: result += "&#9;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        guard value < 0x20 || (0xFFFE...0xFFFF).contains(value) else {
          result.unicodeScalars.append(scalar)
          continue
        }
        result += inAttribute ? "?" : "<cp hex=\"\(String(value, radix: 16, uppercase: true))\"/>"
      }
    }
    return result
  }
}
