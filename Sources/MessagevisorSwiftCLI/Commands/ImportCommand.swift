import Foundation
import MessagevisorProject

/// `messagevisor-swift import`: translations from CSV or XLIFF 2.0 into the project's message
/// files. Previews by default; writes only with `--apply`, and then all or nothing.
enum ImportCommand {
  /// Imports; returns the exit status: 0 previewed or applied without error, 1 any error
  /// (nothing written).
  static func run(_ command: ImportCommandLine, output: CLIOutput) -> Int32 {
    let plan: ImportPlan
    do throws(ExchangeError) {
      plan = try makePlan(command, output: output)
    } catch {
      output.error("error: \(error.description)")
      return 1
    }
    var applied = false
    var failure: ExchangeError? = nil
    if command.apply, plan.canApply, !plan.files.isEmpty {
      do throws(ExchangeError) {
        try plan.apply()
        applied = true
      } catch {
        failure = error
      }
    }
    if command.json {
      output.json(plan.json(applied: applied, pretty: command.pretty))
    } else {
      output.line(plan.text(input: command.input ?? "", applied: applied))
    }
    if let failure { output.error("error: \(failure.description)") }
    return plan.canApply && failure == nil ? 0 : 1
  }

  /// The plan of an import (reads the input and the project; writes nothing).
  static func makePlan(_ command: ImportCommandLine, output: CLIOutput) throws(ExchangeError)
    -> ImportPlan
  {
    let input = command.input ?? ""
    let loading = command.project.commandOptions()
    guard let format = command.format ?? ExchangeFormat(fileName: input) else {
      throw ExchangeError(
        file: input,
        message: "cannot tell the format from the file name; pass --format csv or --format xliff")
    }
    var projects: [String?: Project] = [:]
    for set in loading.setsToVisit() {
      var project = loading
      project.set = set
      do throws(ProjectError) {
        projects[set] = try project.loadProject(output: output)
      } catch {
        throw ExchangeError(
          file: error.file, line: error.line, column: error.column, message: error.message)
      }
    }
    let bytes: [UInt8]
    do throws(MessageEditError) {
      bytes = try AtomicFileWriter.readBytes(input)
    } catch {
      throw ExchangeError(file: input, message: error.description)
    }
    var planner = ImportPlanner(inputFile: input)
    planner.emptyValues = command.emptyValues
    planner.prune = command.prune
    planner.createMissing = command.createMissing
    let knownLocales = Set(projects.values.flatMap(\.locales.keys)).sorted()
    for locale in command.locales where !knownLocales.contains(locale) {
      throw ExchangeError(
        file: "--locale",
        message:
          "unknown locale \"\(locale)\"; the project has \(knownLocales.joined(separator: ", "))")
    }
    let defaultSet = loading.set ?? (projects.count == 1 ? projects.keys.first ?? nil : nil)
    switch format {
    case .csv:
      let lowered = input.lowercased()
      let delimiter = command.delimiter?.scalar ?? (lowered.hasSuffix(".tsv") ? "\t" : ",")
      let records = try CSVReader(delimiter: delimiter, file: input).read(bytes)
      let separator = projects.values.first?.config.exportOverrideKeySeparator ?? ":"
      let (entries, errors) = ExchangeCSV.entries(
        records, file: input, knownLocales: knownLocales, locales: command.locales,
        overrideSeparator: separator)
      var plan = planner.plan(
        entries: entries, rows: max(0, records.count - 1), projects: projects,
        defaultSet: defaultSet)
      plan.errors = errors + plan.errors
      plan.summary.errors = plan.errors.count
      return plan
    case .xliff:
      let read = XLIFFReader(file: input).read(
        bytes, projects: projects, locales: command.locales)
      var plan = planner.plan(
        entries: read.entries, rows: read.rows, projects: projects, defaultSet: defaultSet)
      plan.errors = read.errors + plan.errors
      plan.warnings = read.warnings + plan.warnings
      plan.summary.errors = plan.errors.count
      plan.summary.warnings = plan.warnings.count
      return plan
    }
  }
}
