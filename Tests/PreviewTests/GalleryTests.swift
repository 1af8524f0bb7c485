import Foundation
import TerminalUI
import Testing

@testable import Preview
@testable import PreviewCLI

/// The gallery's pieces without the binary: options, escaping, the SVG and HTML grids.
@Suite("gallery: options, markup, grids")
struct GalleryTests {
  @Test func optionsNeedOutAndRejectBadValues() {
    #expect(throws: PreviewOptionsError.missingValue("--out")) {
      try GalleryOptions.parse(["--locales", "en-US"])
    }
    #expect(throws: PreviewOptionsError.self) {
      try GalleryOptions.parse(["--out", "x", "--locales", ","])
    }
    #expect(throws: PreviewOptionsError.self) {
      try GalleryOptions.parse(["--out", "x", "--screen", "a"])
    }
    #expect(throws: PreviewOptionsError.unknownOption("--bogus")) {
      try GalleryOptions.parse(["--out", "x", "--bogus"])
    }
    let options = try? GalleryOptions.parse([
      "--out=x", "--locales", "ja-JP,ar", "--vary", "plan", "--width", "80", "--project", "p",
    ])
    #expect(options?.out == "x")
    #expect(options?.locales == ["ja-JP", "ar"])
    #expect(options?.vary == "plan")
    #expect(options?.preview.width == 80)
    #expect(options?.preview.project == "p")
    #expect((try? GalleryOptions.parse(["--help"]))?.help == true)
  }

  @Test func markupEscapesAndNeutralizes() {
    let escaped = GalleryMarkup.escape("<b>&\"'\u{1B}[31m\u{07}")
    #expect(!escaped.contains("<b>"))
    #expect(escaped.hasPrefix("&lt;b&gt;&amp;&quot;&#39;"))
    #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
  }

  /// A frame with ASCII, CJK and Arabic cells: every `<tspan>` sits on a column boundary and a
  /// wide cell advances two columns.
  @Test func svgAndHTMLKeepTheCellGrid() {
    var frame = Frame(width: 12, height: 2)
    func write(_ text: String, x: Int, y: Int, style: CellStyle) {
      var column = x
      for character in text { column += frame.set(character, x: column, y: y, style: style) }
    }
    write("a日本b", x: 0, y: 0, style: .plain)
    write("<مرحبا>", x: 2, y: 1, style: CellStyle(foreground: .accent))
    let svg = GallerySVG.document(frame, title: "t<")
    let spans = GalleryGeometry.tspans(svg)
    #expect(spans.count == 4 + 7)
    #expect(spans.allSatisfy { $0.x % GallerySVG.cellWidth == 0 })
    #expect(spans.first { $0.text == "日" }?.x == 1 * GallerySVG.cellWidth)
    #expect(spans.first { $0.text == "本" }?.x == 3 * GallerySVG.cellWidth)
    #expect(spans.first { $0.text == "b" }?.x == 5 * GallerySVG.cellWidth)
    #expect(!svg.contains("<مرحبا>") && svg.contains("&lt;"))
    let html = GalleryHTML.rows(frame)
    #expect(GalleryGeometry.rowColumns(html) == [12, 12])
  }
}

/// Reads the geometry back out of the gallery's SVG and HTML.
enum GalleryGeometry {
  struct Span: Equatable {
    var row: Int
    var x: Int
    var cells: Int
    var text: String
  }

  /// Every `<tspan>` with its row (the `<text>` it is in), x, cell count and text.
  static func tspans(_ svg: String) -> [Span] {
    var result: [Span] = []
    let texts = svg.components(separatedBy: "<text ").dropFirst()
    for (row, text) in texts.enumerated() {
      for part in text.components(separatedBy: "<tspan ").dropFirst() {
        guard let x = attribute("x", in: part).flatMap(Int.init),
          let close = part.range(of: ">"), let end = part.range(of: "</tspan>")
        else { continue }
        let cells = attribute("data-cells", in: part).flatMap(Int.init) ?? 1
        result.append(
          Span(row: row, x: x, cells: cells, text: String(part[close.upperBound..<end.lowerBound])))
      }
    }
    return result
  }

  /// The columns each HTML row covers (the sum of its spans' `data-cells`).
  static func rowColumns(_ html: String) -> [Int] {
    html.components(separatedBy: "<span class=\"row\">").dropFirst().map { row in
      row.components(separatedBy: "data-cells=\"").dropFirst().reduce(0) { total, part in
        total + (Int(part.prefix { $0.isNumber }) ?? 0)
      }
    }
  }

  static func attribute(_ name: String, in text: String) -> String? {
    guard let start = text.range(of: " \(name)=\"") ?? text.range(of: "\(name)=\""),
      start.lowerBound == text.startIndex || text[text.index(before: start.upperBound)] == "\""
    else { return nil }
    let rest = text[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }
}
