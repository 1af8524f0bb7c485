import TerminalUI

/// Writes one frame as an SVG: a fixed-width grid of ``cellWidth`` × ``cellHeight`` pixel cells,
/// one `<rect>` per run of equal background and one `<text>` per row whose `<tspan>`s each hold one
/// cell at `x = column × cellWidth` (a wide grapheme spans two columns). The frame's cells are
/// already in visual order (right-to-left text reordered), so the SVG turns bidi off.
public enum GallerySVG {
  /// The width of one terminal column in pixels.
  public static let cellWidth = 9
  /// The height of one terminal row in pixels.
  public static let cellHeight = 18

  /// The SVG document for `frame`.
  public static func document(_ frame: Frame, title: String) -> String {
    let width = frame.width * cellWidth
    let height = frame.height * cellHeight
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" data-columns="\(frame.width)" data-rows="\(frame.height)">
      <title>\(GalleryMarkup.escape(title))</title>
      <rect x="0" y="0" width="\(width)" height="\(height)" fill="\(GalleryMarkup.css(.terminalDefault, foreground: false))"/>

      """
    for row in 0..<frame.height {
      var column = 0
      while column < frame.width {
        let background = GalleryMarkup.colors(frame[column, row].style).background
        var end = column + 1
        while end < frame.width
          && GalleryMarkup.colors(frame[end, row].style).background == background
        {
          end += 1
        }
        if background != GalleryMarkup.css(.terminalDefault, foreground: false) {
          svg +=
            "<rect x=\"\(column * cellWidth)\" y=\"\(row * cellHeight)\" width=\"\((end - column) * cellWidth)\" height=\"\(cellHeight)\" fill=\"\(background)\"/>\n"
        }
        column = end
      }
    }
    svg +=
      "<g font-family=\"DejaVu Sans Mono, Noto Sans Mono CJK JP, monospace\" font-size=\"15\" direction=\"ltr\" unicode-bidi=\"bidi-override\" xml:space=\"preserve\">\n"
    for row in 0..<frame.height {
      var spans = ""
      for column in 0..<frame.width {
        let cell = frame[column, row]
        guard !cell.isContinuation, cell.text != " " else { continue }
        let style = cell.style
        var attributes =
          "x=\"\(column * cellWidth)\" fill=\"\(GalleryMarkup.colors(style).foreground)\""
        if cell.width > 1 {
          attributes += " data-cells=\"\(cell.width)\""
        }
        if style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
        if style.attributes.contains(.dim) { attributes += " opacity=\"0.6\"" }
        if style.attributes.contains(.underline) { attributes += " text-decoration=\"underline\"" }
        spans += "<tspan \(attributes)>\(GalleryMarkup.escape(cell.text))</tspan>"
      }
      guard !spans.isEmpty else { continue }
      svg += "<text y=\(quote(row * cellHeight + cellHeight - 5))>\(spans)</text>\n"
    }
    svg += "</g>\n</svg>\n"
    return svg
  }

  private static func quote(_ value: Int) -> String { "\"\(value)\"" }
}
