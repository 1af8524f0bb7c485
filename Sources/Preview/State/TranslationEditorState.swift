import Messagevisor
import MessagevisorProject
import TerminalUI

/// The translation editor (`E`): one translation of a message file being edited in place, with
/// everything the translator needs beside the text (the source text, the message's description,
/// translator notes and meta, the live checks and the rendered result).
///
/// The runtime fills it when the editor opens (it reads the file once: that ``snapshot`` is what
/// a save must still find on disk), and answers a save with the result; the text typed is never
/// dropped by a refused save.
public struct TranslationEditorState: Sendable, Equatable {
  /// The message key.
  public var key: String
  /// The locale edited (the active one).
  public var locale: String
  /// Where the text lives in the message file (the winning override's translation, else the base).
  public var path: TranslationPath
  /// The message file as read when the editor opened (path and bytes).
  public var snapshot: FileSnapshot
  /// The file as shown (relative to the project).
  public var displayFile: String
  /// The 1-based line of the scalar (or of the message when the locale has no line yet).
  public var line: Int
  /// The text when the editor opened (empty for a missing or inherited translation).
  public var original: String
  /// The text being typed (multi-line: C-j inserts a line break).
  public var editor: LineEditor
  /// The source locale, when its text is shown above the text (another locale is edited).
  public var sourceLocale: String?
  /// The source locale's text of the same message or override.
  public var sourceText: String?
  /// What serves the string now when it is not the text edited (inherited, OTA, a bundle…).
  public var originNote: String?
  /// The message's description, translator notes and meta, as lines to show.
  public var notes: [String]
  /// `translatorContext.maxGraphemes` of the message (or the override), when given.
  public var maxGraphemes: Int?
  /// The width budget (columns) of the screen block showing the string, when it has one.
  public var budget: Int?
  /// The example values the result is rendered with (the screen's, for a screen string).
  public var values: [String: MessagevisorValue]
  /// The live checks of ``text``.
  public var checks: TranslationEditorChecks
  /// The text rendered with ``values`` (`nil` while it does not parse, or before the runtime
  /// answered).
  public var rendered: String?
  /// Each plural argument's categories rendered with their sample numbers, one line each
  /// (`count one (1): 1 item`).
  public var renderedSamples: [String]
  /// The project's lint findings about the typed text (whitespace and punctuation against the
  /// source, invisible characters, identical to the source, the translation contract, stale
  /// review…), from the runtime with the render; the checks above already cover ICU syntax,
  /// plural categories and length.
  public var findings: [LintFinding]
  /// Why the last save was refused (a conflict, a read-only file…), or a note after an action.
  public var status: String?
  /// Whether ``status`` reports an error (drawn in the error colour).
  public var statusIsError: Bool

  /// Creates an editor on `original`.
  public init(
    key: String, locale: String, path: TranslationPath, snapshot: FileSnapshot,
    displayFile: String, line: Int, original: String, sourceLocale: String? = nil,
    sourceText: String? = nil,
    originNote: String? = nil, notes: [String] = [], maxGraphemes: Int? = nil, budget: Int? = nil,
    values: [String: MessagevisorValue] = [:]
  ) {
    self.key = key
    self.locale = locale
    self.path = path
    self.snapshot = snapshot
    self.displayFile = displayFile
    self.line = line
    self.original = original
    self.editor = LineEditor(text: original, multiline: true)
    self.sourceLocale = sourceLocale
    self.sourceText = sourceText
    self.originNote = originNote
    self.notes = notes
    self.maxGraphemes = maxGraphemes
    self.budget = budget
    self.values = values
    self.checks = TranslationEditorChecks(text: original, locale: locale)
    self.rendered = nil
    self.renderedSamples = []
    self.findings = []
    self.status = nil
    self.statusIsError = false
  }

  /// The text typed so far.
  public var text: String { editor.text }

  /// Whether the text differs from the one on file.
  public var isChanged: Bool { editor.text != original }

  /// The `file:line` the editor edits (what `o` opens).
  public var location: String { "\(displayFile):\(line)" }

  /// The request that renders the current text (nothing while it does not parse).
  public var renderRequest: TranslationEditorEffect? {
    guard checks.isValid else { return nil }
    return .render(
      TranslationRenderRequest(
        text: editor.text, locale: locale, values: values,
        samples: checks.plurals.map { plural in
          TranslationRenderRequest.Samples(
            argument: plural.name, ordinal: plural.ordinal, samples: plural.samples)
        }, key: key, path: path))
  }

  /// Widths and lengths of the rendered result that exceed the block's budget or
  /// `maxGraphemes`, as notes (empty when it fits or nothing is rendered yet).
  public var fitProblems: [String] {
    guard let rendered else { return [] }
    var problems: [String] = []
    let widest =
      rendered.split(separator: "\n").map { DisplayWidth.of(String($0)) }
      .max() ?? 0
    if let budget, widest > budget {
      problems.append("\(widest) columns where the block allows \(budget)")
    }
    if let maxGraphemes, rendered.count > maxGraphemes {
      problems.append(
        "\(rendered.count) graphemes where translatorContext.maxGraphemes allows \(maxGraphemes)")
    }
    return problems
  }
}
