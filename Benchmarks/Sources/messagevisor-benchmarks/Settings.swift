import Foundation

/// Command-line settings of a benchmark run.
struct Settings {
  /// Small N, short idle window: proves the benchmarks build and run (CI).
  var quick = false
  /// The package root (contains Package.swift).
  var root: URL
  /// Directory of the release binaries (`messagevisor-preview`, `messagevisor-swift`).
  var binaries: URL
  /// Only these groups (empty = all).
  var groups: Set<String> = []
  /// An engine ICU case id to run alone for a few seconds (for `perf record`).
  var profileCase: String?
  /// Seconds of the idle-CPU window.
  var idleSeconds: Double = 10
  /// The thresholds directory (`--thresholds DIR`; default `<root>/Benchmarks/Thresholds`).
  var thresholdsDirectory: URL?
  /// `--check-instructions FILE`: judge the instruction counts in FILE (lines `probe count`,
  /// written by `Benchmarks/instructions`) against the thresholds instead of running benchmarks.
  var instructionCounts: URL?
  /// `--budget-table`: print the budget table of BENCHMARKS.md and exit.
  var budgetTable = false

  /// The thresholds directory to read.
  var thresholds: URL { thresholdsDirectory ?? Thresholds.defaultDirectory(root: root) }

  /// `<root>/../shared/fixtures`, when present.
  var fixtures: URL? {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The Loop catalog (`catalogs/loop/Localizable.xcstrings` in the fixtures), when present.
  var loopCatalog: URL? {
    fixtures?.appendingPathComponent("catalogs/loop/Localizable.xcstrings")
  }

  /// Engine loop counts: (runs, iterations) scaled for quick mode.
  func loop(_ iterations: Int) -> (runs: Int, iterations: Int) {
    quick ? (5, max(1, iterations / 50)) : (9, iterations)
  }

  /// Repetitions for coarse (millisecond-scale) measurements.
  func repetitions(_ full: Int) -> Int { quick ? 5 : max(5, full) }

  func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

  static func parse(_ arguments: [String]) throws -> Settings {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    var settings = Settings(
      root: root, binaries: root.appendingPathComponent(".build/release"))
    var index = 0
    func value() throws -> String {
      index += 1
      guard index < arguments.count else {
        throw UsageError(text: "\(arguments[index - 1]) needs a value")
      }
      return arguments[index]
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--quick": settings.quick = true
      case "--wall": Harness.cpuClock = false
      case "--root": settings.root = URL(fileURLWithPath: try value())
      case "--bin": settings.binaries = URL(fileURLWithPath: try value())
      case "--only": settings.groups.insert(try value())
      case "--profile": settings.profileCase = try value()
      case "--thresholds": settings.thresholdsDirectory = URL(fileURLWithPath: try value())
      case "--check-instructions": settings.instructionCounts = URL(fileURLWithPath: try value())
      case "--budget-table": settings.budgetTable = true
      case "--idle-seconds":
        guard let seconds = Double(try value()), seconds > 0, seconds <= 600 else {
          throw UsageError(text: "--idle-seconds expects a number of seconds in (0, 600]")
        }
        settings.idleSeconds = seconds
      default:
        throw UsageError(
          text: "unknown argument \(arguments[index]) (arguments: --quick --wall --root --bin "
            + "--only --profile --idle-seconds --thresholds --check-instructions --budget-table)")
      }
      index += 1
    }
    if settings.quick && !arguments.contains("--idle-seconds") { settings.idleSeconds = 2 }
    return settings
  }

  struct UsageError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }
}
