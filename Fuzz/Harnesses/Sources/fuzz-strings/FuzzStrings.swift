import Foundation
import FuzzSupport
import ReRune

/// `.strings` bytes (any encoding the reader detects), read strictly and leniently.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzStrings(data, size) }
}

func fuzzStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  for policy in [XCStringsReader.InvalidEntryPolicy.reject, .skip] {
    do {
      let catalog = try StringsFileReader.read(
        bytes, file: "fuzz.strings", locale: "en", invalidEntries: policy)
      _ = catalog.entries(forLocale: "en")?.count
    } catch {
      _ = error.description
    }
  }
  return 0
}
