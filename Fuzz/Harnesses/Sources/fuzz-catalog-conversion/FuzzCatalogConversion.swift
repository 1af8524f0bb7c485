import Foundation
import FuzzSupport
import ReRune

/// `.xcstrings` bytes as an OTA server may send them, every locale converted to ICU text (lenient,
/// as the client reads payloads). Besides crashes, an input fails when its conversion takes more than
/// the CPU limit (scripts/fuzz sets 100 ms for this target) or allocates more than
/// ``AllocationBudget`` allows for its size: a small payload must not cost minutes or gigabytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogConversionEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { AllocationBudget.run(inputBytes: size) { fuzzCatalogConversion(data, size) } }
}

func fuzzCatalogConversion(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let document = try? XCStringsDocument.parse(bytes, file: "fuzz.xcstrings") else {
    return 0
  }
  let options = XCStringsReader.Options(invalidEntries: .skip)
  for tag in document.localeTags {
    do {
      let read = try document.entries(forLocale: tag, options: options)
      _ = read?.entries.count
    } catch {
      _ = error.description
    }
  }
  return 0
}
