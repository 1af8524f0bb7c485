import Foundation
import FuzzSupport
import Messagevisor
import MessagevisorICU

/// One instance per locale, created on first use (libFuzzer calls the harness on one thread).
nonisolated(unsafe) var instances: [String: Messagevisor] = [:]

func instance(for locale: String) -> Messagevisor {
  if let existing = instances[locale] { return existing }
  let created = createMessagevisor(
    MessagevisorOptions(locale: locale, onDiagnostic: { _ in }, modules: [createICUModule()]))
  instances[locale] = created
  return created
}

let argumentNames = ["count", "n", "name", "gender", "date", "when", "price", "amount", "0", "1"]

/// ICU messages: the text before the first NUL is parsed, then formatted in a locale chosen by the
/// tail with values the tail describes (any type for any argument, so type mismatches are fuzzed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICUEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzICU(data, size) }
}

func fuzzICU(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let (text, rest) = splitAtNUL(data, size)
  do {
    _ = try ICUParser.parse(text)
  } catch {
    _ = error.description
  }
  var bytes = FuzzBytes(rest)
  let locale = fuzzLocales[bytes.choice(fuzzLocales.count)]
  let values = MessagevisorValues(bytes.values(names: argumentNames))
  _ = try? instance(for: locale).formatMessage(
    text, values: values, options: EvaluationOptions(locale: locale))
  return 0
}
