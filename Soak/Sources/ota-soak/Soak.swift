import Foundation
import Messagevisor
import MessagevisorICU
import ReRune

/// One soak client: a ReRune client checking every 100 ms, a Messagevisor engine bridged to it, and
/// threads that verify snapshots, translate, switch locales and spawn children.
final class Soak: @unchecked Sendable {
  let client: ReRuneClient
  let engine: Messagevisor
  let bridge: ReRuneMessagevisorBridge
  let recorder: SoakRecorder
  let start = Date()
  private let stopLock = NSLock()
  private var stopped = false

  init(port: Int, cache: URL, recorder: SoakRecorder) {
    self.recorder = recorder
    guard let base = URL(string: "http://127.0.0.1:\(port)/api") else { fatal("bad port \(port)") }
    do {
      client = try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: "soak", requestTimeout: 3, source: .remote(baseURL: base),
          cache: .directory(cache), usesMainBundle: false,
          onDiagnostic: { _ in recorder.count("diagnostics") }))
    } catch {
      fatal("client setup: \(error)")
    }
    for problem in client.cacheProblems { recorder.fail(SoakFailure("cache restore: \(problem)")) }
    engine = createMessagevisor(
      MessagevisorOptions(locale: "en", onDiagnostic: { _ in }, modules: [createICUModule()]))
    let baseDatafiles = SoakContent.locales.map { locale in
      var translations: [String: String] = ["__keys": "base"]
      for index in 0..<SoakContent.maxKeys {
        let key = SoakContent.key(index)
        translations[key] = SoakContent.baseText(locale, key)
      }
      return DatafileContent(
        messagevisorVersion: "1", revision: "base", target: "soak", locale: locale,
        translations: translations)
    }
    bridge = ReRuneMessagevisorBridge(engine: engine, base: baseDatafiles, target: "soak")
    bridge.attach(to: client)
  }

  var elapsed: Double { Date().timeIntervalSince(start) }
  var isStopped: Bool { stopLock.withLock { stopped } }

  /// Runs every worker for `seconds` (forever with `.infinity`), sampling RSS when `rss`.
  func run(seconds: Double, rss: Bool) {
    let group = DispatchGroup()
    func worker(_ name: String, _ body: @escaping @Sendable () -> Void) {
      group.enter()
      let thread = Thread {
        body()
        group.leave()
      }
      thread.name = name
      thread.start()
    }
    let checker = Task.detached { [self] in
      var last = revisionFloor()
      while !isStopped {
        let began = Date()
        let result = await client.checkForUpdates()
        let took = Date().timeIntervalSince(began)
        recorder.count("checks")
        recorder.count("checks.\(result.status)")
        recorder.maximum("longest check (s)", took)
        if result.revision < last {
          recorder.fail(SoakFailure("revision went back from \(last) to \(result.revision)"))
        }
        last = max(last, result.revision)
        recorder.maximum("revision", Double(result.revision))
        try? await Task.sleep(nanoseconds: 100_000_000)
      }
    }
    worker("verify") { [self] in verifyLoop() }
    worker("translate-1") { [self] in translateLoop(seed: 1) }
    worker("translate-2") { [self] in translateLoop(seed: 2) }
    worker("locales") { [self] in switchLoop() }
    worker("children") { [self] in spawnLoop() }
    while elapsed < seconds {
      if rss { recorder.sampleRSS(at: elapsed) }
      Thread.sleep(forTimeInterval: 0.25)
    }
    stopLock.withLock { stopped = true }
    group.wait()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      _ = await checker.value
      done.signal()
    }
    done.wait()
  }

  func revisionFloor() -> Int { client.revision }

  /// Every served catalog is one complete version, and a locale's version never goes back.
  func verifyLoop() {
    var versions: [String: Int] = [:]
    while !isStopped {
      for (locale, entries) in client.otaLocales {
        switch SoakContent.verifyCatalog(entries, locale: locale) {
        case .success(let version):
          if let previous = versions[locale], version < previous {
            recorder.fail(
              SoakFailure("\(locale): served version went back from \(previous) to \(version)"))
          }
          versions[locale] = version
        case .failure(let failure):
          recorder.fail(failure)
        }
      }
      for locale in SoakContent.locales {
        guard let datafile = bridge.datafile(for: locale) else {
          recorder.fail(SoakFailure("\(locale): the bridge has no datafile"))
          continue
        }
        if let failure = SoakContent.verifyTranslations(datafile.translations, locale: locale) {
          recorder.fail(failure)
        }
      }
      recorder.count("catalog verifications")
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  func translateLoop(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    var rounds = 0
    while !isStopped {
      let key = SoakContent.keys[Int(generator.next() % UInt64(SoakContent.keys.count))]
      let locale = SoakContent.locales[Int(generator.next() % UInt64(SoakContent.locales.count))]
      do {
        let text = try bridge.translate(key, locale: locale)
        if let failure = SoakContent.verifyText(text, key: key, locales: [locale]) {
          recorder.fail(failure)
        }
      } catch {
        recorder.fail(SoakFailure("translate \(key) in \(locale) threw \(error)"))
      }
      recorder.count("translations")
      rounds += 1
      // A breath every 32 lookups: contention with the other threads stays, a core is left free.
      if rounds % 32 == 0 { Thread.sleep(forTimeInterval: 0.001) }
    }
  }

  func switchLoop() {
    var generator = SplitMix(seed: 3)
    while !isStopped {
      let locale = SoakContent.locales[Int(generator.next() % UInt64(SoakContent.locales.count))]
      do {
        try engine.setLocale(locale)
        let key = SoakContent.keys[Int(generator.next() % UInt64(SoakContent.keys.count))]
        let text = try engine.translate(key)
        // Another thread may not switch, but this one may have been overtaken by a check's apply:
        // the text must still belong to one of the locales.
        if let failure = SoakContent.verifyText(text, key: key, locales: SoakContent.locales) {
          recorder.fail(failure)
        }
      } catch {
        recorder.fail(SoakFailure("setLocale/translate in \(locale) threw \(error)"))
      }
      recorder.count("locale switches")
      Thread.sleep(forTimeInterval: 0.002)
    }
  }

  func spawnLoop() {
    var generator = SplitMix(seed: 4)
    while !isStopped {
      let locale = SoakContent.locales[Int(generator.next() % UInt64(SoakContent.locales.count))]
      let child = engine.spawn(
        context: ["platform": "soak", "n": .int(Int(generator.next() % 100))],
        options: SpawnOptions(locale: locale))
      for _ in 0..<4 {
        let key = SoakContent.keys[Int(generator.next() % UInt64(SoakContent.keys.count))]
        do {
          let text = try child.translate(key)
          if let failure = SoakContent.verifyText(text, key: key, locales: [locale]) {
            recorder.fail(failure)
          }
        } catch {
          recorder.fail(SoakFailure("child translate \(key) in \(locale) threw \(error)"))
        }
      }
      recorder.count("children")
      Thread.sleep(forTimeInterval: 0.001)
    }
  }

  /// Writes the report and checks the end-of-run assertions (RSS, progress).
  func finish(seconds: Double, report: String) -> Bool {
    let rss = SoakRSSCheck(samples: recorder.rssSamplesTaken, seconds: seconds)
    if let failure = rss.failure { recorder.fail(SoakFailure(failure)) }
    let (counters, _, _) = recorder.snapshot()
    if (counters["checks.updated"] ?? 0) == 0 {
      recorder.fail(SoakFailure("no check applied an update"))
    }
    let (finalCounters, failures, maxima) = recorder.snapshot()
    var lines = ["soak: \(Int(seconds)) s"]
    for (name, value) in finalCounters.sorted(by: { $0.key < $1.key }) {
      lines.append("  \(name): \(value)")
    }
    for (name, value) in maxima.sorted(by: { $0.key < $1.key }) {
      lines.append("  \(name): \(String(format: "%.2f", value))")
    }
    func mib(_ bytes: Int?) -> String { bytes.map(SoakRSSCheck.mebibytes) ?? "-" }
    lines.append("  rss after warm-up (median, MiB): \(mib(rss.reference))")
    lines.append("  rss at the end (median of the last 20 %, MiB): \(mib(rss.end))")
    lines.append("  rss max (MiB): \(mib(recorder.maxRSS))")
    lines.append(
      "  rss by tenth of the run (median, MiB): \(rss.tenths.map(mib).joined(separator: " "))")
    lines.append("  served revision: \(client.revision)")
    for failure in failures { lines.append("  FAIL \(failure)") }
    lines.append(
      failures.isEmpty ? "soak: PASS" : "soak: FAIL (\(finalCounters["failures"] ?? 0) failures)")
    let text = lines.joined(separator: "\n") + "\n"
    print(text, terminator: "")
    try? Data(text.utf8).write(to: URL(fileURLWithPath: report))
    return failures.isEmpty
  }
}

/// A small deterministic generator (no shared state between threads).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A cache left by a killed child restores without problems, and every restored catalog is one
/// complete published version.
func verifyCache(_ directory: URL) -> Bool {
  let client: ReRuneClient
  do {
    client = try ReRuneClient(
      ReRuneConfiguration(
        otaPublishId: "soak", source: .directory(directory.appendingPathComponent("no-site")),
        cache: .directory(directory), usesMainBundle: false))
  } catch {
    print("verify-cache: setup failed: \(error)")
    return false
  }
  var failures = client.cacheProblems.map { "cache problem: \($0)" }
  for (locale, entries) in client.otaLocales {
    if case .failure(let failure) = SoakContent.verifyCatalog(entries, locale: locale) {
      failures.append(failure.description)
    }
  }
  let versions = client.otaLocales.keys.sorted().map { locale -> String in
    let version = try? SoakContent.verifyCatalog(client.otaLocales[locale] ?? [:], locale: locale)
      .get()
    return "\(locale)=v\(version.map(String.init) ?? "?")"
  }
  print(
    "verify-cache: manifest \(client.manifest.map { "v\($0.version)" } ?? "none"), locales "
      + (versions.isEmpty ? "none" : versions.joined(separator: " "))
      + (failures.isEmpty ? ", ok" : ", FAILED"))
  for failure in failures { print("  FAIL \(failure)") }
  return failures.isEmpty
}
