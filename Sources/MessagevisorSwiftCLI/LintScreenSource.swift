import Foundation
import MessagevisorProject
import MessagevisorSystem
import Preview
import TerminalUI

/// What `lint` learns from the previewer: the project's screens (read by the previewer's own
/// screen reader), the target they show, display width as the previewer measures it, and the
/// pseudo-locale transform.
enum LintScreenSource {
  /// Fills `options` with the screens of the project at `path` (`set`'s own `previews/` when it
  /// has one), the previewer's target choice and its measures.
  static func prepare(_ options: inout LintOptions, path: String, target: String?, set: String?) {
    var previews = "previews"
    if let set,
      FileManager.default.fileExists(
        atPath: (path as NSString).appendingPathComponent("sets/\(set)/previews"))
    {
      previews = "sets/\(set)/previews"
    }
    let read = ScreenFileReader().readDirectory(
      (path as NSString).appendingPathComponent(previews), relativeTo: previews)
    options.screens = read.screens.map(\.lintScreen)
    options.screenErrors = read.errors.map {
      ProjectError(file: $0.file, line: $0.line, column: $0.column, message: $0.message)
    }
    if !options.screens.isEmpty {
      let targets = projectTargets(path: path, set: set)
      options.screenTarget = try? PreviewProjectLoader.chooseTarget(target, in: targets, path: path)
    }
    options.measure = { DisplayWidth.of($0) }
    options.pseudoLocalize = { PseudoLocalizer.transform($0) }
  }

  /// The target keys of the project (file names under `targets/`), without loading it.
  static func projectTargets(path: String, set: String?) -> [String] {
    let base = set.map { "sets/\($0)/targets" } ?? "targets"
    let directory = (path as NSString).appendingPathComponent(base)
    var keys: [String] = []
    for item in DirectoryListing.files(under: directory) ?? [] {
      for suffix in [".yml", ".yaml", ".json"] where item.hasSuffix(suffix) {
        keys.append(String(item.dropLast(suffix.count)).replacingOccurrences(of: "/", with: "."))
      }
    }
    return keys
  }
}
