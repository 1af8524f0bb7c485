import Foundation
import MessagevisorSystem

/// Runs independent pieces of work on every core: what makes a cold project load and build use
/// the whole machine (files are parsed, and locales built, independently of each other).
enum ParallelMap {
  /// `items.map(transform)`, with the calls spread over the active processors; the results keep
  /// the order of `items`. On a background queue's thread (`BackgroundQueue`: work nobody waits
  /// for) the calls run one after another on that thread, at its lower priority.
  ///
  /// The caller guarantees what the compiler cannot check here: `transform` is safe to call from
  /// several threads at once (it only reads state that nothing writes meanwhile and returns its
  /// result), and the results may be handed to the calling thread.
  static func map<Element, Output>(_ items: [Element], _ transform: (Element) -> Output)
    -> [Output]
  {
    let count = items.count
    guard count > 1, ProcessInfo.processInfo.activeProcessorCount > 1,
      !BackgroundQueue.isCurrentThreadBackground
    else {
      return items.map(transform)
    }
    return withoutActuallyEscaping(transform) { transform in
      [Output](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        items.withUnsafeBufferPointer { input in
          let work = Unchecked(value: (input: input, output: base, transform: transform))
          DispatchQueue.concurrentPerform(iterations: count) { index in
            let work = work.value
            (work.output + index).initialize(to: work.transform(work.input[index]))
          }
        }
        initialized = count
      }
    }
  }

  /// Hands the input, the output buffer and the transform to the worker threads (see
  /// ``map(_:_:)`` for why that is safe).
  private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
  }
}
