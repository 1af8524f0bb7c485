import Foundation
import Messagevisor
import MessagevisorProject
import TerminalUI

/// The translation editor's file and engine side: finding the text at its source, rendering the
/// typed text, saving through `MessageFileEditor` and undoing a save.
extension PreviewSession {
  /// Where a string's text is written: the message file, the translation path and what serves
  /// the string now.
  struct TranslationSource {
    var message: ProjectMessage
    var path: TranslationPath
    var file: String
    var displayFile: String
    var line: Int
    var original: String
    var originNote: String?
    var sourceLocale: String?
    var sourceText: String?
    var translatorContext: MessagevisorValue?
  }

  /// Performs an editor effect and returns the answer (`nil` for ``TranslationEditorEffect/openExternal(_:)``,
  /// which the loop runs because it needs the terminal).
  public func performEditor(_ effect: TranslationEditorEffect) -> TranslationEditorEvent? {
    switch effect {
    case .open(let request):
      return openEditor(request)
    case .render(let request):
      let (result, samples) = render(request)
      return .rendered(
        text: request.text, result: result, samples: samples, findings: lintTyped(request))
    case .save(let text, let path, let snapshot, let label):
      return save(text, at: path, over: snapshot, label: label)
    case .undo(let change, let label):
      do {
        try AtomicFileWriter.undo(change)
        return .undone(label: label)
      } catch {
        return .undoFailed("cannot undo the save of \(label): \(error.description)")
      }
    case .openExternal:
      return nil
    }
  }

  /// The editor's state for the string `request` names, read from its message file.
  func openEditor(_ request: TranslationEditorRequest) -> TranslationEditorEvent {
    let found: TranslationSource
    do {
      found = try translationSource(of: request.key)
    } catch {
      return .refused(error.message)
    }
    let snapshot: FileSnapshot
    do {
      snapshot = try AtomicFileWriter.read(found.file)
    } catch {
      return .refused("cannot edit \(request.key): \(error.description)")
    }
    var notes: [String] = []
    if let root = try? YAMLParser().parse(snapshot.bytes, file: found.displayFile),
      let description = root["description"]?.string, !description.isEmpty
    {
      notes.append("description: " + description)
    }
    if let warning = found.message.deprecationWarning { notes.append("deprecated: " + warning) }
    if let context = found.translatorContext?.objectValue {
      for key in context.keys.sorted() {
        notes.append("translator \(key): \(PreviewContent.display(context[key] ?? .null))")
      }
    }
    if let meta = found.message.meta?.objectValue, !meta.isEmpty {
      notes.append(
        "meta: "
          + meta.keys.sorted().map { "\($0)=\(PreviewContent.display(meta[$0] ?? .null))" }
          .joined(separator: ", "))
    }
    let snapshotNow = engine.getSnapshot()
    let locale = found.path.locale
    let evaluate = screenValues(
      snapshot: snapshotNow, locale: locale, now: configuration.now(), synced: configuration.now())
    return .opened(
      TranslationEditorState(
        key: request.key, locale: locale, path: found.path, snapshot: snapshot,
        displayFile: found.displayFile, line: found.line, original: found.original,
        sourceLocale: found.sourceLocale, sourceText: found.sourceText,
        originNote: found.originNote, notes: notes,
        maxGraphemes: found.translatorContext?.objectValue?["maxGraphemes"]?.intValue,
        budget: request.budget, values: request.values.mapValues(evaluate)))
  }

  /// Why the editor cannot open on a string.
  struct EditorRefusal: Error {
    var message: String
  }

  /// Finds the text `translate` shows for `key` in the active locale at its source: the
  /// winning override's translation, else the message's base translation.
  func translationSource(of key: String) throws(EditorRefusal) -> TranslationSource {
    let sources = self.sources.withLock { $0 }
    guard let project = sources.project else {
      throw EditorRefusal(
        message:
          "\(key): the previewer shows a datafile, not a project; start it with --project to edit")
    }
    guard let message = project.messages[key] else {
      throw EditorRefusal(message: "\(key) is not a message of the project; nothing to edit")
    }
    let snapshot = engine.getSnapshot()
    guard let locale = snapshot.locale else {
      throw EditorRefusal(message: "no active locale")
    }
    if locale == pseudoLocale {
      throw EditorRefusal(
        message:
          "\(locale) is generated from \(sources.sourceLocale ?? "the source locale"); switch to a real locale to edit"
      )
    }
    let trace = try? engine.traceTranslation(key)
    var owner = TranslationPath.Owner.message
    var translations = message.translations
    var locations = message.translationLocations
    var line = message.location.line
    var translatorContext = message.translatorContext
    if case .override(let overrideKey, _)? = trace?.source,
      let index = message.overrides.firstIndex(where: { $0.key == overrideKey })
    {
      let override = message.overrides[index]
      owner = .override(index)
      translations = override.translations
      locations = override.translationLocations
      line = override.location.line
      translatorContext = override.translatorContext ?? message.translatorContext
    }
    let path = TranslationPath(owner: owner, locale: locale)
    let original = translations[locale]
    let layers = layerOrigins(currentLayers, sources, locales: [locale])
    let origin = trace.map { TextOrigin($0, layer: layers(key, $0.locale)) }
    var note: String?
    switch origin {
    case .otaOverlay(let revision)?:
      note =
        "OTA revision \(revision) serves this string (“\(trace?.text ?? "")”); "
        + "you edit the project's text beneath it"
    case .base(let layer)? where layer != sources.projectLayer:
      note =
        "the \(layer) layer serves this string (“\(trace?.text ?? "")”); "
        + "you edit the project's text beneath it"
    case .inherited(let from, _)?:
      note = "inherited from \(from) (\(trace?.text ?? "")); your text is the first \(locale) one"
    default:
      if original == nil { note = "missing in \(locale): your text is the first one" }
    }
    let root = project.rootPath.hasSuffix("/") ? project.rootPath : project.rootPath + "/"
    let sourceLocale = sources.sourceLocale.flatMap { $0 == locale ? nil : $0 }
    let file = message.file.hasPrefix("/") ? message.file : root + message.file
    return TranslationSource(
      message: message, path: path, file: file,
      displayFile: message.file.hasPrefix(root)
        ? String(message.file.dropFirst(root.count)) : message.file,
      line: (locations[locale]?.line).flatMap { $0 > 0 ? $0 : nil } ?? line,
      original: original ?? "", originNote: note, sourceLocale: sourceLocale,
      sourceText: sourceLocale.flatMap { translations[$0] ?? message.translations[$0] },
      translatorContext: translatorContext)
  }

  /// The typed text rendered with the request's values through the engine's modules, and one
  /// line per plural category sample; `nil` (with the error as a line) when rendering fails.
  func render(_ request: TranslationRenderRequest) -> (String?, [String]) {
    let options = EvaluationOptions(locale: request.locale)
    func format(_ values: [String: MessagevisorValue]) -> Result<String, Error> {
      Result {
        try engine.formatMessage(request.text, values: MessagevisorValues(values), options: options)
      }
    }
    var lines: [String] = []
    for plural in request.samples {
      for sample in plural.samples {
        var values = request.values
        let number: MessagevisorValue =
          sample.number == sample.number.rounded()
          ? .int(Int(sample.number)) : .double(sample.number)
        values[plural.argument] = number
        let shown = PreviewContent.display(number)
        switch format(values) {
        case .success(let text):
          lines.append("\(plural.argument) \(sample.category) (\(shown)): \(text)")
        case .failure(let error):
          lines.append("\(plural.argument) \(sample.category) (\(shown)): ! \(error)")
        }
      }
    }
    switch format(request.values) {
    case .success(let text): return (text, lines)
    case .failure(let error): return (nil, ["! cannot render: \(error)"] + lines)
    }
  }

  /// The lint codes the editor checks itself (`TranslationEditorChecks`, `fitProblems`), and
  /// `reviewed_target_changed`, which a save resolves (saved copy stops being reviewed).
  static let editorOwnCodes: Set<String> = [
    "invalid_icu_syntax", "select_without_other", "plural_categories", "fit",
    "reviewed_target_changed",
  ]

  /// The project's per-message lint checks run on the message with the typed text in place of
  /// the translation the request names; the findings about that translation only.
  func lintTyped(_ request: TranslationRenderRequest) -> [LintFinding] {
    guard let key = request.key, let path = request.path,
      let project = sources.withLock({ $0.project }), var message = project.messages[key]
    else { return [] }
    switch path.owner {
    case .message:
      message.translations[path.locale] = request.text
    case .override(let index):
      guard message.overrides.indices.contains(index) else { return [] }
      message.overrides[index].translations[path.locale] = request.text
    }
    var options = LintOptions()
    options.measure = { DisplayWidth.of($0) }
    let report = ProjectLinter(options: options).lint(message: message, in: project)
    return report.findings.filter {
      $0.path == path.description && !Self.editorOwnCodes.contains($0.code)
    }
  }

  /// Saves through `MessageFileEditor/save(_:at:over:)`; a refusal keeps the typed text (the
  /// editor stays open), a conflict also hands back the file as it is now.
  func save(_ text: String, at path: TranslationPath, over snapshot: FileSnapshot, label: String)
    -> TranslationEditorEvent
  {
    let editor = MessageFileEditor(file: label)
    do {
      let change = try MessageFileEditor(file: snapshot.path).save(text, at: path, over: snapshot)
      return .saved(change, label: label)
    } catch .conflict {
      let current = try? AtomicFileWriter.read(snapshot.path)
      let onDisk = current.flatMap { try? editor.translation(at: path, in: $0.bytes) }
      return .saveFailed(
        "not saved: the file changed on disk since the editor opened (its text now: "
          + (onDisk.map { "“\($0)”" } ?? "none")
          + "); your text is kept — Enter saves it over the new file (only this text changes), Esc cancels",
        current: current)
    } catch .unsupportedConstruct(let file, let line, let column, let construct) {
      return .saveFailed(
        "not saved: \(file):\(line):\(column): \(construct) cannot be changed in place; "
          + "your text is kept — Esc, then o opens the file in your editor", current: nil)
    } catch {
      return .saveFailed("not saved: \(error.description); your text is kept", current: nil)
    }
  }
}
