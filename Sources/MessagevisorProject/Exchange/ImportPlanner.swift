import CommandLineKit
import Foundation

/// Turns imported texts into an ``ImportPlan``: finds each entry's message, override and
/// locale, decides what changes, checks every new text with the linter's per-translation checks
/// (ICU syntax, the plural categories of the locale, the translation contract with the source
/// locale, invisible characters; whitespace differences are warnings), and splices the message
/// files with ``MessageFileEditor`` (minimal edits; a reviewed translation whose text changes
/// becomes `translated`).
///
/// A cell is a change only when it differs from what the locale shows today: a text equal to the
/// locale's own translation, or (for a locale without one) to the inherited text, changes
/// nothing, so an export imported unchanged changes no byte.
public struct ImportPlanner: Sendable {
  /// What an empty cell means.
  public var emptyValues: ImportEmptyValues = .skip
  /// Remove imported translations that equal the text the locale would inherit.
  public var prune = false
  /// Create a message file for a key the project does not have (instead of an error).
  public var createMissing = false
  /// The input's name, for errors.
  public var inputFile: String

  /// Creates a planner for the input `inputFile`.
  public init(inputFile: String) {
    self.inputFile = inputFile
  }

  /// The plan of `entries` (from `rows` data rows) against `projects` (by set; the key `nil`
  /// for a project without sets). An entry without a set goes to `defaultSet`.
  public func plan(
    entries: [ImportEntry], rows: Int, projects: [String?: Project], defaultSet: String?
  ) -> ImportPlan {
    var plan = ImportPlan()
    plan.summary.rows = rows
    var changedRows = Set<Int>()
    var byFile: [String: (project: Project, changes: [ImportChange])] = [:]
    var fileOrder: [String] = []
    var newMessages: [String: (project: Project, entries: [ImportEntry])] = [:]
    var newOrder: [String] = []

    func error(_ entry: ImportEntry, _ message: String) {
      plan.errors.append(
        ExchangeError(
          file: inputFile, line: entry.line, column: entry.column, row: entry.row,
          message: message))
    }
    // A problem of the row (its set, message or override) is reported once, at its key.
    var rowsReported = Set<String>()
    func rowError(_ entry: ImportEntry, _ message: String, column: Int? = nil) {
      let identity = "\(entry.row):\(entry.line):\(entry.messageKey)"
      guard rowsReported.insert(identity).inserted else { return }
      plan.errors.append(
        ExchangeError(
          file: inputFile, line: entry.line, column: column ?? entry.keyColumn, row: entry.row,
          message: message))
    }

    for entry in entries {
      let setName = (entry.set?.isEmpty ?? true) ? defaultSet : entry.set
      guard let project = projects[setName] ?? (projects.count == 1 ? projects.first?.value : nil)
      else {
        let names = projects.keys.compactMap { $0 }.sorted()
        let hint =
          setName.flatMap { Suggestion.closest(to: $0, in: names) }.map {
            " (did you mean \($0)?)"
          } ?? ""
        rowError(
          entry,
          setName.map {
            "unknown set \"\($0)\"\(hint); the project has \(names.joined(separator: ", "))"
          }
            ?? "the project uses sets; add a set column or pass --set",
          column: entry.setColumn > 0 ? entry.setColumn : nil)
        continue
      }
      if project.messages[entry.messageKey] == nil, createMissing, entry.overrideKey == nil {
        let identity = (project.set ?? "") + "\u{1}" + entry.messageKey
        if newMessages[identity] == nil { newOrder.append(identity) }
        newMessages[identity, default: (project, [])].entries.append(entry)
        continue
      }
      guard let message = project.messages[entry.messageKey] else {
        let hint =
          Suggestion.closest(to: entry.messageKey, in: Array(project.messages.keys)).map {
            " (did you mean \($0)?)"
          } ?? ""
        rowError(
          entry,
          "unknown message \"\(entry.messageKey)\"\(hint); add it to the project first, or pass --create-missing to create it"
        )
        continue
      }
      var texts = message.translations
      var places = message.translationLocations
      var index: Int? = nil
      if let overrideKey = entry.overrideKey {
        guard let found = message.overrides.firstIndex(where: { $0.key == overrideKey }) else {
          let names = message.overrides.map(\.key)
          rowError(
            entry,
            "message \"\(entry.messageKey)\" has no override \"\(overrideKey)\""
              + (names.isEmpty ? " (it has none)" : "; it has \(names.joined(separator: ", "))"))
          continue
        }
        index = found
        texts = message.overrides[found].translations
        places = message.overrides[found].translationLocations
      }
      guard project.locales[entry.locale] != nil else {
        error(entry, "unknown locale \"\(entry.locale)\"")
        continue
      }
      let chain = (try? LocaleChain.translations(for: entry.locale, in: project)) ?? [entry.locale]
      let inherited = chain.dropFirst().lazy.compactMap { texts[$0] }.first
      let own = texts[entry.locale]
      let path = TranslationPath(
        owner: index.map { .override($0) } ?? .message, locale: entry.locale)
      let ownerLocation =
        index.map { message.overrides[$0].location }
        ?? message.translationsLocation ?? message.location
      let kind: ImportChange.Kind
      let new: String?
      if entry.text.isEmpty {
        switch emptyValues {
        case .skip: continue
        case .empty:
          guard own != "" else { continue }
          kind = own == nil ? .added : .changed
          new = ""
        case .delete:
          guard own != nil else { continue }
          kind = .deleted
          new = nil
        }
      } else if entry.text == own {
        guard prune, own == inherited else { continue }
        kind = .pruned
        new = nil
      } else if own == nil, entry.text == inherited {
        continue
      } else if prune, entry.text == inherited {
        kind = .pruned
        new = nil
      } else {
        kind = own == nil ? .added : .changed
        new = entry.text
      }
      let change = ImportChange(
        kind: kind, set: project.set, messageKey: entry.messageKey, overrideKey: entry.overrideKey,
        locale: entry.locale, file: message.file, path: path,
        location: places[entry.locale] ?? ownerLocation, old: own, new: new, row: entry.row,
        line: entry.line, column: entry.column)
      let absolute = (project.rootPath as NSString).appendingPathComponent(message.file)
      if let duplicate = byFile[absolute]?.changes.first(where: { $0.path == path }) {
        error(
          entry,
          "\(entry.messageKey) \(path) is imported twice (also row \(duplicate.row), line \(duplicate.line)); keep one"
        )
        continue
      }
      if byFile[absolute] == nil { fileOrder.append(absolute) }
      byFile[absolute, default: (project, [])].changes.append(change)
      changedRows.insert(entry.row == 0 ? entry.line : entry.row)
    }

    for identity in newOrder {
      guard let group = newMessages[identity] else { continue }
      create(group.entries, in: group.project, plan: &plan)
      for entry in group.entries where !entry.text.isEmpty {
        changedRows.insert(entry.row == 0 ? entry.line : entry.row)
      }
    }

    // Check every new text in the message as it would be, with the linter's checks.
    for file in fileOrder {
      guard let group = byFile[file] else { continue }
      validate(group.changes, in: group.project, plan: &plan)
    }

    // Splice each file (changes in input order), verified by the editor.
    for file in fileOrder {
      guard var changes = byFile[file]?.changes else { continue }
      let snapshot: FileSnapshot
      do throws(MessageEditError) {
        snapshot = try AtomicFileWriter.read(file)
      } catch {
        plan.errors.append(ExchangeError(file: file, message: error.description))
        continue
      }
      let editor = MessageFileEditor(file: changes.first?.file ?? file)
      var bytes = snapshot.bytes
      var failed = false
      for position in changes.indices {
        let change = changes[position]
        do throws(MessageEditError) {
          if let new = change.new {
            let reviewed = try editor.reviewState(at: change.path, in: bytes)?.status == .reviewed
            changes[position].reviewReset = reviewed && change.old != new
            bytes = try editor.savingTranslation(new, at: change.path, in: bytes)
          } else {
            bytes = try editor.removingTranslation(at: change.path, in: bytes)
          }
        } catch {
          plan.errors.append(
            ExchangeError(
              file: inputFile, line: change.line, column: change.column, row: change.row,
              message: "\(change.messageKey) \(change.locale): \(error.description)"))
          failed = true
        }
      }
      plan.changes += changes
      if !failed, bytes != snapshot.bytes { plan.edits.append((snapshot, bytes)) }
    }
    plan.changes.sort { ($0.row, $0.line, $0.column) < ($1.row, $1.line, $1.column) }
    plan.summary.changedTranslations = plan.changes.filter { $0.kind != .pruned }.count
    plan.summary.pruned = plan.changes.filter { $0.kind == .pruned }.count
    plan.summary.changedMessages =
      Set(
        plan.changes.map { ($0.set ?? "") + "\u{1}" + $0.messageKey }
      ).count
    plan.summary.skippedRows = max(0, rows - changedRows.count)
    plan.summary.warnings = plan.warnings.count
    plan.summary.errors = plan.errors.count
    return plan
  }

  /// A new message file for `entries` (one message key, its non-empty cells): checked like any
  /// imported text, written by ``ImportPlan/apply()`` only where no file exists.
  func create(_ entries: [ImportEntry], in project: Project, plan: inout ImportPlan) {
    guard let first = entries.first else { return }
    let texts = entries.filter { !$0.text.isEmpty }
    guard !texts.isEmpty else { return }
    guard project.config.parser == .yml else {
      plan.errors.append(
        ExchangeError(
          file: inputFile, line: first.line, column: first.keyColumn, row: first.row,
          message:
            "--create-missing writes YAML message files; this project uses JSON: create \"\(first.messageKey)\" by hand"
        ))
      return
    }
    let base: String
    do throws(ProjectError) {
      base = try ProjectLoader().entityBase(
        path: project.rootPath, config: project.config, set: project.set)
    } catch {
      plan.errors.append(ExchangeError(file: error.file, message: error.message))
      return
    }
    let relative =
      base + "messages/"
      + first.messageKey.replacingOccurrences(of: project.config.namespaceCharacter, with: "/")
      + ".yml"
    var lines = ["translations:"]
    var message = ProjectMessage(
      key: first.messageKey, translations: [:], overrides: [], deprecated: false,
      deprecationWarning: nil, meta: nil, archived: false, examples: [], file: relative)
    for entry in texts {
      let plain =
        YAMLScalarWriter.canBePlain(entry.text) && !YAMLScalarWriter.looksTyped(entry.text)
      lines.append(
        "  \(entry.locale): " + (plain ? entry.text : YAMLScalarWriter.doubleQuoted(entry.text)))
      message.translations[entry.locale] = entry.text
      plan.changes.append(
        ImportChange(
          kind: .added, set: project.set, messageKey: entry.messageKey, overrideKey: nil,
          locale: entry.locale, file: relative, path: .translation(entry.locale),
          location: SourceLocation(file: relative), old: nil, new: entry.text, row: entry.row,
          line: entry.line, column: entry.column))
    }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    do {
      let readBack = try YAMLParser().parse(bytes, file: relative)
      guard readBack["translations"]?.entries?.count == texts.count else {
        throw YAMLError(file: relative, line: 1, column: 1, message: "did not read back")
      }
    } catch {
      plan.errors.append(
        ExchangeError(
          file: inputFile, line: first.line, column: first.keyColumn, row: first.row,
          message:
            "\(first.messageKey): the new file does not read back (\(error)); create it by hand"))
      return
    }
    var modified = project
    modified.messages[first.messageKey] = message
    let changes = plan.changes.filter { $0.file == relative && $0.set == project.set }
    validate(changes, in: modified, plan: &plan)
    plan.creations.append(
      (path: (project.rootPath as NSString).appendingPathComponent(relative), bytes: bytes))
  }

  /// Runs the linter's per-translation checks over the messages `changes` touch, as they would
  /// be, and keeps the findings about the changed texts: errors (and missing plural categories)
  /// block, other findings warn.
  func validate(_ changes: [ImportChange], in project: Project, plan: inout ImportPlan) {
    var modified = project
    for change in changes {
      guard var message = modified.messages[change.messageKey] else { continue }
      switch change.path.owner {
      case .message: message.translations[change.locale] = change.new
      case .override(let index): message.overrides[index].translations[change.locale] = change.new
      }
      modified.messages[change.messageKey] = message
    }
    let run = LintRun(project: modified, options: LintOptions())
    var changed: [String: ImportChange] = [:]
    for change in changes where change.new != nil {
      changed[change.messageKey + "\u{1}" + change.path.description] = change
    }
    for key in Set(changes.map(\.messageKey)).sorted() {
      guard let message = modified.messages[key] else { continue }
      let scalars = run.scalars(of: message)
      for scalar in scalars where changed[key + "\u{1}" + scalar.path] != nil {
        if project.config.icuModule { run.checkICU(message, scalar) }
        run.checkInvisible(message, scalar)
      }
      run.checkContract(message, scalars)
      run.checkWhitespace(message, scalars)
    }
    for finding in run.findings {
      guard let change = changed[finding.entityKey + "\u{1}" + finding.path] else { continue }
      let blocking =
        finding.level == .error
        || (finding.code == "plural_categories" && finding.message.contains(" lacks "))
      let problem = ExchangeError(
        file: inputFile, line: change.line, column: change.column, row: change.row,
        message: "\(change.messageKey)"
          + (change.overrideKey.map { " override \($0)" } ?? "")
          + " \(change.locale): \(finding.code): \(finding.message)"
          + (blocking ? "; not imported" : ""))
      if blocking { plan.errors.append(problem) } else { plan.warnings.append(problem) }
    }
  }
}
