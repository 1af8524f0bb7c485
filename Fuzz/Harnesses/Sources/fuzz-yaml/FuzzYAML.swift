import Foundation
import FuzzSupport
import MessagevisorProject

/// YAML documents: parsing either gives a node tree or a `YAMLError` with a position, for any bytes
/// (libyaml events, anchors and aliases, merge keys, scalar typing, depth and expansion bounds).
/// The `project` target loads the same inputs as project files (much slower: disk and the loader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzYAML(data, size) }
}

func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    _ = try YAMLParser().parse(bytes, file: "fuzz.yml")
  } catch {
    _ = error.description
  }
  return 0
}
