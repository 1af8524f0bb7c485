import Foundation
import MessagevisorProject

/// `build` with the persistent build cache (``BuildCacheStore``): a build of every target and
/// locale whose inputs did not change since the last one writes the cached datafiles with the
/// new revision; otherwise the project is loaded through the cache (only changed files are
/// parsed) and the datafiles are built and kept for next time.
extension BuildCommand {
  /// Where a build writes: the datafiles directory and the revision file.
  struct Places {
    var output: String
    var revision: String

    init(_ options: Options, root: String, set: String?, config: ProjectConfig) {
      var state = (root as NSString).appendingPathComponent(".messagevisor")
      output =
        options.datafilesDirectoryPath ?? (root as NSString).appendingPathComponent("datafiles")
      if let set {
        state = (state as NSString).appendingPathComponent(set)
        output = (output as NSString).appendingPathComponent(set)
      }
      revision = (state as NSString).appendingPathComponent(config.revisionFileName)
    }
  }

  /// The cache a build with `options` uses: none without a directory (`--no-cache`), for JSON output, for a
  /// build of one target or locale, or when the config is overridden on the command line (the
  /// cache is keyed by the files, not by those options).
  static func cacheStore(for options: Options) -> BuildCacheStore? {
    let project = options.project
    guard let directory = options.cacheDirectory, !options.json, options.locale == nil,
      project.target == nil,
      project.parser == nil, project.namespaceCharacter == nil, project.withIcuModule == nil,
      project.withInterpolationModule == nil
    else { return nil }
    return BuildCacheStore(
      directory: directory, root: root(options), set: project.set,
      minimumFiles: options.cacheMinimumFiles)
  }

  static func root(_ options: Options) -> String {
    options.project.projectDirectoryPath ?? FileManager.default.currentDirectoryPath
  }

  /// When nothing the build reads changed since the cached build, writes its datafiles with the
  /// new revision and returns the exit status; `nil` when the project must be built.
  static func rewriteUnchanged(_ options: Options, store: BuildCacheStore, output: CLIOutput)
    throws(ProjectError) -> Int32?
  {
    let root = root(options)
    guard
      let inputs = ProjectSourceCache.unchangedInputs(
        root: root, set: options.project.set, store: store),
      let products = DatafileProducts.read(from: store), products.digest == inputs.digest
    else { return nil }
    for note in inputs.config.notes { output.error("note: \(note)") }
    let places = Places(options, root: root, set: options.project.set, config: inputs.config)
    let revision = options.revision ?? nextRevision(places.revision)
    for (index, file) in products.files.enumerated() {
      output.progress("build: \(file.target) \(file.locale)", done: index, total: 0)
      try writeLine(
        file.text(revision: revision),
        to: (places.output as NSString).appendingPathComponent(file.path))
    }
    output.finishProgress()
    try writeLine(Array(revision.utf8), to: places.revision)
    let setLabel = options.project.set.map { " of set \($0)" } ?? ""
    output.line(
      "Built \(products.files.count) datafile(s)\(setLabel) at revision \(revision) into \(places.output)"
    )
    return 0
  }

  /// The project, loaded through `store`'s cache when there is one (and the cache, to record
  /// the products), else as every project command loads it.
  static func load(_ options: Options, store: BuildCacheStore?, output: CLIOutput)
    throws(ProjectError) -> (Project, ProjectSourceCache?)
  {
    guard let store else { return (try options.project.loadProject(output: output), nil) }
    let cache = ProjectSourceCache(root: root(options), set: options.project.set)
    cache.seed(from: store)
    let outcome = cache.load()
    cache.save(to: store)
    // A project that does not load is reported as every command reports it.
    guard let project = outcome.project else {
      return (try options.project.loadProject(output: output), nil)
    }
    for note in project.config.notes { output.error("note: \(note)") }
    return (project, cache)
  }
}
