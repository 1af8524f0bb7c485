/// The choices of a `CaseIterable` enum with `String` raw values.
enum CaseChoices {
  /// The raw values of every case, in declaration order.
  static func of<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> [String]
  where Choice.RawValue == String {
    Choice.allCases.map(\.rawValue)
  }

  /// "one of a, b, c".
  static func expected<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) -> String
  where Choice.RawValue == String {
    "one of " + of(type).joined(separator: ", ")
  }
}
