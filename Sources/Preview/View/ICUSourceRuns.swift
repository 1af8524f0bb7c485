import Foundation

/// ICU MessageFormat source split for display into syntax (braces, argument names, types,
/// styles, plural and select selectors, `#`) and the translated text between it.
///
/// A right-to-left paragraph would reorder the syntax together with the text around it
/// (`{count, plural, one {…}}` shown as `…} :{count`); the message browser instead lays the syntax
/// out left to right, isolated, and each text run in its own direction. This is a display split of
/// the source as written (quoting and spacing kept), not a parse: unbalanced input still gives
/// runs, and nothing is dropped.
struct ICUSourceRuns: Equatable {
  /// One run: text of one kind, in logical order.
  struct Run: Equatable {
    /// The characters of the run, as written.
    var text: String
    /// Whether the run is ICU syntax (else translated text).
    var isSyntax: Bool
  }

  /// The runs in source order; concatenated, they are the source.
  var runs: [Run]

  /// Whether the source has any ICU syntax (an argument or a branch).
  var hasSyntax: Bool { runs.contains(where: \.isSyntax) }

  /// Where a character is read.
  private enum Context {
    /// Message text (the top level or a branch of a plural or select): `inPlural` makes `#`
    /// syntax.
    case text(inPlural: Bool)
    /// Inside `{…}` before its branches: the name, the type and the style.
    case argument(commas: Int, type: String)
    /// The selectors of a plural or select, between its branches.
    case branches(plural: Bool)
  }

  /// Splits `source`.
  init(_ source: String) {
    var runs: [Run] = []
    var stack: [Context] = [.text(inPlural: false)]
    func add(_ character: Character, syntax: Bool) {
      if let last = runs.last, last.isSyntax == syntax {
        runs[runs.count - 1].text.append(character)
      } else {
        runs.append(Run(text: String(character), isSyntax: syntax))
      }
    }
    for character in source {
      switch stack.last ?? .text(inPlural: false) {
      case .text(let inPlural):
        if character == "{" {
          stack.append(.argument(commas: 0, type: ""))
          add(character, syntax: true)
        } else if character == "}", stack.count > 1 {
          stack.removeLast()
          add(character, syntax: true)
        } else {
          add(character, syntax: character == "#" && inPlural)
        }
      case .argument(let commas, let type):
        add(character, syntax: true)
        switch character {
        case "}":
          stack.removeLast()
        case ",":
          let kind = type.trimmingCharacters(in: .whitespaces)
          if commas == 1, ["plural", "select", "selectordinal"].contains(kind) {
            stack[stack.count - 1] = .branches(plural: kind != "select")
          } else {
            stack[stack.count - 1] = .argument(commas: commas + 1, type: "")
          }
        default:
          if commas == 1 {
            stack[stack.count - 1] = .argument(commas: 1, type: type + String(character))
          }
        }
      case .branches(let plural):
        add(character, syntax: true)
        if character == "{" {
          stack.append(.text(inPlural: plural))
        } else if character == "}" {
          stack.removeLast()
        }
      }
    }
    self.runs = runs
  }
}
