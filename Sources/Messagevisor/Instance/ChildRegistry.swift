/// The live children of a root, without ownership (guarded by the core lock), so that removing a
/// module can drop what every child cached about the module list.
///
/// A child adds itself when spawned and removes itself in `deinit` (which takes the core lock), so
/// every entry refers to an instance whose memory is valid while the lock is held. Removal swaps
/// the last entry into the freed slot: both operations are O(1).
struct ChildRegistry {
  private var children: [Unmanaged<MessagevisorChild>] = []

  /// Adds `child` and records its slot in it (caller holds the lock).
  mutating func add(_ child: MessagevisorChild) {
    child.registrySlot = children.count
    children.append(.passUnretained(child))
  }

  /// Removes `child` (caller holds the lock); does nothing when it is not registered.
  mutating func remove(_ child: MessagevisorChild) {
    let slot = child.registrySlot
    guard slot >= 0, slot < children.count,
      children[slot].toOpaque() == Unmanaged.passUnretained(child).toOpaque()
    else { return }
    let last = children.removeLast()
    if slot < children.count {
      children[slot] = last
      last._withUnsafeGuaranteedRef { $0.registrySlot = slot }
    }
    child.registrySlot = -1
  }

  /// Calls `body` with every registered child, borrowed (caller holds the lock; `body` must not
  /// keep the child).
  func withEach(_ body: (MessagevisorChild) -> Void) {
    for child in children { child._withUnsafeGuaranteedRef(body) }
  }

  /// The number of registered children.
  var count: Int { children.count }
}
