import Foundation
import MessagevisorProject

/// `messagevisor-swift import`: translations from CSV or XLIFF 2.0 into the project's message
/// files. Previews by default; writes only with ``Options/apply``, and then all or nothing.
public enum ImportCommand {
  /// The options of an import.
  public struct Options: Sendable {
    /// How the project is loaded (`--set`: rows without a set column go to it).
    public var project = ProjectCommandOptions()
    /// The input file.
    public var input = ""
    /// The format (`nil`: from the input's extension).
    public var format: ExchangeFormat?
    /// Only these locales (empty: every locale in the file).
    public var locales: [String] = []
    /// The CSV delimiter (`nil`: `,`, or a tab for `.tsv`).
    public var delimiter: Unicode.Scalar?
    /// What an empty cell means.
    public var emptyValues = ImportEmptyValues.skip
    /// Remove imported translations equal to the inherited text.
    public var prune = false
    /// Create message files for keys the project does not have.
    public var createMissing = false
    /// Write the files (else only preview).
    public var apply = false
    /// Print JSON.
    public var json = false
    /// Pretty-print JSON.
    public var pretty = false

    /// Creates options with every default.
    public init() {}
  }

  /// Imports; returns the exit status: 0 previewed or applied without error, 1 any error
  /// (nothing written).
  public static func run(_ options: Options, output: CLIOutput) -> Int32 {
    let plan: ImportPlan
    do throws(ExchangeError) {
      plan = try makePlan(options, output: output)
    } catch {
      output.error("error: \(error.description)")
      return 1
    }
    var applied = false
    var failure: ExchangeError? = nil
    if options.apply, plan.canApply, !plan.files.isEmpty {
      do throws(ExchangeError) {
        try plan.apply()
        applied = true
      } catch {
        failure = error
      }
    }
    if options.json {
      output.json(plan.json(applied: applied, pretty: options.pretty))
    } else {
      output.line(plan.text(input: options.input, applied: applied))
    }
    if let failure { output.error("error: \(failure.description)") }
    return plan.canApply && failure == nil ? 0 : 1
  }

  /// The plan of an import (reads the input and the project; writes nothing).
  public static func makePlan(_ options: Options, output: CLIOutput) throws(ExchangeError)
    -> ImportPlan
  {
    guard let format = options.format ?? ExchangeFormat(fileName: options.input) else {
      throw ExchangeError(
        file: options.input,
        message: "cannot tell the format from the file name; pass --format csv or --format xliff")
    }
    var projects: [String?: Project] = [:]
    for set in options.project.setsToVisit() {
      var project = options.project
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
      bytes = try AtomicFileWriter.readBytes(options.input)
    } catch {
      throw ExchangeError(file: options.input, message: error.description)
    }
    var planner = ImportPlanner(inputFile: options.input)
    planner.emptyValues = options.emptyValues
    planner.prune = options.prune
    planner.createMissing = options.createMissing
    let knownLocales = Set(projects.values.flatMap(\.locales.keys)).sorted()
    for locale in options.locales where !knownLocales.contains(locale) {
      throw ExchangeError(
        file: "--locale",
        message:
          "unknown locale \"\(locale)\"; the project has \(knownLocales.joined(separator: ", "))")
    }
    let defaultSet = options.project.set ?? (projects.count == 1 ? projects.keys.first ?? nil : nil)
    switch format {
    case .csv:
      let lowered = options.input.lowercased()
      let delimiter = options.delimiter ?? (lowered.hasSuffix(".tsv") ? "\t" : ",")
      let records = try CSVReader(delimiter: delimiter, file: options.input).read(bytes)
      let separator = projects.values.first?.config.exportOverrideKeySeparator ?? ":"
      let (entries, errors) = ExchangeCSV.entries(
        records, file: options.input, knownLocales: knownLocales, locales: options.locales,
        overrideSeparator: separator)
      var plan = planner.plan(
        entries: entries, rows: max(0, records.count - 1), projects: projects,
        defaultSet: defaultSet)
      plan.errors = errors + plan.errors
      plan.summary.errors = plan.errors.count
      return plan
    case .xliff:
      let read = XLIFFReader(file: options.input).read(
        bytes, projects: projects, locales: options.locales)
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
