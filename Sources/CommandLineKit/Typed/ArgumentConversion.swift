/// How the text of an ``Option`` or ``Argument`` becomes one value: the conversion, how help and
/// shells treat the text (its choices), and what a text that does not convert should have been.
struct ArgumentConversion<Element> {
  /// How help and shells treat the text.
  var kind: CommandOption.ValueKind
  /// What a text that does not convert should have been.
  var expected: String
  /// The value of a text, or `nil` when it does not fit.
  var convert: (String) -> Element?

  /// Converts `texts` (every occurrence, or the last one alone unless `repeats`); `nil` when one
  /// does not convert or `valid` refuses it.
  func values(_ texts: [String], repeats: Bool, valid: (Element) -> Bool) -> [Element]? {
    var values: [Element] = []
    for text in repeats ? texts[...] : texts.suffix(1) {
      guard let value = convert(text), valid(value) else { return nil }
      values.append(value)
    }
    return values
  }
}

extension ArgumentConversion where Element: ExpressibleByArgument {
  /// Through ``ExpressibleByArgument``: its choices and description.
  static var argument: Self {
    Self(
      kind: Element.defaultValueKind, expected: Element.expectedDescription,
      convert: Element.init(argument:))
  }
}

extension ArgumentConversion
where Element: RawRepresentable & CaseIterable, Element.RawValue == String {
  /// The raw values of a `String` enum, which are its choices.
  static var choice: Self {
    let choices = Element.allCases.map(\.rawValue)
    return Self(
      kind: .choice(choices), expected: "one of " + choices.joined(separator: ", "),
      convert: Element.init(rawValue:))
  }
}
