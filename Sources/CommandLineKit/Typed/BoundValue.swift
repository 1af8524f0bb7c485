/// The value behind an ``Option`` or ``Argument``: its default, or what the command line's text
/// converted to, or why that text did not convert (a usage error the parser throws).
struct BoundValue<Value> {
  /// The value.
  var value: Value
  /// Why the given text did not convert, if it did not.
  var failure: CommandLineError.Reason?

  /// `initial` when `input` is `nil` (not given), else `input` converted; a conversion that fails
  /// is `invalidValue(spelling, quoted(input), expected)`.
  init<Input>(
    _ initial: Value, input: Input?, quoted: (Input) -> String, spelling: String, expected: String,
    convert: (Input) -> Value?
  ) {
    value = initial
    guard let input else { return }
    if let converted = convert(input) {
      value = converted
    } else {
      failure = .invalidValue(spelling, quoted(input), expected: expected)
    }
  }

  /// The failure, as the list `ArgumentDeclaring` reports.
  var errors: [CommandLineError.Reason] { failure.map { [$0] } ?? [] }
}

extension BoundValue: Sendable where Value: Sendable {}
