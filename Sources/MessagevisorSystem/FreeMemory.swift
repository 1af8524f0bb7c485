#if canImport(Glibc)
  import Glibc
#endif

/// Memory that the C allocator holds but no object uses.
///
/// `free` gives pages back to the system only from the top of a heap; pages in the middle stay
/// mapped until the allocator needs them again. After a big project's datafiles are built, the
/// freed scratch of parsing and building lies between what stays (tens of megabytes at 800,000
/// translations), and it counts in the previewer's resident memory for as long as it runs.
package enum FreeMemory {
  /// Gives the allocator's free pages back to the system: glibc's `malloc_trim(0)`, which
  /// releases every whole free page of every arena. Returns whether memory was given back;
  /// `false` too where the C library has no such call. Takes the allocator's locks while it
  /// walks them: call it from background work, once a large piece of work has ended.
  @discardableResult
  package static func giveBack() -> Bool {
    #if canImport(Glibc)
      // Looked up at run time: Swift's Glibc module does not declare it (it is in `<malloc.h>`),
      // and a C library without it (musl) has no symbol.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return false
      }
      let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
      return trim(0) == 1
    #else
      return false
    #endif
  }
}
