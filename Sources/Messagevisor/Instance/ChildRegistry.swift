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

  /// Calls `body` with every registered child (caller holds the lock).
  ///
  /// The children are retained for the walk: `body` may run code (listeners, deinitializers of
  /// what it releases) that drops the last reference to another child, which then leaves the
  /// registry only after the walk instead of being freed under it. A child that another thread is
  /// deinitializing (waiting for the lock to leave the registry) is retained and released without
  /// running its deinitializer again.
  func withEach(_ body: (MessagevisorChild) -> Void) {
    guard !children.isEmpty else { return }
    let retained = children.map { $0.takeUnretainedValue() }
    for child in retained where child.registrySlot >= 0 { body(child) }
  }

  /// The number of registered children.
  var count: Int { children.count }
}
