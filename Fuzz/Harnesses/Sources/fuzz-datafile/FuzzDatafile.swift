import Foundation
import FuzzSupport
import Messagevisor
import MessagevisorICU

/// Datafile JSON: parse, write back and re-read (the writer must produce a readable datafile), then
/// load it into an instance (with the ICU module) and translate every message with values from the
/// input's tail.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatafileEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzDatafile(data, size) }
}

func fuzzDatafile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let (text, rest) = splitAtNUL(data, size)
  guard let datafile = try? DatafileContent.fromJSON(text) else { return 0 }
  let written: String
  do {
    written = try datafile.toJSON()
  } catch {
    preconditionFailure("a datafile that was read cannot be written: \(error)")
  }
  guard (try? DatafileContent.fromJSON(written)) != nil else {
    preconditionFailure("the written datafile cannot be read back: \(written)")
  }
  var bytes = FuzzBytes(rest)
  let instance = createMessagevisor(
    MessagevisorOptions(
      datafile: datafile, context: bytes.values(names: ["platform", "plan", "country", "version"]),
      onDiagnostic: { _ in }, modules: [createICUModule()]))
  let names = ["count", "name", "n", "date", "price", "gender"]
  for key in datafile.messages.keys.sorted().prefix(32) {
    _ = try? instance.translate(key, values: MessagevisorValues(bytes.values(names: names)))
  }
  for key in datafile.translations.keys.sorted().prefix(32) {
    _ = try? instance.translate(key, values: MessagevisorValues(bytes.values(names: names)))
  }
  return 0
}
