/// One element of a parsed ICU MessageFormat message.
///
/// Messages compile to a flat list of nodes; plural and select arguments hold their branches as
/// nested node lists. The tree depth is bounded by ``ICUParser/maximumNestingDepth``.
public enum ICUNode: Sendable, Equatable {
  /// Literal text, already unquoted (`''` → `'`, quoted literals without their apostrophes).
  case literal(String)
  /// `{name}`: the value rendered as plain text.
  case argument(String)
  /// `{name, number[, style | ::skeleton]}`.
  case number(String, ICUNumberStyle)
  /// `{name, date[, style | ::skeleton]}`.
  case date(String, ICUDateTimeStyle)
  /// `{name, time[, style | ::skeleton]}`.
  case time(String, ICUDateTimeStyle)
  /// `{name, plural, …}` or `{name, selectordinal, …}`.
  indirect case plural(String, ICUPlural)
  /// `{name, select, …}`.
  indirect case select(String, ICUSelect)
  /// `#` directly inside a plural or selectordinal branch: the value minus the offset.
  case pound
}

/// The style part of a `number` argument.
public enum ICUNumberStyle: Sendable, Equatable {
  /// No style: default decimal formatting.
  case none
  /// A style name: a named preset (`payload.formats.number[name]`) merged over the built-in style
  /// of that name (`integer`, `percent`, `currency`); unknown names give default formatting.
  case named(String)
  /// A `::` number skeleton.
  case skeleton(ICUNumberSkeleton)
}

/// The style part of a `date` or `time` argument.
public enum ICUDateTimeStyle: Sendable, Equatable {
  /// No style: `date` uses the Intl default (numeric y/M/d); `time` uses the `medium` style
  /// (hours, minutes and seconds) unless a `medium` preset exists.
  case none
  /// A style name: a preset of that name wins; otherwise `short`/`medium`/`long`/`full` map to
  /// `dateStyle`/`timeStyle`; other names give the default.
  case named(String)
  /// A `::` date skeleton such as `yyyyMMdd`, used as a localized field template.
  case skeleton(ICUDateSkeleton)
}

/// The branches of a plural or selectordinal argument.
public struct ICUPlural: Sendable, Equatable {
  /// `true` for `selectordinal` (CLDR ordinal rules), `false` for `plural` (cardinal rules).
  public var ordinal: Bool
  /// The `offset:` value (0 when absent).
  public var offset: Double
  /// `=N` branches in source order: compared with the raw value before the offset.
  public var exact: [(value: Double, nodes: [ICUNode])]
  /// Keyword branches (`zero`, `one`, `two`, `few`, `many`) by keyword; `other` is separate.
  public var categories: [String: [ICUNode]]
  /// The mandatory `other` branch.
  public var other: [ICUNode]

  /// Creates plural branches.
  public init(
    ordinal: Bool, offset: Double, exact: [(value: Double, nodes: [ICUNode])],
    categories: [String: [ICUNode]], other: [ICUNode]
  ) {
    self.ordinal = ordinal
    self.offset = offset
    self.exact = exact
    self.categories = categories
    self.other = other
  }

  private static let keywords = ["zero", "one", "two", "few", "many"]

  /// A CLDR plural category as a branch position: `zero` … `many` (the order of `keywords`),
  /// then `other`.
  struct Slot: Equatable {
    /// 0 … 4 for `zero` … `many`, 5 for `other`.
    let index: Int

    /// The slot of a CLDR category name (`other` for names that are not categories).
    init(category: String) {
      index = ICUPlural.keywords.firstIndex(of: category) ?? ICUPlural.keywords.count
    }

    /// The slot at `index` (0 … 4 for `zero` … `many`, 5 and above for `other`).
    init(index: Int) {
      self.index = min(index, ICUPlural.keywords.count)
    }

    /// The category name (`other` for slot 5).
    var category: String {
      index < ICUPlural.keywords.count ? ICUPlural.keywords[index] : "other"
    }

    /// The slot of a memo code (1 … 6), or `nil` for 0 (not memoized).
    init?(code: UInt8) {
      guard code >= 1, code <= 6 else { return nil }
      index = Int(code) - 1
    }

    /// The memo code (1 … 6).
    var code: UInt8 { UInt8(index + 1) }
  }

  /// Structural equality, including the order of the `=N` branches.
  public static func == (lhs: ICUPlural, rhs: ICUPlural) -> Bool {
    lhs.ordinal == rhs.ordinal && lhs.offset == rhs.offset && lhs.categories == rhs.categories
      && lhs.other == rhs.other && lhs.exact.count == rhs.exact.count
      && zip(lhs.exact, rhs.exact).allSatisfy { $0.value == $1.value && $0.nodes == $1.nodes }
  }
}

/// The branches of a select argument.
public struct ICUSelect: Sendable, Equatable {
  /// Branches by selector key (never contains `other`).
  public var branches: [String: [ICUNode]]
  /// The mandatory `other` branch.
  public var other: [ICUNode]

  /// Creates select branches.
  public init(branches: [String: [ICUNode]], other: [ICUNode]) {
    self.branches = branches
    self.other = other
  }
}
