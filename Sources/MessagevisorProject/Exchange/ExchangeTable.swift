import CommandLineKit

/// The rows an export writes (and an import compares against): every message in scope, then
/// each of its overrides, with per locale the text it shows and whether that text is its own
/// (direct), inherited along `inheritTranslationsFrom`, or missing.
public struct ExchangeTable: Sendable, Equatable {
  /// The locale columns, in order.
  public var locales: [String]
  /// The rows, by message key (overrides after their message).
  public var rows: [ExchangeRow]

  /// Creates a table.
  public init(locales: [String], rows: [ExchangeRow]) {
    self.locales = locales
    self.rows = rows
  }

  /// The table of `project` for `selection`.
  /// - Throws: ``ExchangeError`` for an unknown locale or target, or a locale inheritance cycle.
  public init(project: Project, selection: ExchangeSelection) throws(ExchangeError) {
    var target: ProjectTarget? = nil
    if let name = selection.target {
      guard let found = project.targets[name] else {
        throw ExchangeError(
          file: "--target",
          message:
            "unknown target \"\(name)\"; the project has \(project.targets.keys.sorted().joined(separator: ", "))"
        )
      }
      target = found
    }
    let locales = try Self.locales(project: project, selection: selection, target: target)
    var chains: [String: [String]] = [:]
    for locale in locales {
      do throws(ProjectError) {
        chains[locale] = try LocaleChain.translations(for: locale, in: project)
      } catch {
        throw ExchangeError(file: error.file, message: error.message)
      }
    }
    let include = GlobList(selection.include)
    let exclude = GlobList(selection.exclude)
    var rows: [ExchangeRow] = []
    for key in project.messages.keys.sorted() {
      guard let message = project.messages[key], !message.archived else { continue }
      if let target, !target.includesMessage(key) { continue }
      if !include.isEmpty, !include.matchesAny(key) { continue }
      if exclude.matchesAny(key) { continue }
      var owners: [(Int?, String?, String, LocaleTable<String>, LocaleTable<SourceLocation>)] = [
        (nil, nil, message.description ?? "", message.translations, message.translationLocations)
      ]
      for (index, override) in message.overrides.enumerated() {
        owners.append(
          (
            index, override.key, override.description ?? "", override.translations,
            override.translationLocations
          ))
      }
      for (index, overrideKey, description, texts, places) in owners {
        var cells: [String: ExchangeCell] = [:]
        for locale in locales {
          let chain = chains[locale] ?? [locale]
          if let own = texts[locale] {
            cells[locale] = ExchangeCell(
              text: own, status: .direct, origin: locale, location: places[locale])
          } else if let parent = chain.dropFirst().first(where: { texts[$0] != nil }),
            let text = texts[parent]
          {
            cells[locale] = ExchangeCell(
              text: text, status: .inherited, origin: parent, location: places[parent])
          } else {
            cells[locale] = ExchangeCell(text: "", status: .missing)
          }
        }
        let row = ExchangeRow(
          set: project.set, messageKey: key, overrideKey: overrideKey, overrideIndex: index,
          description: description, file: message.file, cells: cells)
        if selection.onlyUntranslated, !row.cells.values.contains(where: { $0.status == .missing })
        {
          continue
        }
        if selection.onlyDirectlyUntranslated,
          !row.cells.values.contains(where: { $0.status != .direct })
        {
          continue
        }
        rows.append(row)
      }
    }
    self.init(locales: locales, rows: rows)
  }

  /// The locale columns: the selection's (checked), else the target's, else every locale with
  /// the source locale first.
  static func locales(project: Project, selection: ExchangeSelection, target: ProjectTarget?)
    throws(ExchangeError) -> [String]
  {
    let known = project.locales.keys.sorted()
    if !selection.locales.isEmpty {
      for locale in selection.locales where project.locales[locale] == nil {
        let hint = Suggestion.closest(to: locale, in: known).map { " (did you mean \($0)?)" } ?? ""
        throw ExchangeError(
          file: "--locale",
          message:
            "unknown locale \"\(locale)\"\(hint); the project has \(known.joined(separator: ", "))")
      }
      var seen = Set<String>()
      return selection.locales.filter { seen.insert($0).inserted }
    }
    var locales = target?.locales?.filter { project.locales[$0] != nil } ?? known
    if let source = project.config.sourceLocale, let index = locales.firstIndex(of: source) {
      locales.remove(at: index)
      locales.insert(source, at: 0)
    }
    return locales
  }
}
