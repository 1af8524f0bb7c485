import TerminalUI

/// Writes the gallery page: one section per frame with its text grid (coloured spans, one cell
/// per column, wide cells two columns wide), a link to its SVG, its diagnostics and fit warnings.
public enum GalleryHTML {
  /// The page for `frames`; `problems` are project-wide notes (skipped catalog entries).
  public static func page(
    frames: [GalleryFrame], project: String, target: String, problems: [String]
  ) -> String {
    let e = GalleryMarkup.escape
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Review gallery · \(e(target))</title>
      <style>
      body { font-family: sans-serif; background: #f4f5f7; color: #1d2939; margin: 1.5em; }
      section.frame { display: flex; gap: 1.5em; align-items: flex-start; margin: 1.5em 0; }
      pre.screen { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK JP", monospace;
        font-size: 14px; line-height: 1.25; background: #0B0F17; color: #E6E6E6; padding: 0;
        margin: 0; direction: ltr; unicode-bidi: bidi-override; white-space: pre; }
      pre.screen .row { display: block; height: 1.25em; }
      pre.screen span.c { display: inline-block; width: 1ch; overflow: hidden; }
      pre.screen span.w { display: inline-block; width: 2ch; overflow: hidden; }
      .notes { min-width: 18em; max-width: 40em; font-size: 14px; }
      .notes h2 { font-size: 16px; margin: 0 0 .4em 0; }
      .diagnostics li { color: #b42318; } .fit li { color: #b54708; }
      .none { color: #667085; }
      nav a { margin-right: .8em; }
      </style>
      </head>
      <body>
      <h1>Review gallery: target \(e(target))</h1>
      <p>Project <code>\(e(project))</code> · \(frames.count) frames</p>

      """
    if !problems.isEmpty {
      html += "<h2>Project notes</h2>\n<ul class=\"problems\">\n"
      for problem in problems { html += "<li>\(e(problem))</li>\n" }
      html += "</ul>\n"
    }
    html += "<nav>"
    for frame in frames { html += "<a href=\"#\(e(frame.stem))\">\(e(frame.stem))</a>" }
    html += "</nav>\n"
    for frame in frames {
      html += section(frame)
    }
    html += "</body>\n</html>\n"
    return html
  }

  /// One frame's section.
  static func section(_ frame: GalleryFrame) -> String {
    let e = GalleryMarkup.escape
    var label = "\(frame.title) · \(frame.locale)"
    if let value = frame.value { label += " · \(value)" }
    var html = """
      <section class="frame" id="\(e(frame.stem))" data-screen="\(e(frame.screen))" \
      data-locale="\(e(frame.locale))"\(frame.value.map { " data-value=\"\(e($0))\"" } ?? "") \
      data-columns="\(frame.frame.width)" data-rows="\(frame.frame.height)">
      <pre class="screen" dir="ltr">
      """
    html += rows(frame.frame)
    html += "</pre>\n<div class=\"notes\">\n<h2>\(e(label))</h2>\n"
    html +=
      "<p><a href=\"frames/\(e(frame.stem)).svg\">SVG</a> · \(frame.frame.width)×\(frame.frame.height)\(frame.rightToLeft ? " · right to left" : "")</p>\n"
    html += list("Diagnostics", frame.diagnostics, cssClass: "diagnostics")
    html += list("Fit warnings", frame.fitWarnings, cssClass: "fit")
    html += "</div>\n</section>\n"
    return html
  }

  static func list(_ title: String, _ items: [String], cssClass: String) -> String {
    let e = GalleryMarkup.escape
    guard !items.isEmpty else { return "<h3>\(title)</h3><p class=\"none\">none</p>\n" }
    var html = "<h3>\(title)</h3>\n<ul class=\"\(cssClass)\">\n"
    for item in items { html += "<li>\(e(item))</li>\n" }
    return html + "</ul>\n"
  }

  /// The grid, one line per row. Runs of ASCII cells in one style share a `span` (the monospace
  /// font gives each exactly one column); every other cell gets its own `span` fixed to its
  /// column count (`c`: one column, `w`: a wide cell with `data-cells`), so scripts the font does
  /// not cover keep the terminal's columns.
  static func rows(_ frame: Frame) -> String {
    var html = ""
    for row in 0..<frame.height {
      html += "<span class=\"row\">"
      var column = 0
      while column < frame.width {
        let cell = frame[column, row]
        if cell.isContinuation {
          column += 1
          continue
        }
        let style = css(cell.style)
        if cell.width == 1 && isASCII(cell.text) {
          var text = ""
          while column < frame.width, frame[column, row].width == 1,
            isASCII(frame[column, row].text), css(frame[column, row].style) == style
          {
            text += frame[column, row].text
            column += 1
          }
          html +=
            "<span class=\"a\" style=\"\(style)\" data-cells=\"\(text.count)\">\(GalleryMarkup.escape(text))</span>"
          continue
        }
        let kind = cell.width > 1 ? "w" : "c"
        let width = cell.width > 1 ? ";width:\(cell.width)ch" : ""
        html +=
          "<span class=\"\(kind)\" style=\"\(style)\(width)\" data-cells=\"\(cell.width)\">\(GalleryMarkup.escape(cell.text))</span>"
        column += 1
      }
      html += "</span>\n"
    }
    return html
  }

  static func isASCII(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
  }

  /// The inline CSS of a cell style (the page's defaults are left out).
  static func css(_ style: CellStyle) -> String {
    let colors = GalleryMarkup.colors(style)
    var parts: [String] = []
    if colors.foreground != GalleryMarkup.css(.terminalDefault, foreground: true) {
      parts.append("color:\(colors.foreground)")
    }
    if colors.background != GalleryMarkup.css(.terminalDefault, foreground: false) {
      parts.append("background:\(colors.background)")
    }
    if style.attributes.contains(.bold) { parts.append("font-weight:bold") }
    if style.attributes.contains(.dim) { parts.append("opacity:.6") }
    if style.attributes.contains(.underline) { parts.append("text-decoration:underline") }
    return parts.joined(separator: ";")
  }
}
