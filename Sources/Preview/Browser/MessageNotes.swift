import Foundation
import Messagevisor
import MessagevisorProject

/// What the project says about a message beyond its datafile: its file, its examples and the
/// review state of its translations.
public struct MessageNotes: Sendable, Equatable {
  /// The message file, relative to the project root when possible.
  public var file: String?
  /// The examples, matrices expanded (at most ``maximumExamples``).
  public var examples: [MessageExample]
  /// The review of each translation of the message (not its overrides') by locale, compared with
  /// today's texts: every locale with a translation except the source locale, and every locale
  /// with a recorded state.
  public var reviews: [String: TranslationReview] = [:]
  /// `translatorContext.maxGraphemes`: the most graphemes a translation may have, when given.
  public var maxGraphemes: Int?
  /// Where each locale's base translation is written in the project, by locale.
  public var translationLocations: [String: TextLocation] = [:]
  /// Where each override's translations are written, by override key and locale.
  public var overrideLocations: [String: [String: TextLocation]] = [:]

  /// Where the project writes the text `origin` names for `locale`: the override's translation,
  /// the base translation, or the inherited locale's; nil for text from outside the project (a
  /// bundle, the OTA overlay, a default).
  public func location(of origin: TextOrigin, locale: String) -> TextLocation? {
    func isProject(_ layer: String) -> Bool { layer == "project" || layer.hasPrefix("project ") }
    switch origin {
    case .override(let key): return overrideLocations[key]?[locale]
    case .base(let layer) where isProject(layer): return translationLocations[locale]
    case .inherited(let from, let layer) where isProject(layer): return translationLocations[from]
    default: return nil
    }
  }

  /// The most examples kept per message (a matrix can expand to thousands).
  public static let maximumExamples = 50

  /// Creates notes.
  public init(file: String? = nil, examples: [MessageExample] = []) {
    self.file = file
    self.examples = examples
  }

  /// Notes for every message of a project, by key.
  public static func of(_ project: Project) -> [String: MessageNotes] {
    var notes: [String: MessageNotes] = [:]
    let root = project.rootPath.hasSuffix("/") ? project.rootPath : project.rootPath + "/"
    for (key, message) in project.messages {
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
      func relative(_ location: SourceLocation) -> TextLocation {
        let path =
          location.file.hasPrefix(root)
          ? String(location.file.dropFirst(root.count)) : location.file
        return TextLocation(file: path, line: location.line, column: location.column)
      }
      entry.translationLocations = message.translationLocations.mapValues(relative)
      for override in message.overrides where !override.translationLocations.isEmpty {
        entry.overrideLocations[override.key] = override.translationLocations.mapValues(relative)
      }
      entry.maxGraphemes = message.translatorContext?.objectValue?["maxGraphemes"]?.intValue
      if let sourceLocale = project.config.sourceLocale {
        entry.reviews = reviews(of: message, sourceLocale: sourceLocale)
      }
      notes[key] = entry
    }
    return notes
  }

  /// The review of each translation of `message` against its `sourceLocale` text (as
  /// `MessageFileEditor/reviews(sourceLocale:in:)` reads it from the file): stale when reviewed
  /// and the source text's hash is not the recorded one. A state whose status is not one of
  /// upstream's counts as none.
  static func reviews(of message: ProjectMessage, sourceLocale: String)
    -> [String: TranslationReview]
  {
    let states = message.translationStates?.objectValue ?? [:]
    var result: [String: TranslationReview] = [:]
    for locale in Set(message.translations.keys).union(states.keys) where locale != sourceLocale {
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
