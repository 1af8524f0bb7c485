import Foundation
import FuzzSupport
import ReRune

/// Manifest bytes: parsing either succeeds with consistent locales or throws a described error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzManifest(data, size) }
}

func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    let manifest = try ReRuneManifest.parse(Data(bytes: data, count: size))
    precondition(manifest.version >= 0, "negative manifest version accepted")
    for (key, locale) in manifest.locales {
      precondition(!key.isEmpty && locale.version >= 0, "invalid locale accepted: \(key)")
    }
  } catch {
    precondition(!error.problems.isEmpty, "manifest error without a problem")
    _ = error.description
  }
  return 0
}
