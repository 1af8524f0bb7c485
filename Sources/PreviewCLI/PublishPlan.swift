import CommandLineKit
import Foundation
import Preview
import ReRune
import TerminalSafety

/// A `publish` request resolved the way the previewer resolves its sources: the site it uses when
/// `--site` is absent, the locale matched as `--locale` is at start, and the key checked against
/// the target unless `--create` is given. Nothing is written here; ``edit`` does that.
public struct PublishPlan: Sendable, Equatable {
  /// The edit to run, with the resolved site and locale.
  public var edit: OTAPublishArguments
  /// What was resolved for the user (the site chosen, a locale adjusted), one line each.
  public var notes: [String]

  /// Why a request cannot be published (nothing was written).
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var description: String
  }

  /// Resolves `request`. `currentDirectory` is where a checkout's `Demo/` is searched from;
  /// `cacheRoot` is where the embedded demo is unpacked when there is none.
  public static func make(
    _ request: PublishRequest,
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    cacheRoot: String = PreviewLauncher.cacheRoot()
  ) throws(Refusal) -> PublishPlan {
    var edit = request.edit
    var notes: [String] = []
    let project: String?
    if request.siteGiven {
      project = demoProject(owning: edit.site, currentDirectory: currentDirectory)
    } else {
      let paths: DemoPaths
      do {
        paths = try DemoPaths.resolveOrUnpack(
          PreviewOptions(), currentDirectory: currentDirectory, cacheRoot: cacheRoot)
      } catch {
        throw Refusal(description: "no OTA site to publish to: \(error); pass --site DIR")
      }
      guard let site = paths.otaSite else {
        throw Refusal(description: "the demo has no OTA site; pass --site DIR")
      }
      edit.site = site
      project = paths.project
      notes.append("site \(site) (the previewer's; --site DIR publishes elsewhere)")
    }
    let publisher = OTASitePublisher(sitePath: edit.site)
    let declared: [String]
    do {
      declared = try publisher.knownLocales()
    } catch {
      throw Refusal(description: error.description)
    }
    if edit.addLocale == nil || edit.locale != edit.addLocale {
      let (locale, note) = try locale(edit.locale, declared: declared, site: edit.site)
      edit.locale = locale
      if let note { notes.append(note) }
    }
    if edit.value != nil, !edit.key.isEmpty, !request.create {
      try checkKey(edit.key, site: publisher, locales: declared, project: project)
    }
    return PublishPlan(edit: edit, notes: notes)
  }

  /// `requested` matched among the site's locales as the previewer matches `--locale`.
  static func locale(_ requested: String, declared: [String], site: String) throws(Refusal) -> (
    String, String?
  ) {
    do {
      let (locale, note) = try StartupValues.locale(requested, loaded: declared)
      return (
        locale,
        note.map { $0.replacingOccurrences(of: "the loaded locale", with: "the site's locale") }
      )
    } catch {
      let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
      throw Refusal(
        description:
          "--locale \(requested): not a locale of the site \(site); it declares: \(list) "
          + "(--add-locale \(requested) declares it)")
    }
  }

  /// Refuses `key` unless the target (the demo project's messages, when the site is the demo's)
  /// or one of the site's payloads has it.
  static func checkKey(
    _ key: String, site publisher: OTASitePublisher, locales: [String], project: String?
  ) throws(Refusal) {
    var known: Set<String> = []
    var target = "the site's payloads"
    if let project, let loaded = try? PreviewProjectLoader.load(path: project, target: nil) {
      known.formUnion(loaded.messageKeys)
      target = "the target \(loaded.target) of \(project) or the site's payloads"
    }
    for locale in locales {
      guard let url = try? publisher.payloadURL(for: locale),
        let data = try? Data(contentsOf: url),
        let document = try? XCStringsDocument.parse(data, file: url.path)
      else { continue }
      known.formUnion(document.keys)
    }
    guard !known.contains(key) else { return }
    let suggestion = Suggestion.closest(to: key, in: known.sorted()).map {
      "did you mean \(SafeText.quoted($0))? "
    }
    throw Refusal(
      description:
        "\(SafeText.quoted(key)) is not a key of \(target): not published; \(suggestion ?? "")"
        + "--create publishes a new key")
  }

  /// The demo project whose OTA site `site` is (the checkout's `Demo/ota`), if it is one.
  static func demoProject(owning site: String, currentDirectory: String) -> String? {
    guard let demo = DemoPaths.findDemo(from: currentDirectory) else { return nil }
    func canonical(_ path: String) -> String {
      URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory))
        .standardizedFileURL.resolvingSymlinksInPath().path
    }
    return canonical(site) == canonical(demo + "/ota") ? demo + "/project" : nil
  }
}
