import CEngineLock

/// The engine's recursive lock (`CEngineLock`): on Linux a futex word taken with one
/// compare-and-swap and released with one exchange, inline in the caller (a recursive pthread
/// mutex cost the translate path about 70 instructions in two library calls); a thread that
/// waits sleeps in the kernel. Recursive so listeners and module callbacks can re-enter the engine
/// on the same thread.
///
/// A value holding the lock's address, so locking costs no retain of a lock object; the owner
/// calls ``destroy()`` exactly once, in its `deinit`.
struct RecursiveLock: @unchecked Sendable {
  private let state: UnsafeMutablePointer<cengine_lock>

  init() {
    state = UnsafeMutablePointer<cengine_lock>.allocate(capacity: 1)
    cengine_lock_init(state)
  }

  /// Destroys the lock (the owner's `deinit`; nothing may use the lock afterwards).
  func destroy() {
    cengine_lock_destroy(state)
    state.deallocate()
  }

  @inline(__always)
  func lock() { cengine_lock_lock(state) }

  @inline(__always)
  func unlock() { cengine_lock_unlock(state) }
}
