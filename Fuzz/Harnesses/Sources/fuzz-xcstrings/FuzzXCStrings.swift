import Foundation
import FuzzSupport
import ReRune

/// `.xcstrings` bytes, read strictly and leniently for several devices; every locale of a catalog
/// that was read is looked up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCStringsEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzXCStrings(data, size) }
}

func fuzzXCStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  for options in [
    XCStringsReader.Options(),
    XCStringsReader.Options(device: "iphone", invalidEntries: .skip),
  ] {
    do {
      let catalog = try XCStringsReader.read(bytes, file: "fuzz.xcstrings", options: options)
      for locale in catalog.locales.keys.sorted() {
        _ = catalog.entries(forLocale: locale)?.count
      }
    } catch {
      _ = error.description
    }
  }
  return 0
}
