import Testing

@testable import MessagevisorSystem

@Suite("FreeMemory: the allocator's free pages given back")
struct FreeMemoryTests {
  @Test("giving back after large blocks were freed succeeds with glibc and changes nothing else")
  func givesBackAfterFreedBlocks() {
    // Blocks below glibc's mmap threshold stay in the heap when freed; every other one is
    // freed, leaving whole free pages between the ones kept.
    var kept: [[UInt8]] = []
    var freed: [[UInt8]] = []
    for index in 0..<64 {
      let block = [UInt8](repeating: UInt8(index), count: 64 * 1024)
      if index.isMultiple(of: 2) { kept.append(block) } else { freed.append(block) }
    }
    freed.removeAll()
    let gaveBack = FreeMemory.giveBack()
    #if canImport(Glibc)
      #expect(gaveBack, "glibc gives whole free pages back")
    #else
      #expect(!gaveBack)
    #endif
    // What stays is untouched.
    for (index, block) in kept.enumerated() {
      #expect(block.allSatisfy { $0 == UInt8(index * 2) })
    }
  }
}
