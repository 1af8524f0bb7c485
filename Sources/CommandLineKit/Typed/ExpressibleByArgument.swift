/// A type an option or positional argument can hold: made from the text on the command line.
///
/// `String`, `Int` and `Double` conform. An enum needs no conformance: an ``Option`` of a
/// `CaseIterable` enum whose raw value is a `String` takes the raw values, which become the
/// option's choices (listed in help, validated and completed).
public protocol ExpressibleByArgument: Sendable {
  /// Makes a value from its command-line text, or `nil` when the text does not fit.
  init?(argument: String)
  /// The valid texts when the values are a fixed list (an option's choices), else empty.
  static var allValueStrings: [String] { get }
  /// What a text that does not fit should have been, for the error message.
  static var expectedDescription: String { get }
}

extension ExpressibleByArgument {
  /// No fixed list by default.
  public static var allValueStrings: [String] { [] }

  /// The choices, or "a valid value".
  public static var expectedDescription: String {
    allValueStrings.isEmpty
      ? "a valid value" : "one of " + allValueStrings.joined(separator: ", ")
  }

  /// A choice option when the values are a fixed list, else text.
  static var defaultValueKind: CommandOption.ValueKind {
    allValueStrings.isEmpty ? .text : .choice(allValueStrings)
  }
}

extension String: ExpressibleByArgument {
  /// The text itself.
  public init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
  /// A whole number in decimal.
  public init?(argument: String) { self.init(argument) }

  /// "a whole number".
  public static var expectedDescription: String { "a whole number" }
}

extension Double: ExpressibleByArgument {
  /// A decimal number (`2`, `0.5`).
  public init?(argument: String) { self.init(argument) }

  /// "a number".
  public static var expectedDescription: String { "a number" }
}
