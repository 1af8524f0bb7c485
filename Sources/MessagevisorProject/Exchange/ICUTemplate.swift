/// An ICU message split for translation tools: the literal runs a translator edits, and the
/// structure around them (plural, selectordinal and select arguments with their branch keys)
/// that no tool may change. Inside a run, arguments (`{name}`, `{n, number, money}`) and the
/// plural `#` are inline codes.
///
/// Built only from texts the ICU parser accepts; `text` gives back the exact original text,
/// and `text(replacing:)` puts new runs in, escaping what ICU would read as syntax.
struct ICUTemplate: Sendable, Equatable {
  /// One piece of a run.
  enum Piece: Sendable, Equatable {
    /// Literal text, unescaped (as the reader sees it).
    case text(String)
    /// An inline code, as written in ICU (`{name}`, `#`).
    case code(String)
  }

  /// A run of literals and inline codes in one branch.
  struct Run: Sendable, Equatable {
    /// Its name: the branch path (`count=one`, `gender=female/count=other`; `message` at the top)
    /// and `#2`, `#3`… for a later run in the same branch.
    var name: String
    /// The pieces.
    var pieces: [Piece]
    /// The ICU text as written.
    var raw: String
    /// Whether `#` is syntax here (directly in a plural or selectordinal branch).
    var inPlural: Bool
  }

  /// A node of the template.
  indirect enum Node: Sendable, Equatable {
    /// A run (by index into `runs`).
    case run(Int)
    /// A plural, selectordinal or select argument.
    case choice(Choice)
  }

  /// One branch of a choice: its key and the raw text before its body (`" one {"`).
  struct Branch: Sendable, Equatable {
    var key: String
    var opening: String
    var body: [Node]
  }

  /// A plural, selectordinal or select argument.
  struct Choice: Sendable, Equatable {
    /// The argument name.
    var name: String
    /// `plural`, `selectordinal` or `select`.
    var kind: String
    /// The raw text from `{` up to the first branch (`{count, plural, offset:1`).
    var head: String
    /// The branches in order.
    var branches: [Branch]
    /// The raw text after the last branch's `}` (whitespace and the closing `}`).
    var tail: String
  }

  /// The runs, in text order.
  var runs: [Run] = []
  /// Plain text, not ICU (a project without the ICU module, or a text the parser refuses): one
  /// run, no codes, nothing escaped.
  var literal = false
  /// The top-level nodes.
  var nodes: [Node] = []

  /// The template of `text` (which the ICU parser accepts).
  init(_ text: String) {
    var scanner = Scanner(scalars: Array(text.unicodeScalars))
    nodes = scanner.body(path: [], inPlural: false, nested: false, runs: &runs)
    // An empty text is one empty run, so it still has a unit to translate.
    if nodes.isEmpty {
      runs = [Run(name: "message", pieces: [], raw: "", inPlural: false)]
      nodes = [.run(0)]
    }
  }

  /// The template of a text that is not ICU: one run holding it all.
  init(literal text: String) {
    runs = [
      Run(name: "message", pieces: text.isEmpty ? [] : [.text(text)], raw: text, inPlural: false)
    ]
    nodes = [.run(0)]
    literal = true
  }

  /// A template from parts (for a locale's adapted skeleton).
  init(runs: [Run], nodes: [Node]) {
    self.runs = runs
    self.nodes = nodes
  }

  /// The text with every run as written.
  var text: String { text(replacing: [:]) }

  /// The text with the runs named in `replacements` replaced by new pieces (escaped as ICU
  /// needs).
  func text(replacing replacements: [String: [Piece]]) -> String {
    var result = ""
    func emit(_ nodes: [Node]) {
      for node in nodes {
        switch node {
        case .run(let index):
          let run = runs[index]
          if let pieces = replacements[run.name] {
            result += literal ? Self.plain(pieces) : Self.escaped(pieces, inPlural: run.inPlural)
          } else {
            result += run.raw
          }
        case .choice(let choice):
          result += choice.head
          for branch in choice.branches {
            result += branch.opening
            emit(branch.body)
            result += "}"
          }
          result += choice.tail
        }
      }
    }
    emit(nodes)
    return result
  }

  /// Pieces as ICU text. Apostrophes are doubled; from the first `{`, `}` (or `#` in a plural
  /// branch) to the end of the text piece, the text is one quoted literal (`'{…}'`), so no closing
  /// quote is ever followed by an apostrophe (which ICU would read as a quoted apostrophe).
  static func escaped(_ pieces: [Piece], inPlural: Bool) -> String {
    var result = ""
    for piece in pieces {
      switch piece {
      case .code(let code): result += code
      case .text(let text):
        var quoting = false
        for character in text {
          if character == "'" {
            result += "''"
          } else if !quoting, character == "{" || character == "}" || (character == "#" && inPlural)
          {
            result += "'" + String(character)
            quoting = true
          } else {
            result.append(character)
          }
        }
        if quoting { result += "'" }
      }
    }
    return result
  }

  /// The template a locale without its own text starts from: this (source) template with each
  /// plural and selectordinal argument given the branches the locale's CLDR rules select (`=N`
  /// branches kept; a category the source lacks copies its `other` branch).
  func adapted(to locale: String) -> ICUTemplate {
    guard !literal else { return self }
    var newRuns: [Run] = []
    func adapt(_ nodes: [Node], path: [String]) -> [Node] {
      var result: [Node] = []
      var counter = 0
      for node in nodes {
        switch node {
        case .run(let index):
          var run = runs[index]
          run.name = Self.runName(path: path, index: counter)
          counter += 1
          newRuns.append(run)
          result.append(.run(newRuns.count - 1))
        case .choice(var choice):
          var branches = choice.branches
          if choice.kind != "select" {
            let coverage = PluralCoverage(locale: locale, ordinal: choice.kind == "selectordinal")
            let exact = branches.filter { $0.key.hasPrefix("=") }
            let other = branches.first { $0.key == "other" }
            branches = exact
            for category in ["zero", "one", "two", "few", "many", "other"]
            where coverage.categories.contains(category) || category == "other" {
              if let own = choice.branches.first(where: { $0.key == category }) {
                branches.append(own)
              } else if let other {
                branches.append(
                  Branch(key: category, opening: " \(category) {", body: other.body))
              }
            }
          }
          choice.branches = branches.map { branch in
            var copy = branch
            copy.body = adapt(branch.body, path: path + ["\(choice.name)=\(branch.key)"])
            return copy
          }
          result.append(.choice(choice))
        }
      }
      return result
    }
    let adaptedNodes = adapt(nodes, path: [])
    return ICUTemplate(runs: newRuns, nodes: adaptedNodes)
  }

  /// A run's name from its branch path and its index in the branch.
  static func runName(path: [String], index: Int) -> String {
    (path.isEmpty ? "message" : path.joined(separator: "/")) + (index > 0 ? "#\(index + 1)" : "")
  }

  /// The plain-text form of pieces (codes as written), for comparing and for notes.
  static func plain(_ pieces: [Piece]) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let text), .code(let text): return text
      }
    }.joined()
  }

  /// Reads ICU text into runs and choices (the parser has accepted it already).
  struct Scanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    mutating func body(path: [String], inPlural: Bool, nested: Bool, runs: inout [Run])
      -> [Node]
    {
      var nodes: [Node] = []
      var pieces: [Piece] = []
      var text = String.UnicodeScalarView()
      var rawStart = position
      var counter = 0
      func flushText() {
        if !text.isEmpty { pieces.append(.text(String(text))) }
        text = String.UnicodeScalarView()
      }
      func flushRun(_ end: Int) {
        flushText()
        if !pieces.isEmpty || end > rawStart {
          runs.append(
            Run(
              name: ICUTemplate.runName(path: path, index: counter), pieces: pieces,
              raw: String(String.UnicodeScalarView(scalars[rawStart..<end])), inPlural: inPlural))
          nodes.append(.run(runs.count - 1))
          counter += 1
        }
        pieces = []
      }
      while position < scalars.count {
        let scalar = scalars[position]
        switch scalar {
        case "{":
          let start = position
          if isChoice(at: start) {
            flushRun(start)
            nodes.append(.choice(choice(path: path, runs: &runs)))
            rawStart = position
          } else {
            position = matchingBrace(from: start) + 1
            flushText()
            pieces.append(.code(String(String.UnicodeScalarView(scalars[start..<position]))))
          }
        case "}" where nested:
          flushRun(position)
          return nodes
        case "#" where inPlural:
          flushText()
          pieces.append(.code("#"))
          position += 1
        case "'":
          let next: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
          if next == "'" {
            text.append("'")
            position += 2
          } else if next == "{" || next == "}" || (next == "#" && inPlural) {
            position += 1
            while position < scalars.count {
              if scalars[position] == "'" {
                if position + 1 < scalars.count, scalars[position + 1] == "'" {
                  text.append("'")
                  position += 2
                  continue
                }
                position += 1
                break
              }
              text.append(scalars[position])
              position += 1
            }
          } else {
            text.append("'")
            position += 1
          }
        default:
          text.append(scalar)
          position += 1
        }
      }
      flushRun(position)
      return nodes
    }

    /// Whether the `{` at `start` opens a plural, selectordinal or select argument.
    func isChoice(at start: Int) -> Bool {
      var cursor = start + 1
      func skipSpace() {
        while cursor < scalars.count, scalars[cursor].properties.isWhitespace { cursor += 1 }
      }
      skipSpace()
      _ = word(&cursor)
      skipSpace()
      guard cursor < scalars.count, scalars[cursor] == "," else { return false }
      cursor += 1
      skipSpace()
      let kind = word(&cursor)
      skipSpace()
      return ["plural", "selectordinal", "select"].contains(kind) && cursor < scalars.count
        && scalars[cursor] == ","
    }

    /// The word at `cursor` (up to whitespace, `,`, `{` or `}`), moving past it.
    func word(_ cursor: inout Int) -> String {
      var result = String.UnicodeScalarView()
      while cursor < scalars.count, !scalars[cursor].properties.isWhitespace,
        !",{}".unicodeScalars.contains(scalars[cursor])
      {
        result.append(scalars[cursor])
        cursor += 1
      }
      return String(result)
    }

    /// Reads the plural, selectordinal or select argument at `position` (`isChoice(at:)`).
    mutating func choice(path: [String], runs: inout [Run]) -> Choice {
      let start = position
      var cursor = position + 1
      func skipSpace() {
        while cursor < scalars.count, scalars[cursor].properties.isWhitespace { cursor += 1 }
      }
      func word() -> String { self.word(&cursor) }
      skipSpace()
      let name = word()
      skipSpace()
      cursor += 1
      skipSpace()
      let kind = word()
      skipSpace()
      cursor += 1
      // The head runs to the first branch key (after an optional offset:N).
      skipSpace()
      if String(String.UnicodeScalarView(scalars[cursor..<min(cursor + 7, scalars.count)]))
        == "offset:"
      {
        cursor += 7
        skipSpace()
        _ = word()
      }
      var headEnd = cursor
      while headEnd > start, scalars[headEnd - 1].properties.isWhitespace { headEnd -= 1 }
      let head = String(String.UnicodeScalarView(scalars[start..<headEnd]))
      var branches: [Branch] = []
      var openingStart = headEnd
      while true {
        skipSpace()
        guard cursor < scalars.count, scalars[cursor] != "}" else { break }
        let key = word()
        skipSpace()
        guard cursor < scalars.count, scalars[cursor] == "{" else { break }
        cursor += 1
        let opening = String(String.UnicodeScalarView(scalars[openingStart..<cursor]))
        position = cursor
        let branchBody = self.body(
          path: path + ["\(name)=\(key)"], inPlural: kind != "select", nested: true, runs: &runs)
        // `body` stops at the branch's `}`.
        branches.append(Branch(key: key, opening: opening, body: branchBody))
        cursor = position + 1
        openingStart = cursor
      }
      let tailEnd = min(cursor + 1, scalars.count)
      let tail = String(String.UnicodeScalarView(scalars[openingStart..<tailEnd]))
      position = tailEnd
      return Choice(name: name, kind: kind, head: head, branches: branches, tail: tail)
    }

    /// The index of the `}` closing the `{` at `start` (quotes and nesting respected).
    func matchingBrace(from start: Int) -> Int {
      var depth = 0
      var index = start
      var quoted = false
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "'" {
          if index + 1 < scalars.count, scalars[index + 1] == "'" {
            index += 2
            continue
          }
          quoted.toggle()
        } else if !quoted {
          if scalar == "{" { depth += 1 }
          if scalar == "}" {
            depth -= 1
            if depth == 0 { return index }
          }
        }
        index += 1
      }
      return scalars.count - 1
    }
  }
}
