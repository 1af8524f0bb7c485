import Messagevisor

extension MessageIndex {
  /// Resolves every message of the target (every key any loaded locale has) in the source's
  /// locale and, when set, its compare locale.
  public static func build(_ source: MessageBrowserSource) -> MessageIndex {
    var keys = Set<String>()
    for datafile in source.datafiles.values {
      keys.formUnion(datafile.translations.keys)
      keys.formUnion(datafile.messages.keys)
    }
    var entries: [MessageEntry] = []
    entries.reserveCapacity(keys.count)
    for key in keys.sorted() {
      let active = MessageResolution.resolve(key, locale: source.locale, source: source)
      var entry = MessageEntry(
        key: key, text: active.text, origin: active.origin, flags: active.flags)
      entry.lint = (source.lint[key] ?? []).filter {
        $0.locale == nil || $0.locale == source.locale
      }
      if entry.lint.contains(where: { $0.level >= .warning }) { entry.flags.insert(.lint) }
      if let compare = source.compareLocale {
        let other = MessageResolution.resolve(key, locale: compare, source: source)
        entry.compareText = other.text
        entry.compareOrigin = other.origin
      }
      entries.append(entry)
    }
    return MessageIndex(entries: entries, source: source)
  }
}
