import Foundation
import FuzzSupport
import ReRune

/// `.stringsdict` bytes (XML or binary property lists), read strictly and leniently.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsDictEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzStringsDict(data, size) }
}

func fuzzStringsDict(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  for policy in [XCStringsReader.InvalidEntryPolicy.reject, .skip] {
    do {
      let catalog = try StringsDictReader.read(
        bytes, file: "fuzz.stringsdict", locale: "en", invalidEntries: policy)
      _ = catalog.entries(forLocale: "en")?.count
    } catch {
      _ = error.description
    }
  }
  return 0
}
