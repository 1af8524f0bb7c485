/// Tables of locations kept as their first location.
///
/// A message's translations are nearly always written one per line, `code: text`, so the
/// location of each scalar follows from the first: one line further down for each locale, the
/// column moved by the difference in the codes' lengths. Such a table keeps only the first
/// location (``LocaleTable/isDerived``) and derives the others when read; every other table
/// keeps every location. Reading gives exactly the locations the table was made of.
extension LocaleTable where Value == SourceLocation {
  /// This table, kept as its first location when every other location follows from it (else
  /// the table itself).
  func compacted() -> LocaleTable {
    guard !isDerived, storage.count >= 2 else { return self }
    let first = storage[0]
    let list = codes.codes
    for position in 1..<storage.count {
      let location = storage[position]
      let derived = Self.derived(from: first, list, position)
      guard location.isInFile(of: first), location.line == derived.line,
        location.column == derived.column
      else { return self }
    }
    return LocaleTable(shared: codes, storage: [first])
  }

  /// The location of the scalar at `position` of `codes` when the first one is `first`.
  static func derived(from first: SourceLocation, _ codes: [String], _ position: Int)
    -> SourceLocation
  {
    first.moved(
      line: first.line + position,
      column: first.column - codes[0].utf8.count + codes[position].utf8.count)
  }
}

extension LocaleTable {
  /// The value at `position` of a derived table (a table of locations, derived by `compacted()`,
  /// or a packed table of texts).
  func derivedValue(at position: Int) -> Value {
    if let packed { return unsafeBitCast(packed.text(at: position), to: Value.self) }
    guard Value.self == SourceLocation.self else { return storage[0] }
    let first = unsafeBitCast(storage[0], to: SourceLocation.self)
    let location = LocaleTable<SourceLocation>.derived(from: first, codes.codes, position)
    return unsafeBitCast(location, to: Value.self)
  }

  /// Every value of a derived table, in the order of ``keys``.
  func derivedValues() -> ContiguousArray<Value> {
    var result = ContiguousArray<Value>()
    result.reserveCapacity(codes.count)
    for position in 0..<codes.count { result.append(derivedValue(at: position)) }
    return result
  }
}
