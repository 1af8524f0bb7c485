import CommandLineKit
import Foundation
import Messagevisor
import TerminalUI

/// Renders a project's gallery frames with the same session, loop and view `--print` uses: one
/// ``PreviewSession`` per locale (and value), one ``PreviewLoop`` start per screen, then
/// ``PreviewView/render(_:)``.
public enum GalleryRenderer {
  /// A request the project cannot satisfy (unknown locale or attribute): exit 64.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What to fix.
    public var description: String
  }

  /// The values of `--vary ATTRIBUTE`: the attribute's values as the generic context controls
  /// cycle through them (booleans: on, off).
  public static func values(
    of name: String, in attributes: [ContextAttribute]
  ) throws(Failure) -> [MessagevisorValue] {
    guard let attribute = attributes.first(where: { $0.name == name }) else {
      let known = attributes.map(\.name)
      throw Failure(
        description:
          "--vary \(name): the target has no such context attribute"
          + (known.isEmpty
            ? " (it declares none)" : " (attributes: \(known.joined(separator: ", ")))"))
    }
    if attribute.isBoolean { return [.bool(true), .bool(false)] }
    guard !attribute.values.isEmpty else {
      throw Failure(
        description:
          "--vary \(name): no values known (give it enum: in attributes/\(name).yml or compare it in a segment)"
      )
    }
    return attribute.values
  }

  /// The locales to render: `requested` (each must be a target locale, or the pseudo-locale:
  /// `pseudo` or its identifier) or all of them.
  public static func locales(
    _ requested: [String]?, project: PreviewProject
  ) throws(Failure) -> [String] {
    guard var requested else { return project.locales }
    let pseudo = project.pseudoLocale
    requested = requested.map { $0 == PseudoLocale.alias ? pseudo ?? $0 : $0 }
    for locale in requested where !project.locales.contains(locale) && locale != pseudo {
      throw Failure(
        description:
          "--locales: \(locale) is not a locale of target \(project.target)\(Suggestion.didYouMean(locale, in: project.locales)) (locales: \(project.locales.joined(separator: ", ")))"
      )
    }
    return requested
  }

  /// The screens rendered: the project's screen files, or the built-in message list without any.
  public static func screens(_ project: PreviewProject) -> [ScreenEntry] {
    let own = project.screens.entries.filter { $0.definition != nil }
    return own.isEmpty ? project.screens.entries : own
  }

  /// Renders every screen × locale (× value). `progress(done, total)` is called after each frame.
  public static func render(
    prepared: PreviewLauncher.Prepared, options: GalleryOptions,
    progress: (Int, Int) -> Void = { _, _ in }
  ) async throws(Failure) -> [GalleryFrame] {
    let project = prepared.project
    let locales = try locales(options.locales, project: project)
    var varied: [MessagevisorValue?] = [nil]
    if let name = options.vary {
      varied = try values(of: name, in: project.attributes).map { Optional($0) }
    }
    let screens = screens(project)
    let total = locales.count * varied.count * screens.count
    var frames: [GalleryFrame] = []
    var checked = false
    for locale in locales {
      for value in varied {
        var configuration = prepared.configuration
        configuration.locale = locale
        if let name = options.vary, let value { configuration.context[name] = value }
        let inbox = PreviewInbox()
        let session = PreviewSession(configuration, inbox: inbox)
        defer { session.stop() }
        if session.ota != nil && !checked {
          checked = true
          await session.runCheck(manual: false, phaseDelays: false)
        }
        let setup = inbox.drain()
        for entry in screens {
          frames.append(
            render(
              entry, locale: locale, value: value, session: session, setup: setup,
              prepared: prepared, options: options))
          progress(frames.count, total)
        }
      }
    }
    return frames
  }

  /// One frame, as `--print` renders it.
  static func render(
    _ entry: ScreenEntry, locale: String, value: MessagevisorValue?, session: PreviewSession,
    setup: [PreviewMessage], prepared: PreviewLauncher.Prepared, options: GalleryOptions
  ) -> GalleryFrame {
    var state = PreviewState(otaSource: prepared.otaSummary)
    state.otaEnabled = session.ota != nil
    state.screen = PreviewScreen(rawValue: entry.name)
    state.inspect = options.preview.inspect
    state.width = options.preview.width
    state.height = options.preview.height ?? 30
    let screen = HeadlessScreen(width: state.width, height: state.height, colorMode: .monochrome)
    let loop = PreviewLoop(screen: screen, session: session, state: state, interval: 0)
    for message in setup { loop.dispatch(message) }
    loop.start()
    var final = loop.state
    let natural = PreviewView.naturalHeight(final)
    var fit: [String] = []
    if let height = options.preview.height {
      if natural > height {
        fit.append(
          "the screen needs \(natural) rows but the frame has \(height): blocks are dropped or cut (try --height \(natural))"
        )
      }
    } else {
      final.height = max(30, natural)
    }
    let frame = PreviewView.render(final)
    fit += fitWarnings(final, frame: frame)
    // What a reviewer acts on: warnings and errors (the engine's info and debug are left out).
    var diagnostics = final.diagnostics.entries.filter { $0.level <= .warn }.map { entry in
      "\(entry.level) \(entry.code): \(entry.subject == entry.message ? entry.message : "\(entry.message): \(entry.subject)")"
    }
    diagnostics = diagnostics.reduce(into: []) { list, line in
      if !list.contains(line) { list.append(line) }
    }
    let file = entry.definition?.file
    for entry in prepared.diagnostics where file != nil && entry.detail("file") == file {
      let line = "\(entry.level) \(entry.code): \(entry.message)"
      if !diagnostics.contains(line) { diagnostics.append(line) }
    }
    return GalleryFrame(
      screen: entry.name, title: entry.title, locale: locale,
      value: value.map(PreviewContent.display), rightToLeft: final.content?.isRightToLeft ?? false,
      frame: frame, diagnostics: diagnostics, fitWarnings: fit)
  }

  /// Texts of the screen that do not appear whole in the frame (cut by a chip's or button's
  /// budget, or dropped for lack of rows), each named by its key and file position. Texts of
  /// words are checked word by word; texts without spaces (CJK) and right-to-left texts (which
  /// the frame reorders) are checked character by character.
  static func fitWarnings(_ state: PreviewState, frame: Frame) -> [String] {
    guard let content = state.content, let definition = state.currentScreen?.definition else {
      return []
    }
    let rendered = frame.lines().joined(separator: "\n")
    var available: [Character: Int] = [:]
    for character in rendered where !character.isWhitespace {
      available[character, default: 0] += 1
    }
    var warnings: [String] = []
    var seen: Set<String> = []
    for block in definition.blocks where !block.optional {
      if case .status = block.kind { continue }
      for binding in block.bindings where seen.insert(binding.key).inserted {
        let resolved = content.text(binding)
        if resolved.origin == .fallbackToKey { continue }
        let text = resolved.text
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var missing: [String] = []
        let wide = text.unicodeScalars.contains { $0.value >= 0x1100 }
        if words.count > 1 && !content.isRightToLeft && !wide {
          missing = words.filter { !rendered.contains($0) }
        } else {
          var needed: [Character: Int] = [:]
          // Format characters (bidi marks, joiners) have no cell of their own.
          for character in text
          where !character.isWhitespace
            && !character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format })
          {
            needed[character, default: 0] += 1
          }
          missing = needed.filter { available[$0.key, default: 0] < $0.value }.map {
            String($0.key)
          }
          .sorted()
        }
        guard !missing.isEmpty else { continue }
        warnings.append(
          "\(definition.file):\(binding.line):\(binding.column): \"\(binding.key)\" is not shown whole (missing: \(missing.prefix(3).joined(separator: " "))\(missing.count > 3 ? " …" : ""))"
        )
      }
    }
    return warnings
  }
}
