// Engine hot-path benchmarks. Build and run in release mode:
//   swift build -c release --product messagevisor-benchmarks && .build/release/messagevisor-benchmarks
// Prints the median ns per operation over several runs, and ratios to a plain dictionary lookup.
import Foundation
import Messagevisor

/// Keeps results alive so the optimizer cannot drop the measured work.
nonisolated(unsafe) var sink = 0

/// Median ns per call of `body` over `runs` runs of `iterations` calls each.
func measure(runs: Int = 7, iterations: Int = 1_000_000, _ body: () -> Int) -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    var local = 0
    for _ in 0..<iterations { local &+= body() }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    sink &+= local
    samples.append(Double(elapsed) / Double(iterations))
  }
  samples.sort()
  return samples[samples.count / 2]
}

func report(_ name: String, _ nanoseconds: Double, baseline: Double? = nil) {
  var line = name.padding(toLength: 52, withPad: " ", startingAt: 0)
  line += String(format: "%9.1f ns", nanoseconds)
  if let baseline { line += String(format: "   %5.2f× dictionary", nanoseconds / baseline) }
  print(line)
}

var translations: [String: String] = [:]
for index in 0..<1000 { translations["screen.section.key\(index)"] = "Translation number \(index)" }
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

let m = createMessagevisor(MessagevisorOptions(datafile: datafile, onDiagnostic: { _ in }))
let withModule = createMessagevisor(
  MessagevisorOptions(
    datafile: datafile, onDiagnostic: { _ in },
    modules: [MessagevisorModule(name: "noop", transform: { _, _ in nil })]))
let child = m.spawn(context: ["plan": "pro"])
let dictionary = translations
let lookupKey = String(key)

/// Medians of `baseline` and `candidate`, measured in interleaved runs so machine load affects both.
func measurePair(
  runs: Int = 9, iterations: Int = 1_000_000, _ baseline: () -> Int, _ candidate: () -> Int
)
  -> (Double, Double)
{
  var baselineSamples: [Double] = []
  var candidateSamples: [Double] = []
  for _ in 0..<runs {
    baselineSamples.append(measure(runs: 1, iterations: iterations, baseline))
    candidateSamples.append(measure(runs: 1, iterations: iterations, candidate))
  }
  baselineSamples.sort()
  candidateSamples.sort()
  return (baselineSamples[runs / 2], candidateSamples[runs / 2])
}

let onlyIterations = CommandLine.arguments.last.flatMap { Int($0) } ?? 5_000_000
if CommandLine.arguments.contains("--dictionary-only") {
  print(
    "dictionary only:",
    measure(runs: 1, iterations: onlyIterations) { dictionary[lookupKey]?.utf8.count ?? 0 })
  exit(0)
}
if CommandLine.arguments.contains("--override-only") {
  print(
    "override only:",
    measure(runs: 1, iterations: onlyIterations) {
      (try? child.translate("screen.section.key1"))?.utf8.count ?? 0
    })
  exit(0)
}
if CommandLine.arguments.contains("--module-only") {
  print(
    "module only:",
    measure(runs: 1, iterations: onlyIterations) {
      (try? withModule.translate(lookupKey))?.utf8.count ?? 0
    })
  exit(0)
}
if CommandLine.arguments.contains("--translate-only") {
  print(
    "translate only:",
    measure(runs: 1, iterations: onlyIterations) { (try? m.translate(lookupKey))?.utf8.count ?? 0 })
  exit(0)
}

print("messagevisor-benchmarks: median of 7–9 runs, ns per call")
let (dictionaryNs, translateNs) = measurePair(
  { dictionary[lookupKey]?.utf8.count ?? 0 }, { (try? m.translate(lookupKey))?.utf8.count ?? 0 })
report("Dictionary<String,String> lookup (1,000 keys)", dictionaryNs)
report("translate plain key, no modules", translateNs, baseline: dictionaryNs)
report(
  "t plain key via child, no modules",
  measure { (try? child.t(lookupKey))?.utf8.count ?? 0 }, baseline: dictionaryNs)
report(
  "translate with a matching override (segment)",
  measure(iterations: 200_000) { (try? child.translate("screen.section.key1"))?.utf8.count ?? 0 },
  baseline: dictionaryNs)
report(
  "translate plain key, one no-op module",
  measure(iterations: 200_000) { (try? withModule.translate(lookupKey))?.utf8.count ?? 0 },
  baseline: dictionaryNs)
report(
  "getRawTranslation plain key",
  measure { (try? m.getRawTranslation(lookupKey))?.utf8.count ?? 0 }, baseline: dictionaryNs)
report(
  "evaluateCondition (cached JSON-string condition)",
  measure(iterations: 200_000) {
    evaluateCondition(
      condition, provider: MessagevisorEvaluationDataProvider(context: ["plan": "pro"]))
      ? 1 : 0
  })
print(
  String(
    format: "translate median %.1f ns (target ≤ 100 ns), ratio %.2f× dictionary (target ≤ 2×)",
    translateNs, translateNs / dictionaryNs))
if sink == 42 { print("") }
