import Foundation
import MessagevisorLocking

/// A current-value broadcaster of the applied manifest revision.
///
/// New subscribers receive the current value first (like Combine's `CurrentValueSubject`; skip it with
/// `dropFirst()`), then every emission, including repeats of the same number. Delivery happens on the
/// thread that applied the update (Linux has no main run loop to hop to); emissions are delivered in order.
public final class ReRuneRevisionBroadcaster: Sendable {
  struct State {
    var value: Int
    var continuations: [UUID: AsyncStream<Int>.Continuation] = [:]
    var handlers: [UUID: @Sendable (Int) -> Void] = [:]
  }

  let state: Locked<State>
  let delivery = NSRecursiveLock()

  /// Creates a broadcaster holding `initial`.
  public init(initial: Int = 0) { state = Locked(State(value: initial)) }

  /// The current value.
  public var value: Int { state.withLock { $0.value } }

  /// Sets the value and delivers it to every subscriber (even when unchanged).
  public func emit(_ value: Int) {
    delivery.withLock {
      let (continuations, handlers) = state.withLock {
        state -> ([AsyncStream<Int>.Continuation], [@Sendable (Int) -> Void]) in
        state.value = value
        return (Array(state.continuations.values), Array(state.handlers.values))
      }
      for continuation in continuations { continuation.yield(value) }
      for handler in handlers { handler(value) }
    }
  }

  /// A stream that starts with the current value and then yields every emission.
  public func stream() -> AsyncStream<Int> {
    let id = UUID()
    return AsyncStream(bufferingPolicy: .bufferingNewest(256)) { continuation in
      delivery.withLock {
        let current = state.withLock { state -> Int in
          state.continuations[id] = continuation
          return state.value
        }
        continuation.yield(current)
      }
      continuation.onTermination = { [weak self] _ in
        _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
      }
    }
  }

  /// Calls `handler` with the current value now and with every emission; returns an unsubscribe function.
  public func subscribe(_ handler: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
    let id = UUID()
    delivery.withLock {
      let current = state.withLock { state -> Int in
        state.handlers[id] = handler
        return state.value
      }
      handler(current)
    }
    return { [weak self] in
      _ = self?.state.withLock { $0.handlers.removeValue(forKey: id) }
    }
  }
}
