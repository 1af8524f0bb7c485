/// The lookup tables (``LocaleStore``) the engine builds for a locale on its first lookup, given
/// back by a host that visits many locales in turn (the previewer: a locale's tables hold its
/// texts as `String`s, about 5 MB per locale at 800,000 translations). The tables are shared by
/// a root and its children; the datafiles stay, and a released locale's tables are built again
/// on its next lookup, as on its first.
extension MessagevisorInstance {
  /// Drops the lookup tables (``LocaleStore``) built for every stored locale except `locales`;
  /// the datafiles stay, and a locale's tables are built again on its next lookup, as on its
  /// first. For a host that visits many locales in turn and need not keep each one's tables
  /// (the previewer: a locale's tables hold its texts as `String`s). An instance that has the
  /// tables of a released locale in use keeps them until it looks up again after a change.
  /// Returns how many locales' tables were dropped.
  @discardableResult
  package func releaseLocaleTables(keeping locales: Set<String>) -> Int {
    locked {
      var released = 0
      for (locale, stored) in core.stores where !locales.contains(locale) && stored.release() {
        released += 1
      }
      return released
    }
  }

  /// Whether `locale`'s lookup tables are built (a lookup in it builds nothing).
  package func hasLocaleTables(_ locale: String) -> Bool {
    locked { core.stores[locale]?.built != nil }
  }

  /// Drops `locale`'s lookup tables (see ``releaseLocaleTables(keeping:)``); returns whether it
  /// had any.
  @discardableResult
  package func releaseLocaleTables(of locale: String) -> Bool {
    locked { core.stores[locale]?.release() ?? false }
  }
}
