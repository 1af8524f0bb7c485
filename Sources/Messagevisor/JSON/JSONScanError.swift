/// A lexical error found by ``JSONScanner``.
///
/// Parsers map it to their own error type: ``kind`` says what is wrong, ``offset`` where it was
/// found and ``tokenOffset`` where the token (string literal, number or literal) starts.
@_spi(MessagevisorModules)
public struct JSONScanError: Error, Sendable, Equatable {
  /// What is wrong.
  public enum Kind: Sendable, Equatable {
    /// The text at the cursor is not the expected `true`, `false` or `null`.
    case invalidLiteral
    /// ``JSONScanner/scanString()`` was called where no string literal starts.
    case expectedString
    /// The document ends inside a string literal. The offset is the end of the document.
    case unterminatedString
    /// A raw control character (below U+0020) inside a string literal. The offset is that byte.
    case controlCharacterInString
    /// A backslash followed by the given byte, which is not a JSON escape. The offset is the backslash.
    case invalidEscape(UInt8)
    /// Fewer than four bytes after `\u`. The offset is the byte after `\u`.
    case truncatedUnicodeEscape
    /// A byte of a `\u` escape that is not a hex digit. The offset is that byte.
    case invalidUnicodeEscapeDigit
    /// A high surrogate escape not followed by a `\u` escape (strict policy). The offset is after it.
    case unpairedHighSurrogate
    /// A high surrogate escape followed by an escape that is not a low surrogate (strict policy).
    /// The offset is after the second escape.
    case invalidLowSurrogate
    /// A low surrogate escape without a high surrogate before it (strict policy). The offset is
    /// after it.
    case unpairedLowSurrogate
    /// A string literal whose bytes are not valid UTF-8 (strict policy). The offset is its opening
    /// quote.
    case invalidUTF8
    /// No digit where a number's integer part starts (after an optional `-`). The offset is there.
    case numberExpectedDigit
    /// No digit after a number's `.`. The offset is where the digit is missing.
    case numberExpectedFractionDigit
    /// No digit in a number's exponent. The offset is where the digit is missing.
    case numberExpectedExponentDigit
    /// A number with valid syntax that could not be converted.
    case invalidNumber
  }

  /// What is wrong.
  public var kind: Kind
  /// Byte offset where the problem was found.
  public var offset: Int
  /// Byte offset of the start of the token being read.
  public var tokenOffset: Int

  /// An error of `kind` found at `offset` in the token starting at `tokenOffset`.
  public init(kind: Kind, offset: Int, tokenOffset: Int) {
    self.kind = kind
    self.offset = offset
    self.tokenOffset = tokenOffset
  }

  /// A short English description of ``kind`` (without position).
  public var message: String {
    switch kind {
    case .invalidLiteral: return "invalid literal"
    case .expectedString: return "expected a string"
    case .unterminatedString: return "unterminated string"
    case .controlCharacterInString: return "unescaped control character in a string"
    case .invalidEscape(let byte):
      return "invalid escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'"
    case .truncatedUnicodeEscape, .invalidUnicodeEscapeDigit: return "\\u needs four hex digits"
    case .unpairedHighSurrogate: return "unpaired surrogate in \\u escape"
    case .invalidLowSurrogate: return "invalid low surrogate"
    case .unpairedLowSurrogate: return "unpaired low surrogate in \\u escape"
    case .invalidUTF8: return "invalid UTF-8 in a string"
    case .numberExpectedDigit, .invalidNumber: return "invalid number"
    case .numberExpectedFractionDigit: return "invalid number: digits expected after '.'"
    case .numberExpectedExponentDigit: return "invalid number: digits expected in the exponent"
    }
  }
}
