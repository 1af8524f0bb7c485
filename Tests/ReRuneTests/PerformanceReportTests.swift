import Foundation
import ReRune
import Testing

/// Benchmarks, not timed tests: run with `RERUNE_BENCH=1 swift test -c release --filter PerformanceReport`.
/// They print measurements and assert only correctness.
@Suite(
  "ReRune PerformanceReport", .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["RERUNE_BENCH"] == "1"))
struct PerformanceReportTests {
  static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  /// CPU time of the calling thread in milliseconds (unaffected by waiting for a busy CPU).
  static func threadCPUMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
  }

  @Test func loopCatalogParse() throws {
    guard let dir = TestSupport.catalogsDirectory else { return }
    let data = try Data(contentsOf: dir.appendingPathComponent("loop/Localizable.xcstrings"))
    var times: [Double] = []
    var cpu: [Double] = []
    var jsonOnly: [Double] = []
    for _ in 0..<30 {
      let c0 = Self.threadCPUMilliseconds()
      _ = try JSONNode.parse(data)
      let c1 = Self.threadCPUMilliseconds()
      jsonOnly.append(c1 - c0)
      times.append(
        try Self.milliseconds {
          let catalog = try XCStringsReader.read(
            data, file: "loop", options: .init(invalidEntries: .skip))
          #expect(catalog.keys.count == 337)
        })
      cpu.append(Self.threadCPUMilliseconds() - c1)
    }
    times.sort()
    cpu.sort()
    jsonOnly.sort()
    print(
      "[bench] Loop catalog parse, thread CPU time: min \(String(format: "%.2f", cpu[0])) ms, median \(String(format: "%.2f", cpu[cpu.count / 2])) ms (JSON alone: median \(String(format: "%.2f", jsonOnly[jsonOnly.count / 2])) ms)"
    )
    print(
      "[bench] Loop catalog parse (600 KB, 337 keys, 11 languages): min \(String(format: "%.2f", times[0])) ms, median \(String(format: "%.2f", times[times.count / 2])) ms"
    )
  }

  @Test func checkOfTenChangedLocales() async throws {
    guard let dir = TestSupport.catalogsDirectory else { return }
    let loop = try Data(contentsOf: dir.appendingPathComponent("loop/Localizable.xcstrings"))
    let full = try XCStringsReader.read(loop, file: "loop", options: .init(invalidEntries: .skip))
    let locales = full.locales.keys.sorted().filter { $0 != "en" }.prefix(10)
    #expect(locales.count == 10)
    let server = try TestServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("bench")
    defer { try? FileManager.default.removeItem(at: cache) }
    func payloads(_ suffix: String) async throws {
      for locale in locales {
        let strings = (full.locales[locale] ?? [:]).filter { $0.value.kind != .plural }.mapValues {
          $0.value + suffix
        }
        try await server.route(
          TestServer.localePath(locale), body: TestSupport.payload(locale, strings))
      }
    }
    try await server.route(
      TestServer.manifestPath,
      body: TestSupport.manifest(
        version: 1, locales: Dictionary(uniqueKeysWithValues: locales.map { ($0, 1) })))
    for withCache in [true, false] {
      let client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: "bench", updatePolicy: .init(checkOnStart: false),
          source: .remote(baseURL: server.baseURL),
          cache: withCache ? .directory(cache) : .disabled,
          usesMainBundle: false))
      var times: [Double] = []
      for round in 0..<12 {
        try await payloads(round % 2 == 0 ? "" : " ")
        let start = DispatchTime.now().uptimeNanoseconds
        let result = await client.checkForUpdates()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        #expect(result.updatedLocales.count == 10)
      }
      times.sort()
      print(
        "[bench] check of 10 changed locales (~\(loop.count / 11 / 1024) KB each) against 127.0.0.1, cache \(withCache ? "on" : "off"): min \(String(format: "%.1f", times[0])) ms, median \(String(format: "%.1f", times[times.count / 2])) ms"
      )
    }
  }
}
