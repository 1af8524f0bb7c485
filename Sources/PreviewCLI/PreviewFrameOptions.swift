/// What `--width`, `--height` and `--inspect` accept and say, for the previewer and `gallery`.
enum PreviewFrameSize {
  static let widthExpected = "a column count between 20 and 1000"
  static let widths = 20...1000
  static let heightExpected = "a row count between 5 and 1000"
  static let heights = 5...1000
  static let inspectHelp = "label every string with its key and origin"
}
