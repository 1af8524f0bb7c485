import Foundation
@_spi(MessagevisorModules) import Messagevisor

extension DatafileBuilder {
  /// Builds the datafile for `target` × `locale` and converts it to the engine's model.
  ///
  /// - Returns: the built value and its engine model (see ``content(of:)``).
  /// - Throws: ``ProjectError`` when the target cannot be built, or the engine's datafile error
  ///   when the built value is not a valid datafile.
  public func buildContent(target: String, locale: String, revision: String = "") throws -> (
    value: MessagevisorValue, content: DatafileContent
  ) {
    let value = try build(target: target, locale: locale, revision: revision)
    return (value, try Self.content(of: value))
  }

  /// The one conversion from a built datafile (a `MessagevisorValue`, as `build` writes it) to
  /// the engine's `DatafileContent`: validated exactly as the JSON text of the value would be by
  /// `DatafileContent.fromJSON` (numbers, dates and non-finite values read back as JSON reads
  /// them), so the engine sees what a built file on disk gives it, without writing and parsing
  /// the text; the translations share their storage with the project.
  /// - Throws: the engine's datafile error when the value is not a valid datafile.
  public static func content(of value: MessagevisorValue) throws -> DatafileContent {
    try DatafileContent.fromValue(value)
  }

  /// How many locales a build works on at once: enough to keep every core busy, few enough that
  /// only a handful of datafile texts are held at a time.
  public static var localesAtOnce: Int { max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) }

  /// The JSON text (as `JSONText.encode` writes it) of the datafile of `target` for each of
  /// `locales` (in that order), built and encoded on every core.
  /// - Throws: the first locale's error (in `locales` order) when any locale fails.
  public func buildTexts(target: String, locales: [String], revision: String, pretty: Bool)
    throws(ProjectError) -> [String]
  {
    let messages = messages(in: project.messages.keys.sorted())
    let built = ParallelMap.map(locales) { locale in
      Result { () throws(ProjectError) in
        let (target, definition, fragments) = try fragments(
          target: target, locale: locale, messages: messages)
        return String(
          decoding: try text(
            target: target, locale: definition, fragments: fragments, revision: revision,
            pretty: pretty),
          as: UTF8.self)
      }
    }
    return try built.map { result throws(ProjectError) in try result.get() }
  }
}
