import Messagevisor

/// A parsed message compiled for evaluation: one flat list of operations over side tables of
/// strings, styles and branch plans.
///
/// The parse tree (``ICUMessage``) is made of enums holding strings and nested arrays; walking it
/// copies every node it visits (a reference count per string and array). The program's operations
/// are plain values that index its tables, so evaluation borrows everything it reads. A branch is
/// a range of operations; the operations of one node list are contiguous.
final class ICUProgram: Sendable {
  /// What an operation does.
  enum Code: UInt8 {
    /// `strings[name]` is literal text.
    case literal
    /// `{strings[name]}`.
    case argument
    /// `#`.
    case pound
    /// `{strings[name], number, …}` with `numbers[detail]`.
    case number
    /// `{strings[name], date, dateStyles[detail]}`.
    case date
    /// `{strings[name], time, dateStyles[detail]}`.
    case time
    /// `{strings[name], plural|selectordinal, …}` with `plurals[detail]`.
    case plural
    /// `{strings[name], select, …}` with `selects[detail]`.
    case select
  }

  /// One operation (a plain value: copying it costs nothing).
  struct Operation {
    let code: Code
    /// An index into ``strings`` (literal text or argument name).
    let name: Int32
    /// An index into the table of the operation's kind (styles, plurals, selects).
    let detail: Int32
  }

  /// Operations `start..<end`.
  struct Branch {
    let start: Int32
    let end: Int32
  }

  /// A plural or selectordinal argument.
  struct Plural {
    let ordinal: Bool
    let offset: Double
    /// `exact[exactStart ..< exactEnd]`: the `=N` branches in source order.
    let exactStart: Int32
    let exactEnd: Int32
    /// Branches by category slot (``ICUPlural/Slot``): `zero` … `many`, then `other`; a missing
    /// category holds the `other` branch.
    let slots: (Branch, Branch, Branch, Branch, Branch, Branch)

    /// The branch of a category slot.
    @inline(__always)
    func branch(at slot: ICUPlural.Slot) -> Branch {
      switch slot.index {
      case 0: return slots.0
      case 1: return slots.1
      case 2: return slots.2
      case 3: return slots.3
      case 4: return slots.4
      default: return slots.5
      }
    }
  }

  /// An `=N` branch.
  struct Exact {
    let value: Double
    let branch: Branch
  }

  /// The style of a `number` argument, taken apart so evaluation reads its fields in place (an
  /// ``ICUNumberStyle`` bound out of an enum would be copied, field by field).
  final class NumberOperand: Sendable {
    enum Kind { case none, named, skeleton }
    let kind: Kind
    /// The style name, or the skeleton source.
    let style: String
    /// Skeleton only: its options, `scale/N` multiplier and unsupported tokens.
    let options: FormatOptions
    let scale: Double
    let unsupportedTokens: [String]

    /// The prepared-format memo's kind for this style.
    var memoKind: PreparedFormatMemo.Kind {
      switch kind {
      case .none: return .numberDefault
      case .named: return .numberNamed
      case .skeleton: return .numberSkeleton
      }
    }

    init(_ style: ICUNumberStyle) {
      switch style {
      case .none:
        (kind, self.style, options, scale, unsupportedTokens) = (.none, "", [:], 1, [])
      case .named(let name):
        (kind, self.style, options, scale, unsupportedTokens) = (.named, name, [:], 1, [])
      case .skeleton(let skeleton):
        (kind, self.style, options, scale, unsupportedTokens) = (
          .skeleton, skeleton.source, skeleton.options, skeleton.scale,
          skeleton.unsupportedTokens
        )
      }
    }
  }

  /// A select argument.
  struct Select {
    let branches: [String: Branch]
    let other: Branch
  }

  /// All operations; the message itself is ``top``.
  let operations: [Operation]
  /// The message's top-level operations.
  let top: Branch
  /// Literal texts and argument names.
  let strings: [String]
  let numbers: [NumberOperand]
  /// `numbers` without ownership (the program holds them): reading an operand out of `numbers`
  /// would retain it.
  let numberReferences: [Unmanaged<NumberOperand>]
  let dateStyles: [ICUDateTimeStyle]
  let plurals: [Plural]
  let exact: [Exact]
  let selects: [Select]
  /// The whole output when the message is literal text only.
  let literalText: String?

  /// Compiles `message`.
  init(_ message: ICUMessage) {
    var builder = Builder()
    top = builder.compile(message.nodes)
    operations = builder.operations
    strings = builder.strings
    numbers = builder.numbers
    numberReferences = builder.numbers.map { Unmanaged.passUnretained($0) }
    dateStyles = builder.dateStyles
    plurals = builder.plurals
    exact = builder.exact
    selects = builder.selects
    literalText = message.literalText
  }

  /// Builds the tables; each node list is laid out contiguously before the lists nested in it.
  private struct Builder {
    var operations: [Operation] = []
    var strings: [String] = []
    var numbers: [NumberOperand] = []
    var dateStyles: [ICUDateTimeStyle] = []
    var plurals: [Plural] = []
    var exact: [Exact] = []
    var selects: [Select] = []

    mutating func compile(_ nodes: [ICUNode]) -> Branch {
      let start = operations.count
      // First the list's own operations (details of plural/select filled in below), so that the
      // list is one range.
      for node in nodes {
        switch node {
        case .literal(let text): emit(.literal, text)
        case .argument(let name): emit(.argument, name)
        case .pound: emit(.pound, "")
        case .number(let name, let style):
          numbers.append(NumberOperand(style))
          emit(.number, name, detail: numbers.count - 1)
        case .date(let name, let style):
          dateStyles.append(style)
          emit(.date, name, detail: dateStyles.count - 1)
        case .time(let name, let style):
          dateStyles.append(style)
          emit(.time, name, detail: dateStyles.count - 1)
        case .plural(let name, _): emit(.plural, name)
        case .select(let name, _): emit(.select, name)
        }
      }
      let end = operations.count
      for (offset, node) in nodes.enumerated() {
        let index = start + offset
        switch node {
        case .plural(_, let plural):
          let detail = compile(plural)
          operations[index] = Operation(
            code: .plural, name: operations[index].name, detail: Int32(detail))
        case .select(_, let select):
          let other = compile(select.other)
          var branches: [String: Branch] = [:]
          for key in select.branches.keys.sorted() {
            branches[key] = compile(select.branches[key] ?? [])
          }
          selects.append(Select(branches: branches, other: other))
          operations[index] = Operation(
            code: .select, name: operations[index].name, detail: Int32(selects.count - 1))
        default: break
        }
      }
      return Branch(start: Int32(start), end: Int32(end))
    }

    private mutating func compile(_ plural: ICUPlural) -> Int {
      var exactBranches: [Exact] = []
      for branch in plural.exact {
        exactBranches.append(Exact(value: branch.value, branch: compile(branch.nodes)))
      }
      let exactStart = exact.count
      exact.append(contentsOf: exactBranches)
      let other = compile(plural.other)
      var slots: [Branch] = []
      for index in 0..<5 {
        let slot = ICUPlural.Slot(index: index)
        slots.append(plural.categories[slot.category].map { compile($0) } ?? other)
      }
      plurals.append(
        Plural(
          ordinal: plural.ordinal, offset: plural.offset, exactStart: Int32(exactStart),
          exactEnd: Int32(exact.count),
          slots: (slots[0], slots[1], slots[2], slots[3], slots[4], other)))
      return plurals.count - 1
    }

    private mutating func emit(_ code: Code, _ text: String, detail: Int = 0) {
      strings.append(text)
      operations.append(
        Operation(code: code, name: Int32(strings.count - 1), detail: Int32(detail)))
    }
  }
}
