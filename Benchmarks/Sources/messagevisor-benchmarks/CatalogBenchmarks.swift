import Foundation
import Messagevisor
import MessagevisorICU
import ReRune
import TestSupport

/// String Catalogs at app scale: a generated 2 MB, 19-language catalog in Xcode's layout (the shape
/// of a big SwiftUI app: plural and device variations, substitutions, the followers pattern).
/// Reference in the same run: `JSONSerialization` parsing the same bytes (Foundation's parser,
/// which builds no catalog at all).
@MainActor enum CatalogBenchmarks {
  static let group = "catalogs"

  static func run(_ settings: Settings, _ report: Report) async throws {
    let generated = LargeCatalogGenerator.generate()
    let data = Data(generated.text.utf8)
    let size = "\(data.count / 1024) KB, \(generated.keyCount) keys, 19 languages"

    let reference = try Harness.loop(runs: settings.repetitions(15)) {
      _ = try JSONSerialization.jsonObject(with: data)
    }
    report.addNanoseconds(
      group, "reference: JSONSerialization of the 2 MB catalog", samples: reference, unit: .ms,
      note: size)
    let referenceMedian = Harness.median(reference) / 1e6

    // Parse + apply for one locale: parse, convert German only, overlay it on the engine.
    let engine = createMessagevisor(
      MessagevisorOptions(onDiagnostic: { _ in }, modules: [createICUModule()]))
    let bridge = ReRuneMessagevisorBridge(engine: engine)
    var revision = 0
    var applied = 0
    let options = XCStringsReader.Options(invalidEntries: .skip)
    let parseApply = try Harness.loop(runs: settings.repetitions(21)) {
      let document = try XCStringsDocument.parse(data, file: "Localizable.xcstrings")
      guard let read = try document.entries(forLocale: "de", options: options) else {
        throw BenchmarkFailure(text: "the generated catalog has no German")
      }
      revision += 1
      bridge.applyOverlays(["de": read.entries], revision: revision)
      applied = read.entries.count
    }
    guard applied == generated.keyCount - generated.broken.filter({ $0.locale == "de" }).count
    else {
      throw BenchmarkFailure(text: "parse + apply: \(applied) German entries applied")
    }
    report.addNanoseconds(
      group, "parse + apply the 2 MB catalog for one locale (de)", id: "parse-apply-one-locale",
      samples: parseApply, unit: .ms, reference: ("JSONSerialization", referenceMedian),
      note: size + "; XCStringsDocument + one locale + bridge overlay")

    // First sync of 19 locales served from one file (directory site; fresh disk cache each run).
    let site = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mv-bench-catalogs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: site) }
    var locales: [String: Any] = [:]
    for language in LargeCatalogGenerator.languages {
      locales[language] = ["version": 1, "url": "Localizable.xcstrings"]
    }
    try JSONSerialization.data(withJSONObject: ["version": 1, "locales": locales]).write(
      to: site.appendingPathComponent("manifest.json"))
    try data.write(to: site.appendingPathComponent("Localizable.xcstrings"))
    var skipped = 0
    var sync: [Double] = []
    var syncCPU: [Double] = []
    var uncached: [Double] = []
    for round in 0..<settings.repetitions(7) * 2 {
      let cached = round % 2 == 0
      let cache = site.appendingPathComponent("cache-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: cache) }
      let start = Harness.now()
      let startCPU = processCPU()
      let client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: "bench-catalogs", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
          source: .directory(site), cache: cached ? .directory(cache) : .disabled,
          usesMainBundle: false))
      let result = await client.checkForUpdates()
      guard result.status == .updated, result.updatedLocales.count == 19 else {
        throw BenchmarkFailure(
          text:
            "first sync: \(result.status) \(result.updatedLocales.count) locales \(result.errorMessage ?? "")"
        )
      }
      skipped = result.skippedEntries.values.reduce(0) { $0 + $1.count }
      if cached {
        sync.append(Double(Harness.now() - start))
        syncCPU.append(Double(processCPU() - startCPU))
      } else {
        uncached.append(Double(Harness.now() - start))
      }
    }
    guard skipped == generated.broken.count else {
      throw BenchmarkFailure(
        text: "first sync skipped \(skipped) entries, expected \(generated.broken.count)")
    }
    report.addNanoseconds(
      group, "first sync of 19 locales served from one 2 MB file", id: "first-sync",
      samples: sync, unit: .ms, reference: ("JSONSerialization", referenceMedian), clock: "wall",
      note:
        "directory site, one parse shared by 19 locales, disk cache written (one payload file, 19 records)"
    )
    report.addNanoseconds(
      group, "breakdown: the same first sync, CPU time of all threads", samples: syncCPU,
      unit: .ms, clock: "process cpu",
      note: "what the sync costs when the machine is shared (wall time waits for other processes)")
    report.addNanoseconds(
      group, "breakdown: the same first sync without a disk cache", samples: uncached, unit: .ms,
      clock: "wall", note: "fetch + one shared parse + 19 one-locale conversions")
  }

  /// CPU time of every thread of this process, in nanoseconds.
  static func processCPU() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
