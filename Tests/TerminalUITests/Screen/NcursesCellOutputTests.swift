import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@Suite("NcursesCellOutput")
struct NcursesCellOutputTests {
  init() {
    // wcwidth answers per the C locale; the screen selects a UTF-8 one too.
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  private func characters(_ text: String, width: Int) -> String {
    let wide = NcursesCellOutput.terminalCharacters(for: .init(text: text, width: width))
    return String(
      String.UnicodeScalarView(wide.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
  }

  @Test("glyphs the C library measures like we do are sent unchanged")
  func unchanged() {
    #expect(characters("日", width: 2) == "日")
    #expect(characters("e\u{301}", width: 1) == "e\u{301}")
    #expect(characters("🙂", width: 2) == "🙂")
    #expect(characters("🇳🇱", width: 2) == "🇳🇱")
  }

  @Test("glyphs the terminal would draw wider or narrower are substituted to keep columns")
  func substituted() {
    // wcwidth counts each emoji of a ZWJ sequence: send the first only.
    #expect(characters("👨‍👩‍👧", width: 2) == "👨")
    // ❤ is 1 column for wcwidth; VS16 makes it 2 in our model: pad with a space.
    #expect(characters("❤️", width: 2) == "❤ ")
  }
}
