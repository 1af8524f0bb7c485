import Foundation
import Preview
import PreviewCLI
import TerminalSafety
import TerminalUI

/// `messagevisor-preview gallery`: renders every screen × locale (× value) with the session and
/// view `--print` uses and writes `index.html` plus one SVG per frame.
enum GalleryCommand {
  /// Runs the subcommand and returns the exit status.
  static func run(_ options: GalleryOptions) async -> Int32 {
    guard let out = options.out else { return 64 }
    let prepared: PreviewLauncher.Prepared
    do {
      let paths = try DemoPaths.resolveOrUnpack(options.preview)
      prepared = try PreviewLauncher.prepare(
        options: options.preview, paths: paths, modules: PreviewLauncher.defaultModules(),
        requestTimeout: 5)
    } catch let error as DemoPaths.NotFound {
      PreviewCommand.printError("messagevisor-preview gallery: \(error.description)")
      return 66
    } catch let error as EmbeddedDemo.Failure {
      PreviewCommand.printError("messagevisor-preview gallery: \(error.description)")
      return 73
    } catch let error as PreviewLauncher.Failure {
      PreviewCommand.printError("messagevisor-preview gallery: \(error.description)")
      return error.isUsageError ? 64 : 66
    } catch {
      PreviewCommand.printError("messagevisor-preview gallery: \(error)")
      return 66
    }
    if let notice = prepared.notice {
      PreviewCommand.printError("messagevisor-preview gallery: note: \(notice)")
    }
    let progress = ProgressReporter.standardError(json: !options.progress)
    let frames: [GalleryFrame]
    do {
      frames = try await GalleryRenderer.render(prepared: prepared, options: options) {
        done, total in
        progress.update("gallery: rendering frames", done: done, total: total)
      }
    } catch {
      progress.finish()
      PreviewCommand.printError("messagevisor-preview gallery: \(error.description)")
      return 64
    }
    let html = GalleryHTML.page(
      frames: frames, project: prepared.project.path, target: prepared.project.target,
      problems: prepared.problems + prepared.diagnostics.map(\.message))
    do {
      let directory = URL(fileURLWithPath: out)
      let framesDirectory = directory.appendingPathComponent("frames")
      try FileManager.default.createDirectory(
        at: framesDirectory, withIntermediateDirectories: true)
      for (index, frame) in frames.enumerated() {
        progress.update("gallery: writing SVG", done: index + 1, total: frames.count)
        let svg = GallerySVG.document(frame.frame, title: frame.stem)
        try Data(svg.utf8).write(
          to: framesDirectory.appendingPathComponent(frame.stem + ".svg"), options: .atomic)
      }
      try Data(html.utf8).write(
        to: directory.appendingPathComponent("index.html"), options: .atomic)
    } catch {
      progress.finish()
      PreviewCommand.printError("messagevisor-preview gallery: cannot write \(out): \(error)")
      return 73
    }
    progress.finish()
    PreviewCommand.print("wrote \(out)/index.html and \(frames.count) SVG frames")
    return 0
  }
}
