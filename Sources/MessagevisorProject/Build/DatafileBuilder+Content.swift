import Messagevisor

extension DatafileBuilder {
  /// Builds the datafile for `target` × `locale` and converts it to the engine's model.
  ///
  /// This is the one conversion from a built datafile (a `MessagevisorValue`, as written by
  /// `build`) to `DatafileContent`: the value is written as JSON text and read back with
  /// `DatafileContent.fromJSON`, so the engine sees exactly what a built file on disk gives it.
  /// - Returns: the built value and its engine model.
  /// - Throws: ``ProjectError`` when the target cannot be built, or the engine's datafile error
  ///   when the built value is not a valid datafile.
  public func buildContent(target: String, locale: String, revision: String = "") throws -> (
    value: MessagevisorValue, content: DatafileContent
  ) {
    let value = try build(target: target, locale: locale, revision: revision)
    return (value, try DatafileContent.fromJSON(JSONText.encode(value)))
  }
}
