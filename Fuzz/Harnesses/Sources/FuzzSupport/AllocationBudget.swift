import Foundation
import Synchronization

/// The per-input allocation limit: the bytes an input makes the code allocate in total (every
/// `malloc`, counted through AddressSanitizer's allocation hooks, whether or not it is freed) may be
/// at most ``baseBytes`` plus ``bytesPerInputByte`` for each byte of the input. A converter whose
/// work grows faster than its input (an expansion, a quadratic copy) fails here even when it is fast
/// enough for ``CPUBudget``.
///
/// `FUZZ_ALLOC_BASE` and `FUZZ_ALLOC_FACTOR` change the two numbers (defaults 16 MiB and 64).
public enum AllocationBudget {
  /// Bytes allowed whatever the input's size.
  public static let baseBytes = environment("FUZZ_ALLOC_BASE", default: 16 << 20)
  /// Bytes allowed per byte of input.
  public static let bytesPerInputByte = environment("FUZZ_ALLOC_FACTOR", default: 64)

  static let allocated = Atomic<Int>(0)
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) public private(set) static var largestRatio: Double = 0

  private static func environment(_ name: String, default value: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment[name], let number = Int(text), number > 0
    else { return value }
    return number
  }

  private static func install() {
    installed = true
    // The hook runs inside malloc: it must not allocate.
    _ = installMallocAndFreeHooks(
      { _, size in _ = AllocationBudget.allocated.add(size, ordering: .relaxed) }, { _ in })
    atexit {
      let line = String(
        format: "alloc: largest input allocated %.1f x its size (+ base)\n",
        AllocationBudget.largestRatio)
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// Runs one input's work and checks the bytes it allocated against the limit.
  public static func run<T>(inputBytes: Int, _ body: () -> T) -> T {
    if !installed { install() }
    allocated.store(0, ordering: .relaxed)
    let result = body()
    let used = allocated.load(ordering: .relaxed)
    let ratio = Double(max(0, used - baseBytes)) / Double(max(1, inputBytes))
    largestRatio = max(largestRatio, ratio)
    let limit = baseBytes + bytesPerInputByte * max(0, inputBytes)
    if used > limit {
      // Said before stopping: an optimized build drops a precondition's message.
      let line =
        "==allocation limit== input of \(inputBytes) bytes allocated \(used) bytes (limit \(baseBytes) + \(bytesPerInputByte) x its size = \(limit))\n"
      FileHandle.standardError.write(Data(line.utf8))
      abort()
    }
    return result
  }
}

/// AddressSanitizer's hook registration (`sanitizer/allocator_interface.h`).
@_silgen_name("__sanitizer_install_malloc_and_free_hooks")
private func installMallocAndFreeHooks(
  _ malloc: @convention(c) (UnsafeRawPointer?, Int) -> Void,
  _ free: @convention(c) (UnsafeRawPointer?) -> Void
) -> CInt
