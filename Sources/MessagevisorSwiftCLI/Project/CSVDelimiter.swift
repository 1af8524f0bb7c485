import CommandLineKit

/// `--delimiter` of `export` and `import`: one character other than a quote or line break, or
/// `tab` (also `\t`).
struct CSVDelimiter: ExpressibleByArgument {
  /// The delimiter.
  var scalar: Unicode.Scalar

  init?(argument: String) {
    if argument == "tab" || argument == "\\t" {
      scalar = "\t"
      return
    }
    let scalars = Array(argument.unicodeScalars)
    guard scalars.count == 1, scalars[0] != "\"", scalars[0] != "\n", scalars[0] != "\r" else {
      return nil
    }
    scalar = scalars[0]
  }

  static var expectedDescription: String {
    "one character other than a quote or line break, or tab"
  }
}
