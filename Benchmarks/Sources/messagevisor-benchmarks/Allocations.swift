import Foundation

/// Allocations per call, read from the counting allocator that `Benchmarks/run` preloads
/// (`Benchmarks/malloc-count/malloc_count.c`); `nil` when the binary runs without it.
enum Allocations {
  private typealias Counter = @convention(c) () -> UInt64

  private static let counter: Counter? = {
    guard let symbol = dlsym(nil, "messagevisor_allocations")  // RTLD_DEFAULT
    else { return nil }
    return unsafeBitCast(symbol, to: Counter.self)
  }()

  /// Whether the counting allocator is loaded.
  static var available: Bool { counter != nil }

  /// Allocations per call of `body` on this thread over `iterations` calls (after one warm-up
  /// call), or `nil` without the counting allocator.
  static func perCall(iterations: Int = 1000, _ body: () -> Int) -> Double? {
    guard let counter else { return nil }
    benchmarkSink &+= body()
    var local = 0
    let before = counter()
    for _ in 0..<iterations { local &+= body() }
    let after = counter()
    benchmarkSink &+= local
    return Double(after - before) / Double(iterations)
  }

  /// An allocation count as the table shows it ("1", "0.25").
  static func text(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
