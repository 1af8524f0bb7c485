import CICU4CReference
import Foundation
import Messagevisor
import MessagevisorICU

/// Engine hot paths, the ICU module next to ICU4C's prepared MessageFormat, and the direct
/// formatter helpers.
enum EngineBenchmarks {
  static let group = "engine"

  /// The ICU messages; the same texts (with numbered arguments) are in icu4c_reference.c.
  static let icuMessages: [String: String] = [
    "icu.oneArgument": "Welcome back, {name}",
    "icu.plural": "{count, plural, =0 {No items} one {# item} other {# items}}",
    "icu.selectNestedPlural":
      "{gender, select, female {{count, plural, one {She has # message} other {She has # messages}}} "
      + "male {{count, plural, one {He has # message} other {He has # messages}}} "
      + "other {{count, plural, one {They have # message} other {They have # messages}}}}",
    "icu.currency": "{amount, number, ::currency/EUR .00}",
    "icu.date": "{when, date, long}",
  ]

  static let when = Date(timeIntervalSince1970: 1_779_235_200)

  static func translations(count: Int) -> [String: String] {
    var translations: [String: String] = [:]
    for index in 0..<count {
      translations["screen.section.key\(index)"] = "Translation number \(index)"
    }
    return translations
  }

  /// The engine rows' datafile: `translations`, three segments of three attribute conditions,
  /// `screen.section.key1` with one override behind a segment and `screen.section.key2` with three
  /// (the third matches the `pro` context `["plan": "pro", "platform": "ios", "seats": 12]`).
  static func overrideDatafile(translations: [String: String]) -> DatafileContent {
    // A segment of three attribute conditions, referenced by an override of screen.section.key1.
    let proMobile = Segment(
      conditions: .and([
        .predicate(ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")),
        .predicate(ConditionPredicate(attribute: "platform", operator: .notEquals, value: "web")),
        .predicate(
          ConditionPredicate(attribute: "seats", operator: .greaterThanOrEquals, value: 5)),
      ]))
    let enterprise = Segment(
      conditions: .and([
        .predicate(ConditionPredicate(attribute: "plan", operator: .equals, value: "enterprise")),
        .predicate(ConditionPredicate(attribute: "platform", operator: .notEquals, value: "web")),
        .predicate(ConditionPredicate(attribute: "seats", operator: .greaterThan, value: 100)),
      ]))
    let beta = Segment(
      conditions: .and([
        .predicate(
          ConditionPredicate(attribute: "seats", operator: .greaterThanOrEquals, value: 5)),
        .predicate(ConditionPredicate(attribute: "platform", operator: .equals, value: "ios")),
        .predicate(ConditionPredicate(attribute: "beta", operator: .equals, value: true)),
      ]))
    return DatafileContent(
      messagevisorVersion: "bench", revision: "1", target: "bench", locale: "en-US",
      segments: [
        "pro-mobile": proMobile, "enterprise": enterprise, "beta": beta,
      ],
      messages: [
        "screen.section.key1": DatafileMessage(overrides: [
          MessageOverride(key: "pro", segments: "pro-mobile", translation: "Pro copy")
        ]),
        // The matching override is the third of three, each behind a 3-condition segment.
        "screen.section.key2": DatafileMessage(overrides: [
          MessageOverride(key: "enterprise", segments: "enterprise", translation: "Enterprise"),
          MessageOverride(key: "beta", segments: "beta", translation: "Beta"),
          MessageOverride(key: "pro", segments: "pro-mobile", translation: "Pro copy 2"),
        ]),
      ],
      translations: translations)
  }

  /// The merge row's update: every translation changed, 100 message entries added.
  static func mergeUpdate(of datafile: DatafileContent) -> DatafileContent {
    var update = datafile
    update.revision = "2"
    update.translations = datafile.translations.mapValues { $0 + "!" }
    var messages = update.messages
    for index in stride(from: 0, to: 1000, by: 10) {
      messages["screen.section.key\(index)"] = DatafileMessage(deprecated: index % 20 == 0)
    }
    update.messages = messages
    return update
  }

  static func run(_ settings: Settings, _ report: Report) throws {
    let reference = ICU4CReference()
    let diagnostics = DiagnosticCounter()
    let translations = translations(count: 1000)
    let key = "screen.section.key500"

    let datafile = overrideDatafile(translations: translations)
    let engine = createMessagevisor(
      MessagevisorOptions(datafile: datafile, onDiagnostic: diagnostics.handler))
    let dictionary = translations
    let lookupKey = String(key)

    // Plain key vs Dictionary lookup, interleaved.
    let (plainRuns, plainIterations) = settings.loop(2_000_000)
    let pair = Harness.interleaved(
      runs: plainRuns, iterations: plainIterations,
      { dictionary[lookupKey]?.utf8.count ?? 0 },
      { (try? engine.translate(lookupKey))?.utf8.count ?? 0 })
    report.add(
      group, "Dictionary<String,String> lookup, 1,000 keys (reference)",
      samples: pair.baseline, unit: .ns)
    report.add(
      group, "translate plain key, no modules", id: "plain-key", samples: pair.candidate,
      unit: .ns, reference: ("dictionary", Harness.median(pair.baseline)))

    let withModule = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: diagnostics.handler,
        modules: [MessagevisorModule(name: "noop", transform: { _, _ in nil })]))
    let (moduleRuns, moduleIterations) = settings.loop(500_000)
    report.add(
      group, "translate plain key, one no-op transform module",
      samples: Harness.samples(runs: moduleRuns, iterations: moduleIterations) {
        (try? withModule.translate(lookupKey))?.utf8.count ?? 0
      }, unit: .ns, reference: ("dictionary", Harness.median(pair.baseline)))

    // Matching override behind a 3-condition segment.
    let proEngine = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, context: ["plan": "pro", "platform": "ios", "seats": 12],
        onDiagnostic: diagnostics.handler))
    try expect(proEngine.translate("screen.section.key1"), "Pro copy", "override")
    let (overrideRuns, overrideIterations) = settings.loop(300_000)
    report.add(
      group, "translate, matching override behind a 3-condition segment",
      samples: Harness.samples(runs: overrideRuns, iterations: overrideIterations) {
        (try? proEngine.translate("screen.section.key1"))?.utf8.count ?? 0
      }, unit: .ns, note: "segment: and(equals, notEquals, greaterThanOrEquals)")
    try expect(proEngine.translate("screen.section.key2"), "Pro copy 2", "third override")
    let thirdOverride = Harness.interleaved(
      runs: overrideRuns, iterations: overrideIterations,
      { dictionary[lookupKey]?.utf8.count ?? 0 },
      { (try? proEngine.translate("screen.section.key2"))?.utf8.count ?? 0 })
    report.add(
      group, "call shape: translate, override behind 3-condition segments (third of three)",
      id: "override-third-of-three", samples: thirdOverride.candidate, unit: .ns,
      reference: ("dictionary", Harness.median(thirdOverride.baseline)),
      note: "third of three overrides, each behind a 3-condition segment",
      allocations: Allocations.perCall {
        (try? proEngine.translate("screen.section.key2"))?.utf8.count ?? 0
      })
    try childOverride(settings, report, dictionary: dictionary, lookupKey: lookupKey)
    try CatastrophicRegex.run(settings, report, group: group)

    // ICU module cases.
    let icuDatafile = DatafileContent(
      messagevisorVersion: "bench", target: "bench", locale: "en-US", translations: icuMessages)
    var nlDatafile = icuDatafile
    nlDatafile.locale = "nl-NL"
    let icu = createMessagevisor(
      MessagevisorOptions(
        datafile: icuDatafile, timeZone: "UTC", onDiagnostic: diagnostics.handler,
        modules: [createICUModule()]))
    let icuNL = createMessagevisor(
      MessagevisorOptions(
        datafile: nlDatafile, timeZone: "UTC", onDiagnostic: diagnostics.handler,
        modules: [createICUModule()]))
    // The same messages as heap strings, as a datafile parsed from JSON holds them (the datafile
    // above is built from string literals, which are never reference counted).
    var parsedDatafile = icuDatafile
    parsedDatafile.translations = icuMessages.mapValues {
      String(decoding: Array($0.utf8), as: UTF8.self)
    }
    let icuParsed = createMessagevisor(
      MessagevisorOptions(
        datafile: parsedDatafile, timeZone: "UTC", onDiagnostic: diagnostics.handler,
        modules: [createICUModule()]))
    let cases:
      [(id: String, key: String, title: String, engine: Messagevisor, values: MessagevisorValues)] =
        [
          ("icu.oneArgument", "icu.oneArgument", "ICU one-argument message", icu, ["name": "Ada"]),
          ("icu.plural", "icu.plural", "ICU plural (cached)", icu, ["count": 3]),
          (
            "icu.plural.parsed", "icu.plural",
            "ICU plural (cached), translation as a heap string (datafile from JSON)", icuParsed,
            ["count": 3]
          ),
          (
            "icu.selectNestedPlural", "icu.selectNestedPlural", "ICU select with nested plural",
            icu, ["gender": "female", "count": 5]
          ),
          (
            "icu.currency", "icu.currency", "ICU currency, nl-NL (::currency/EUR .00)", icuNL,
            ["amount": 1234.5]
          ),
          ("icu.date", "icu.date", "ICU date long, en-US UTC", icu, ["when": .date(when)]),
        ]
    // Breakdown for the ICU rows: the engine's module pipeline with a no-op format hook and the
    // same values, i.e. everything but the ICU module's own work.
    let noop = createMessagevisor(
      MessagevisorOptions(
        datafile: icuDatafile, timeZone: "UTC", onDiagnostic: diagnostics.handler,
        modules: [MessagevisorModule(name: "noop", format: { _, _ in nil })]))
    let oneValue: MessagevisorValues = ["name": "Ada"]
    let (noopRuns, noopIterations) = settings.loop(500_000)
    report.add(
      group, "breakdown: translate + 1 value through a no-op format module",
      samples: Harness.samples(runs: noopRuns, iterations: noopIterations) {
        (try? noop.translate("icu.oneArgument", values: oneValue))?.utf8.count ?? 0
      }, unit: .ns, note: "engine pipeline cost without ICU work")
    if let id = settings.profileCase {
      let targets =
        cases.map { ($0.id, $0.key, $0.engine, $0.values) } + [
          ("override", "screen.section.key1", proEngine, [:]),
          ("noop", "icu.oneArgument", noop, oneValue),
        ]
      try profile(id, targets, seconds: 5)
    }
    // The rows above build their values once (breakdowns); the call-shape rows build them at the
    // call site on every call, as apps write it. All are measured round-robin (one run of each
    // per round) rather than one after the other, so a burst of load on this shared machine
    // inflates every case a little instead of one case a lot.
    var timed: [TimedCase] = cases.map { item in
      let values = item.values
      let target = item.engine
      let key = item.key
      return TimedCase(
        id: item.id, title: item.title, reference: item.id,
        iterations: item.id == "icu.oneArgument" ? 500_000 : 100_000,
        output: { try target.translate(key, values: values) },
        body: { (try? target.translate(key, values: values))?.utf8.count ?? 0 })
    }
    timed += CallShapes.cases(icu: icu, icuNL: icuNL)
    // ICU4C's loops join the same rounds (one ICU4C reference loop per case it is compared with),
    // so a ratio compares loops timed moments apart, with the same clock.
    let references = reference.cases(for: timed)
    let engineCount = timed.count
    timed += references
    var outputs: [String] = []
    var caseSamples: [[Double]] = Array(repeating: [], count: timed.count)
    var loops: [(runs: Int, iterations: Int)] = []
    for item in timed {
      outputs.append(try item.output())
      loops.append(settings.loop(item.iterations))
    }
    for round in 0..<(loops.map(\.runs).max() ?? 0) {
      for (index, item) in timed.enumerated() where round < loops[index].runs {
        caseSamples[index] += Harness.samples(
          runs: 1, iterations: loops[index].iterations, item.body)
      }
    }
    for (index, item) in timed.enumerated() where index < engineCount {
      var note = "\"\(outputs[index])\""
      var ref: (name: String, median: Double)?
      if let position = references.firstIndex(where: { $0.reference == item.reference }) {
        let sample = outputs[engineCount + position]
        ref = ("ICU4C", Harness.median(caseSamples[engineCount + position]))
        if sample != outputs[index] { note += "; ICU4C gives \"\(sample)\"" }
      }
      report.add(
        group, item.title, id: item.thresholdID, samples: caseSamples[index], unit: .ns,
        reference: ref,
        note: note, allocations: Allocations.perCall(item.body))
    }

    // Direct formatter helpers.
    let (formatRuns, formatIterations) = settings.loop(100_000)
    let number = try icu.formatNumber(1234.5)
    report.add(
      group, "formatNumber direct (1234.5, en-US decimal)",
      samples: Harness.samples(runs: formatRuns, iterations: formatIterations) {
        (try? icu.formatNumber(1234.5))?.utf8.count ?? 0
      }, unit: .ns, note: "\"\(number)\"")
    let dateOptions: FormatOptions = ["dateStyle": "long"]
    let date = try icu.formatDate(when, formatOptions: dateOptions)
    report.add(
      group, "formatDate direct (dateStyle long, en-US UTC)",
      samples: Harness.samples(runs: formatRuns, iterations: formatIterations) {
        (try? icu.formatDate(when, formatOptions: dateOptions))?.utf8.count ?? 0
      }, unit: .ns, note: "\"\(date)\"")

    // setDatafile merge of a 1,000-message datafile into a populated locale.
    let update = mergeUpdate(of: datafile)
    let target = createMessagevisor(
      MessagevisorOptions(datafile: datafile, onDiagnostic: diagnostics.handler))
    let (mergeRuns, mergeIterations) = settings.loop(500)
    let entries = update.translations.count + update.messages.count
    let mergeSamples = Harness.samples(runs: mergeRuns, iterations: mergeIterations) {
      target.setDatafile(update)
      return 1
    }
    report.addNanoseconds(
      group, "setDatafile merge, 1,000-message datafile, per 1,000 entries", id: "merge",
      samples: mergeSamples.map { $0 * 1000 / Double(entries) }, unit: .ms,
      note: "1,000 translations + 100 message entries (\(entries)) into a 1,000-key locale")
    try expect(target.translate("screen.section.key7"), "Translation number 7!", "merge")

    // Spawn a child and translate on it.
    let (spawnRuns, spawnIterations) = settings.loop(100_000)
    let spawnAndTranslate = {
      let child = engine.spawn(context: ["plan": "pro"])
      return (try? child.translate(lookupKey))?.utf8.count ?? 0
    }
    let spawnPair = Harness.interleaved(
      runs: spawnRuns, iterations: spawnIterations,
      { dictionary[lookupKey]?.utf8.count ?? 0 }, spawnAndTranslate)
    report.add(
      group, "spawn + translate on the child", id: "spawn", samples: spawnPair.candidate,
      unit: .ns, reference: ("dictionary", Harness.median(spawnPair.baseline)),
      allocations: Allocations.perCall(spawnAndTranslate))
    if diagnostics.errors > 0 {
      throw BenchmarkFailure(text: "engine reported \(diagnostics.errors) error diagnostic(s)")
    }
  }

  /// The datafile of the child-instance row: `checkout.title` with one override behind the
  /// one-condition segment `pro` (`plan equals pro`), among `translations`.
  static func childDatafile(translations: [String: String]) -> DatafileContent {
    let pro = Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")))
    var translations = translations
    translations["checkout.title"] = "Checkout"
    return DatafileContent(
      messagevisorVersion: "bench", revision: "1", target: "bench", locale: "en-US",
      segments: ["pro": pro],
      messages: [
        "checkout.title": DatafileMessage(overrides: [
          MessageOverride(key: "pro", segments: "pro", translation: "Checkout (Pro)")
        ])
      ],
      translations: translations)
  }

  /// The call shape the seed recommends for request- and screen-scoped state: a child spawned
  /// once with its context, then `translate` on it, the context matching an override behind a
  /// one-condition segment; against a `Dictionary` lookup, interleaved. Twice: without modules,
  /// and with the ICU module registered as an app that formats messages has it.
  static func childOverride(
    _ settings: Settings, _ report: Report, dictionary: [String: String], lookupKey: String
  ) throws {
    for icu in [false, true] {
      let root = createMessagevisor(
        MessagevisorOptions(
          datafile: childDatafile(translations: dictionary), onDiagnostic: { _ in },
          modules: icu ? [createICUModule()] : []))
      let pro = root.spawn(context: ["plan": .string("pro")])
      try expect(pro.translate("checkout.title"), "Checkout (Pro)", "child override")
      let (runs, iterations) = settings.loop(300_000)
      let pair = Harness.interleaved(
        runs: runs, iterations: iterations,
        { dictionary[lookupKey]?.utf8.count ?? 0 },
        { (try? pro.translate("checkout.title"))?.utf8.count ?? 0 })
      report.add(
        group,
        "call shape: translate on a child whose context matches an override"
          + (icu ? ", ICU module registered" : ""),
        id: icu ? "child-override-icu" : "child-override", samples: pair.candidate, unit: .ns,
        reference: ("dictionary", Harness.median(pair.baseline)),
        note:
          "root.spawn(context: [\"plan\": \"pro\"]) once; override behind a 1-condition segment",
        allocations: Allocations.perCall {
          (try? pro.translate("checkout.title"))?.utf8.count ?? 0
        })
    }
  }

  /// Runs one ICU case for `seconds` (for `perf record`), then returns.
  static func profile(
    _ id: String, _ cases: [(String, String, Messagevisor, MessagevisorValues)], seconds: Double
  ) throws {
    guard let (_, key, target, values) = cases.first(where: { $0.0 == id }) else {
      throw BenchmarkFailure(text: "--profile: unknown case \(id) (known: \(cases.map(\.0)))")
    }
    FileHandle.standardError.write(Data("  profiling \(id) for \(seconds) s\n".utf8))
    let end = Harness.now() + UInt64(seconds * 1e9)
    var count = 0
    while Harness.now() < end {
      for _ in 0..<1000 { count &+= (try? target.translate(key, values: values))?.utf8.count ?? 0 }
    }
    benchmarkSink &+= count
  }

  static func expect(_ actual: String, _ expected: String, _ what: String) throws {
    guard actual == expected else {
      throw BenchmarkFailure(text: "\(what): expected \"\(expected)\", got \"\(actual)\"")
    }
  }
}

/// A benchmark setup that does not produce what it should: the numbers would be meaningless.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}

/// Counts error diagnostics (a benchmark must not measure an error path by accident).
final class DiagnosticCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var errors: Int { lock.withLock { count } }
  var handler: MessagevisorDiagnosticHandler {
    { [self] diagnostic in
      if diagnostic.level == .error { lock.withLock { count += 1 } }
    }
  }
}

/// ICU4C's prepared `umsg_format` of the ICU rows' messages (Debian's libicu, in this process:
/// `CICU4CReference`).
struct ICU4CReference {
  /// Why the reference cannot run (printed once; the ICU rows then have no ratio).
  let failure: String?

  init() {
    failure = icu4c_reference_open().map { String(cString: $0) }
    if let failure {
      FileHandle.standardError.write(Data("skip ICU4C reference: \(failure)\n".utf8))
    }
  }

  /// One timed reference case per distinct ICU4C case that `timed` compares with, with as many
  /// iterations per loop as the first row compared with it.
  func cases(for timed: [TimedCase]) -> [TimedCase] {
    guard failure == nil else { return [] }
    var result: [TimedCase] = []
    for item in timed where !result.contains(where: { $0.reference == item.reference }) {
      let index = icu4c_reference_case(item.reference)
      guard index >= 0 else { continue }
      result.append(
        TimedCase(
          id: "icu4c." + item.reference, title: "ICU4C " + item.reference,
          reference: item.reference, iterations: item.iterations,
          output: { try Self.sample(index) },
          body: { Int(icu4c_reference_format(index)) }))
    }
    return result
  }

  private struct FormatFailed: Error {}

  private static func sample(_ index: Int32) throws -> String {
    var buffer = [CChar](repeating: 0, count: 1024)
    guard icu4c_reference_sample(index, &buffer, Int32(buffer.count)) == 0 else {
      throw FormatFailed()
    }
    let length = buffer.firstIndex(of: 0) ?? buffer.count
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
