import Messagevisor

extension PreviewSession {
  /// Resolves every message of the target for the browser, from the datafiles the engine holds,
  /// in the active locale and context (and in a compare locale when `compare` is on: the given
  /// one, else the project's source locale, else the first other loaded locale).
  public func resolveMessages(compare: Bool, compareLocale: String?) -> MessageIndex {
    let snapshot = engine.getSnapshot()
    let locale = snapshot.locale ?? configuration.locale ?? "en-US"
    let datafiles = applied.withLock { $0 }
    var other: String?
    if compare {
      let loaded = ordered(Array(datafiles.keys))
      let candidates =
        [compareLocale, configuration.sourceLocale].compactMap { $0 }
        + loaded
      other =
        candidates.first { $0 != locale && datafiles[$0] != nil }
        ?? candidates.first { datafiles[$0] != nil }
    }
    let stack = layers.withLock { $0 }
    let pseudo = pseudoLocale
    let sourceLocale = configuration.sourceLocale
    let source = MessageBrowserSource(
      locale: locale, compareLocale: other, datafiles: datafiles, context: snapshot.context,
      resolveFlag: PreviewSession.resolveFlag,
      origin: { key, locale in
        if locale == pseudo, let sourceLocale { return .base(layer: "pseudo ← \(sourceLocale)") }
        return stack.origin(of: key, locale: locale)
      },
      notes: configuration.messageNotes)
    return MessageIndex.build(source)
  }
}
