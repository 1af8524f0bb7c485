import Foundation
import Messagevisor
import MessagevisorICU
import ReRune

/// The engine helper's single-loop probes for profiling (`perf record`), kept from the first
/// benchmark executable: `--dictionary-only`, `--translate-only`, `--override-only`,
/// `--module-only`, `--call-context-only` (an override chosen with a per-call context, through
/// the full resolver), `--icu-one-only`, `--icu-plural-only`, `--icu-currency-only`, and the loops of
/// engine rows, `--third-override-only`, `--spawn-only`, `--merge-only`, `--child-override-only`,
/// `--child-override-icu-only`, each followed
/// optionally by an iteration count (default 5,000,000; 2,000 for `--merge-only`), and `--loop-parse-only` (parses the Loop
/// catalog from `../shared/fixtures` beside the repository, default 20 times). Prints the ns per call of one run.
enum EngineProbe {
  static let flags = [
    "--dictionary-only", "--translate-only", "--override-only", "--module-only",
    "--icu-one-only", "--icu-plural-only", "--icu-currency-only", "--loop-parse-only",
    "--third-override-only", "--spawn-only", "--merge-only", "--call-context-only",
    "--icu-select-only", "--icu-date-only", "--icu-one-call-shape-only",
    "--icu-plural-call-shape-only", "--icu-currency-call-shape-only",
    "--icu-select-call-shape-only", "--icu-date-call-shape-only", "--child-override-only",
    "--child-override-icu-only",
  ]

  static func wanted(_ arguments: [String]) -> String? {
    arguments.first { flags.contains($0) }
  }

  static func run(_ flag: String, _ arguments: [String]) -> Int32 {
    if flag == "--loop-parse-only" { return loopParse(arguments.last.flatMap { Int($0) } ?? 20) }
    let iterations =
      arguments.last.flatMap { Int($0) } ?? (flag == "--merge-only" ? 2_000 : 5_000_000)
    let translations = EngineBenchmarks.translations(count: 1000)
    let key = "screen.section.key500"
    let condition = Condition.string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#)
    let datafile = DatafileContent(
      messagevisorVersion: "bench", revision: "1", target: "bench", locale: "en-US",
      segments: ["pro": Segment(conditions: condition)],
      messages: [
        "screen.section.key1": DatafileMessage(overrides: [
          MessageOverride(key: "pro", segments: "pro", translation: "Pro copy")
        ])
      ],
      translations: translations)
    let engine = createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
    let withModule = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { _ in },
        modules: [MessagevisorModule(name: "noop", transform: { _, _ in nil })]))
    let child = engine.spawn(context: ["plan": "pro"])
    let icuDatafile = DatafileContent(
      messagevisorVersion: "bench", target: "bench", locale: "en-US",
      translations: EngineBenchmarks.icuMessages)
    var nlDatafile = icuDatafile
    nlDatafile.locale = "nl-NL"
    let icu = createMessagevisor(
      MessagevisorOptions(
        datafile: icuDatafile, timeZone: "UTC", onDiagnostic: { _ in },
        modules: [createICUModule()]))
    let icuNL = createMessagevisor(
      MessagevisorOptions(
        datafile: nlDatafile, timeZone: "UTC", onDiagnostic: { _ in },
        modules: [createICUModule()]))
    let name: MessagevisorValues = ["name": "Ada"]
    let count: MessagevisorValues = ["count": 3]
    let amount: MessagevisorValues = ["amount": 1234.5]
    let select: MessagevisorValues = ["gender": "female", "count": 5]
    let when: MessagevisorValues = ["when": .date(EngineBenchmarks.when)]
    let user = CallShapes.user
    let body: () -> Int
    switch flag {
    case "--dictionary-only": body = { translations[key]?.utf8.count ?? 0 }
    case "--override-only":
      body = { (try? child.translate("screen.section.key1"))?.utf8.count ?? 0 }
    case "--module-only": body = { (try? withModule.translate(key))?.utf8.count ?? 0 }
    case "--call-context-only":
      // The full resolver (no fast path): an override chosen with a per-call context.
      let options = TranslateOptions(context: ["plan": "pro"])
      body = {
        (try? engine.translate("screen.section.key1", options: options))?.utf8.count ?? 0
      }
    case "--icu-one-only":
      body = { (try? icu.translate("icu.oneArgument", values: name))?.utf8.count ?? 0 }
    case "--icu-plural-only":
      body = { (try? icu.translate("icu.plural", values: count))?.utf8.count ?? 0 }
    case "--icu-currency-only":
      body = { (try? icuNL.translate("icu.currency", values: amount))?.utf8.count ?? 0 }
    case "--child-override-only", "--child-override-icu-only":
      // The child-instance rows: `root.spawn(context:)` once, an override behind a segment.
      let root = createMessagevisor(
        MessagevisorOptions(
          datafile: EngineBenchmarks.childDatafile(translations: translations),
          onDiagnostic: { _ in },
          modules: flag == "--child-override-icu-only" ? [createICUModule()] : []))
      let pro = root.spawn(context: ["plan": .string("pro")])
      body = { (try? pro.translate("checkout.title"))?.utf8.count ?? 0 }
    case "--third-override-only", "--spawn-only", "--merge-only":
      body = rowBody(flag, translations: translations, key: key)
    case "--icu-select-only":
      body = { (try? icu.translate("icu.selectNestedPlural", values: select))?.utf8.count ?? 0 }
    case "--icu-date-only":
      body = { (try? icu.translate("icu.date", values: when))?.utf8.count ?? 0 }
    // The call shapes (CallShapes.swift): the values literal is built at the call site.
    case "--icu-one-call-shape-only":
      body = {
        (try? icu.t("icu.oneArgument", values: ["name": .string(user.name)]))?.utf8.count ?? 0
      }
    case "--icu-plural-call-shape-only":
      body = {
        (try? icu.t("icu.plural", values: ["count": .int(user.itemCount)]))?.utf8.count ?? 0
      }
    case "--icu-currency-call-shape-only":
      body = {
        (try? icuNL.t("icu.currency", values: ["amount": .double(user.balance)]))?.utf8.count ?? 0
      }
    case "--icu-select-call-shape-only":
      body = {
        (try? icu.t(
          "icu.selectNestedPlural",
          values: ["gender": .string(user.gender), "count": .int(user.messages)]))?.utf8.count ?? 0
      }
    case "--icu-date-call-shape-only":
      body = {
        (try? icu.t("icu.date", values: ["when": .date(user.lastSeen)]))?.utf8.count ?? 0
      }
    default: body = { (try? engine.translate(key))?.utf8.count ?? 0 }
    }
    let ns = Harness.samples(runs: 1, iterations: iterations, body)[0]
    print("\(flag.dropFirst(2).replacingOccurrences(of: "-", with: " ")):", ns)
    return 0
  }

  /// The loops of the engine rows `call shape: translate, override behind 3-condition segments
  /// (third of three)`, `spawn + translate on the child` and `setDatafile merge` (one call of the
  /// merge row's loop per iteration).
  static func rowBody(_ flag: String, translations: [String: String], key: String) -> () -> Int {
    let datafile = EngineBenchmarks.overrideDatafile(translations: translations)
    switch flag {
    case "--third-override-only":
      let engine = createMessagevisor(
        MessagevisorOptions(
          datafile: datafile, context: ["plan": "pro", "platform": "ios", "seats": 12],
          onDiagnostic: { _ in }))
      return { (try? engine.translate("screen.section.key2"))?.utf8.count ?? 0 }
    case "--spawn-only":
      let engine = createMessagevisor(
        MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
      return {
        let child = engine.spawn(context: ["plan": "pro"])
        return (try? child.translate(key))?.utf8.count ?? 0
      }
    default:
      let update = EngineBenchmarks.mergeUpdate(of: datafile)
      let target = createMessagevisor(
        MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
      return {
        target.setDatafile(update)
        return 1
      }
    }
  }

  /// Parses the Loop catalog `iterations` times (the OTA row's work) and prints ns per parse.
  static func loopParse(_ iterations: Int) -> Int32 {
    guard let url = (try? Settings.parse([]))?.loopCatalog, let data = try? Data(contentsOf: url)
    else {
      FileHandle.standardError.write(
        Data("error: the Loop catalog needs ../shared/fixtures beside the repository\n".utf8))
      return 2
    }
    let options = XCStringsReader.Options(invalidEntries: .skip)
    let ns = Harness.samples(runs: 1, iterations: iterations) {
      (try? XCStringsReader.read(data, file: "loop", options: options))?.keys.count ?? 0
    }[0]
    print("loop parse only:", ns)
    return 0
  }
}
