import Foundation

/// Runs `body` on `count` new threads at once (1 MB stacks) and waits for all of them: the stress
/// tests' way to exercise real concurrency outside Swift's cooperative pool.
public func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  group.wait()
}
