import Foundation
import Messagevisor
import MessagevisorProject

/// What the project says about a message beyond its datafile: its file, its examples and the
/// review state of its translations.
public struct MessageNotes: Sendable, Equatable {
  /// The message file, relative to the project root when possible.
  public var file: String? {
    get { fields.file }
    set { writable().file = newValue }
  }
  /// The examples, matrices expanded (at most ``maximumExamples``).
  public var examples: [MessageExample] {
    get { fields.examples }
    set { writable().examples = newValue }
  }
  /// The review of each translation of the message (not its overrides') by locale, compared with
  /// today's texts: every locale with a translation except the source locale, and every locale
  /// with a recorded state. Reading it builds the table; ``review(for:)`` looks one up.
  public var reviews: [String: TranslationReview] {
    get {
      var all = recordedReviews
      for locale in untrackedLocales.keys where locale != sourceLocale && all[locale] == nil {
        all[locale] = Self.untracked
      }
      return all
    }
    set {
      recordedReviews = newValue
      untrackedLocales = [:]
    }
  }
  /// `translatorContext.maxGraphemes`: the most graphemes a translation may have, when given.
  public var maxGraphemes: Int? {
    get { fields.maxGraphemes }
    set { writable().maxGraphemes = newValue }
  }
  /// Where each locale's base translation is written in the project, by locale.
  public var translationLocations: [String: TextLocation] {
    baseLocations.mapValues(relative).dictionary
  }
  /// Where each override's translations are written, by override key and locale.
  public var overrideLocations: [String: [String: TextLocation]] {
    overrideSourceLocations.mapValues { $0.mapValues(relative).dictionary }
  }

  // A big project has a review and a location for every translation: the notes keep the
  // project's own tables (shared, not copied) and derive what is asked for.
  /// The reviews of locales with a recorded state.
  var recordedReviews: [String: TranslationReview] {
    get { fields.recordedReviews }
    set { writable().recordedReviews = newValue }
  }
  /// The message's translations: every locale here except ``sourceLocale`` without a recorded
  /// state is untracked.
  var untrackedLocales: LocaleTable<String> {
    get { fields.untrackedLocales }
    set { writable().untrackedLocales = newValue }
  }
  var sourceLocale: String? {
    get { fields.sourceLocale }
    set { writable().sourceLocale = newValue }
  }
  /// The project's own locations (absolute or root-relative paths) and the root to strip.
  var baseLocations: LocaleTable<SourceLocation> {
    get { fields.baseLocations }
    set { writable().baseLocations = newValue }
  }
  var overrideSourceLocations: [String: LocaleTable<SourceLocation>] {
    get { fields.overrideSourceLocations }
    set { writable().overrideSourceLocations = newValue }
  }
  var root: String {
    get { fields.root }
    set { writable().root = newValue }
  }

  /// The notes' values in one reference (copied before a change when shared): the browser copies
  /// the notes of each row's message when it resolves a locale (20,000 rows on a big project),
  /// one retain each instead of one per field.
  private final class Fields: @unchecked Sendable, Equatable {
    var file: String?
    var examples: [MessageExample]
    var maxGraphemes: Int?
    var recordedReviews: [String: TranslationReview] = [:]
    var untrackedLocales: LocaleTable<String> = [:]
    var sourceLocale: String?
    var baseLocations: LocaleTable<SourceLocation> = [:]
    var overrideSourceLocations: [String: LocaleTable<SourceLocation>] = [:]
    var root = ""

    init(file: String?, examples: [MessageExample]) {
      self.file = file
      self.examples = examples
    }

    /// A copy to change.
    func copy() -> Fields {
      let copy = Fields(file: file, examples: examples)
      copy.maxGraphemes = maxGraphemes
      copy.recordedReviews = recordedReviews
      copy.untrackedLocales = untrackedLocales
      copy.sourceLocale = sourceLocale
      copy.baseLocations = baseLocations
      copy.overrideSourceLocations = overrideSourceLocations
      copy.root = root
      return copy
    }

    static func == (lhs: Fields, rhs: Fields) -> Bool {
      lhs === rhs
        || (lhs.file == rhs.file && lhs.examples == rhs.examples
          && lhs.maxGraphemes == rhs.maxGraphemes && lhs.recordedReviews == rhs.recordedReviews
          && lhs.untrackedLocales == rhs.untrackedLocales && lhs.sourceLocale == rhs.sourceLocale
          && lhs.baseLocations == rhs.baseLocations
          && lhs.overrideSourceLocations == rhs.overrideSourceLocations && lhs.root == rhs.root)
    }
  }

  private var fields: Fields

  /// The fields, copied first when another value shares them.
  private mutating func writable() -> Fields {
    if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
    return fields
  }

  /// Whether two notes say the same (every value equal).
  public static func == (lhs: MessageNotes, rhs: MessageNotes) -> Bool {
    lhs.fields == rhs.fields
  }

  static let untracked = TranslationReview(state: nil, isStale: false, targetChanged: false)

  /// The review of the translation to `locale` (see ``reviews``).
  public func review(for locale: String) -> TranslationReview? {
    // The fields read in place (the properties would copy their tables: once per browser row).
    let fields = fields
    if let recorded = fields.recordedReviews[locale] { return recorded }
    guard locale != fields.sourceLocale, fields.untrackedLocales[locale] != nil else { return nil }
    return Self.untracked
  }

  /// A project location relative to the project root when it is under it.
  func relative(_ location: SourceLocation) -> TextLocation {
    let root = fields.root
    let file = location.file
    let path = !root.isEmpty && file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
    return TextLocation(file: path, line: location.line, column: location.column)
  }

  /// Where the project writes the text `origin` names for `locale`: the override's translation,
  /// the base translation, or the inherited locale's; nil for text from outside the project (a
  /// bundle, the OTA overlay, a default).
  public func location(of origin: TextOrigin, locale: String) -> TextLocation? {
    func isProject(_ layer: String) -> Bool { layer == "project" || layer.hasPrefix("project ") }
    // The fields read in place (the properties would copy their tables: once per browser row).
    let fields = fields
    switch origin {
    case .override(let key): return fields.overrideSourceLocations[key]?[locale].map(relative)
    case .base(let layer) where isProject(layer): return fields.baseLocations[locale].map(relative)
    case .inherited(let from, let layer) where isProject(layer):
      return fields.baseLocations[from].map(relative)
    default: return nil
    }
  }

  /// The most examples kept per message (a matrix can expand to thousands).
  public static let maximumExamples = 50

  /// Creates notes.
  public init(file: String? = nil, examples: [MessageExample] = []) {
    fields = Fields(file: file, examples: examples)
  }

  /// Notes for every message of a project, by key.
  public static func of(_ project: Project) -> [String: MessageNotes] {
    var notes: [String: MessageNotes] = [:]
    let root = Self.root(of: project)
    for (key, message) in project.messages {
      notes[key] = of(message, in: project, root: root)
    }
    return notes
  }

  /// ``of(_:)`` after an edit of the messages `changed` only: `notes` (made from the project
  /// before the edit) with those messages' notes made again from `project` (and dropped for
  /// those it no longer has).
  static func updating(
    _ notes: [String: MessageNotes], changed: Set<String>, in project: Project
  ) -> [String: MessageNotes] {
    var notes = notes
    let root = Self.root(of: project)
    for key in changed {
      notes[key] = project.messages[key].map { of($0, in: project, root: root) }
    }
    return notes
  }

  /// The project root as notes strip it from paths (with a trailing `/`).
  static func root(of project: Project) -> String {
    project.rootPath.hasSuffix("/") ? project.rootPath : project.rootPath + "/"
  }

  /// The notes of one message of `project` (whose `root(of:)` is `root`).
  static func of(_ message: ProjectMessage, in project: Project, root: String) -> MessageNotes {
    var examples: [MessageExample] = []
    outer: for node in message.examples {
      for expanded in MatrixExpansion.expand(node) {
        guard examples.count < maximumExamples else { break outer }
        examples.append(example(expanded.node))
      }
    }
    let file =
      message.file.hasPrefix(root) ? String(message.file.dropFirst(root.count)) : message.file
    var entry = MessageNotes(file: file, examples: examples)
    entry.root = root
    entry.baseLocations = message.translationLocations
    for override in message.overrides where !override.translationLocations.isEmpty {
      entry.overrideSourceLocations[override.key] = override.translationLocations
    }
    entry.maxGraphemes = message.translatorContext?.objectValue?["maxGraphemes"]?.intValue
    if let sourceLocale = project.config.sourceLocale {
      entry.sourceLocale = sourceLocale
      entry.untrackedLocales = message.translations
      entry.recordedReviews = recordedReviews(of: message, sourceLocale: sourceLocale)
    }
    return entry
  }

  /// The review of each translation of `message` that has a recorded state, against its
  /// `sourceLocale` text (as `MessageFileEditor/reviews(sourceLocale:in:)` reads it from the
  /// file): stale when reviewed and the source text's hash is not the recorded one. A state whose
  /// status is not one of upstream's counts as none. Translations without a state are untracked
  /// (``review(for:)`` gives them).
  static func recordedReviews(of message: ProjectMessage, sourceLocale: String)
    -> [String: TranslationReview]
  {
    let states = message.translationStates?.objectValue ?? [:]
    var result: [String: TranslationReview] = [:]
    for locale in states.keys where locale != sourceLocale {
      result[locale] = TranslationReview.of(
        locale: locale, translations: message.translations, states: message.translationStates,
        sourceLocale: sourceLocale)
    }
    return result
  }

  static func example(_ node: YAMLNode) -> MessageExample {
    MessageExample(
      description: node["description"]?.value.stringValue,
      locale: node["locale"]?.value.stringValue,
      values: MessagevisorValues(node["values"]?.value.objectValue ?? [:]),
      context: node["context"]?.value.objectValue ?? [:])
  }
}
