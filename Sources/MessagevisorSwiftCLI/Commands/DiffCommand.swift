import CommandLineKit
import Foundation
import MessagevisorProject

/// `messagevisor-swift diff`: copy and routing changes between two git refs (default `HEAD` and
/// the working tree), as text, Markdown or JSON.
///
/// Each ref's project files are read out of git into a temporary directory (removed afterwards)
/// and loaded with the project loader; nothing in the repository or the project is written.
enum DiffCommand {
  /// Exit status: the comparison ran (with or without changes, unless `exitCode`).
  static let statusSuccess: Int32 = 0
  /// Exit status with `exitCode`: there are changes.
  static let statusChanges: Int32 = 1
  /// Exit status: a usage error (an unknown ref, locale or set).
  static let statusUsage: Int32 = 2
  /// Exit status: the comparison could not run (not a git checkout, a ref missing from a shallow
  /// clone, a project that does not load at one side, git failing).
  static let statusCannotCompare: Int32 = 3

  /// A failure with the exit status it maps to.
  struct Failure: Error {
    var status: Int32
    var message: String
  }

  /// Runs the diff; returns the exit status (see the `status…` constants).
  static func run(_ command: DiffCommandLine, output: CLIOutput) -> Int32 {
    do {
      let diff = try compare(command)
      switch command.format {
      case .json: output.json(diff.json(pretty: command.pretty))
      default: output.line(diff.rendered(command.format))
      }
      return command.exitCode && !diff.isEmpty ? statusChanges : statusSuccess
    } catch {
      output.error("error: \(error.message)")
      return error.status
    }
  }

  /// What to compare (`--resolved`, `--locale`).
  static func comparison(_ command: DiffCommandLine) -> CopyDiff.Options {
    var comparison = CopyDiff.Options()
    comparison.resolved = command.resolved
    comparison.locale = command.locale
    return comparison
  }

  /// The diff the command describes.
  static func compare(_ command: DiffCommandLine) throws(Failure) -> CopyDiff {
    let options = command.project.commandOptions()
    let path = options.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw Failure(status: statusUsage, message: "project directory not found: \(path)")
    }
    let repository = GitRepository(directory: path)
    let fromRef = command.from ?? "HEAD"
    var temporaries: [String] = []
    defer {
      for directory in temporaries { try? FileManager.default.removeItem(atPath: directory) }
    }
    func side(_ ref: String?) throws(Failure) -> (label: String, directory: String) {
      guard let ref else { return ("working tree", path) }
      do {
        let commit = try repository.commit(ref)
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent(
          "messagevisor-diff-\(UUID().uuidString)")
        temporaries.append(directory)
        try? FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
        let count = try repository.writeProjectTree(at: commit, into: directory)
        guard count > 0 else {
          let prefix = try repository.prefix()
          let place = prefix.isEmpty ? "the repository root" : prefix
          throw Failure(
            status: statusCannotCompare,
            message:
              "the project does not exist at \(ref): no config or entity files under \(place) in that commit"
          )
        }
        return (ref, directory)
      } catch let error as GitError {
        throw failure(error)
      } catch let error as Failure {
        throw error
      } catch {
        throw Failure(status: statusCannotCompare, message: "\(error)")
      }
    }
    let old = try side(fromRef)
    let new = try side(command.to)
    var diff = CopyDiff(from: old.label, to: new.label, resolved: command.resolved, changes: [])
    if command.to == nil {
      if (try? repository.hasUncommittedChanges()) == true {
        diff.notes.append(
          "the working tree has uncommitted changes under the project directory; they are compared as they are on disk (untracked files included)"
        )
      }
    }
    for set in try sets(old.directory, new.directory, options: options) {
      let before = try load(old, set: set, options: options)
      let after = try load(new, set: set, options: options)
      if let locale = command.locale,
        before?.locales[locale] == nil, after?.locales[locale] == nil
      {
        var knownLocales = Set<String>()
        if let before { knownLocales.formUnion(before.locales.keys) }
        if let after { knownLocales.formUnion(after.locales.keys) }
        let known = knownLocales.sorted()
        let hint = Suggestion.didYouMean(locale, in: known)
        throw Failure(
          status: statusUsage,
          message:
            "--locale \(locale): no such locale on either side\(hint); known: \(known.joined(separator: ", "))"
        )
      }
      diff.changes += CopyDiff.changes(
        from: before, to: after, set: set, options: comparison(command))
    }
    return diff
  }

  /// The sets to compare: `--set`, else every set either side has (`[nil]` without sets).
  static func sets(_ old: String, _ new: String, options: ProjectCommandOptions) throws(Failure)
    -> [String?]
  {
    let usesSets = [old, new].contains { (try? ProjectConfig.load(directory: $0))?.sets == true }
    guard usesSets else { return [nil] }
    if let set = options.set { return [set] }
    let names = Set(ProjectConfig.setNames(projectDirectory: old)).union(
      ProjectConfig.setNames(projectDirectory: new))
    return names.sorted()
  }

  /// The project (or set) of one side; `nil` when the set does not exist on that side.
  static func load(
    _ side: (label: String, directory: String), set: String?, options: ProjectCommandOptions
  ) throws(Failure) -> Project? {
    var projectOptions = options
    projectOptions.projectDirectoryPath = side.directory
    projectOptions.set = set
    if let set, !ProjectConfig.setNames(projectDirectory: side.directory).contains(set) {
      return nil
    }
    do {
      return try projectOptions.loadProject(output: CLIOutput(capture: true), quiet: true)
    } catch {
      let place = side.label == "working tree" ? "in the working tree" : "at \(side.label)"
      throw Failure(
        status: statusCannotCompare,
        message: "the project does not load \(place): \(error.description)")
    }
  }

  /// The failure a git error maps to: an unknown ref is a usage error with a suggestion.
  static func failure(_ error: GitError) -> Failure {
    if case .unknownRef(let ref, let candidates) = error {
      let hint = Suggestion.didYouMean(ref, in: candidates)
      return Failure(status: statusUsage, message: error.description + hint)
    }
    return Failure(status: statusCannotCompare, message: error.description)
  }
}
