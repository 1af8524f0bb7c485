import Foundation

/// Everything a root ``Messagevisor`` and a ``MessagevisorChild`` share: translation, formatting
/// helpers, context, locale, currency, time zone, diagnostics, events and snapshots.
///
/// All public operations are safe from any thread. Listeners, resolvers and module hooks may call
/// back into the instance.
public class MessagevisorInstance: @unchecked Sendable {
  struct Listener {
    var id: Int
    var handler: MessagevisorEventHandler
  }

  /// Shared with the root and its children.
  let core: SharedCore

  // MARK: State guarded by `core.lock`

  //
  // The lock, not the runtime's dynamic exclusivity checks, keeps accesses to this state apart:
  // the hot fields opt out of the checks (`@exclusivity(unchecked)`), which cost a runtime call
  // per access on every translate and spawn. None of them is accessed for longer than one
  // assignment or one non-reentrant mutating call (no callback runs inside an access).

  @exclusivity(unchecked) var activeLocale: String?
  @exclusivity(unchecked) var context: MessagevisorContext {
    didSet { contextSlotsGeneration = -1 }
  }
  @exclusivity(unchecked) var currency: String?
  @exclusivity(unchecked) var timeZone: String?
  @exclusivity(unchecked) var version = 0
  @exclusivity(unchecked) var logLevel: MessagevisorLogLevel
  var listeners: [MessagevisorEventType: [Listener]] = [:]
  @exclusivity(unchecked) var isClosed = false
  /// What the snapshot published with the last event was made of (the next event's
  /// `previousSnapshot`). `nil` until the first event: the state has not changed since the
  /// instance was created, so the snapshot is made of the current state (``lastSnapshotLocked()``)
  /// and a child's `spawn` copies nothing for it. Every change captures the previous snapshot
  /// before it changes anything (the stored datafiles included: the root hands children the
  /// revision table from before a store).
  @exclusivity(unchecked) var lastSnapshot: SnapshotSource?

  /// Hot-path cache of the active locale's store, valid while `cachedGeneration` matches. A
  /// borrowing pipeline reads a text of this store without holding it; when a hook calls back into
  /// the engine and replaces the cache meanwhile, the old store is retired (`core.retired`) until
  /// the outermost pipeline ends.
  @exclusivity(unchecked) var cachedStore: LocaleStore? {
    willSet {
      if core.borrowingPipelines > 0, let cachedStore { core.retired.append(cachedStore) }
    }
    didSet { cachedStoreReference = cachedStore.map { Unmanaged.passUnretained($0) } }
  }
  /// `cachedStore` without ownership (it holds the reference), for lookups under the lock that
  /// borrow the store instead of retaining it.
  @exclusivity(unchecked) var cachedStoreReference: Unmanaged<LocaleStore>?
  @exclusivity(unchecked) var cachedGeneration = -1
  /// The last evaluation formats computed for the module pipeline. A borrowing pipeline runs
  /// under the lock on the environment of this cache without holding it; when a hook calls back
  /// into the engine and replaces the cache meanwhile, the old entry is retired
  /// (`core.retired`) until the outermost pipeline ends.
  @exclusivity(unchecked) var cachedFormats: ResolvedFormats? {
    willSet {
      if core.borrowingPipelines > 0, let cachedFormats { core.retired.append(cachedFormats) }
    }
    didSet { cachedFormatsReference = cachedFormats.map { Unmanaged.passUnretained($0) } }
  }
  /// `cachedFormats` without ownership (it holds the reference), for the translate path, which
  /// reads it under the lock without retaining it.
  @exclusivity(unchecked) var cachedFormatsReference: Unmanaged<ResolvedFormats>?

  /// ``context`` looked up on the attribute slots of one store (`.none` = not looked up yet),
  /// kept across calls while ``contextSlotsGeneration`` equals `core.generation` and the store is
  /// ``contextSlotsStore``; a context change invalidates it.
  @exclusivity(unchecked) private var contextSlotValues: UnsafeMutablePointer<MessagevisorValue??>?
  @exclusivity(unchecked) private var contextSlotCount = 0
  @exclusivity(unchecked) private var contextSlotCapacity = 0
  @exclusivity(unchecked) private var contextSlotsStore: ObjectIdentifier?
  @exclusivity(unchecked) private var contextSlotsGeneration = -1

  init(
    core: SharedCore, locale: String?, context: MessagevisorContext, currency: String?,
    timeZone: String?, logLevel: MessagevisorLogLevel
  ) {
    self.core = core
    self.activeLocale = locale
    self.context = context
    self.currency = currency
    self.timeZone = timeZone
    self.logLevel = logLevel
  }

  deinit {
    if let contextSlotValues {
      contextSlotValues.deinitialize(count: contextSlotCount)
      contextSlotValues.deallocate()
    }
  }

  /// The instance context on `store`'s attribute slots (caller holds the lock and keeps `store`
  /// alive while it uses the buffer): reused while neither the context nor the stored datafiles
  /// changed, so each attribute is looked up in the context dictionary once, not once per call.
  @inline(__always)
  final func contextSlotsLocked(_ store: LocaleStore) -> UnsafeMutableBufferPointer<
    MessagevisorValue??
  > {
    if contextSlotsGeneration != core.generation
      || contextSlotsStore != ObjectIdentifier(store)
    {
      resetContextSlotsLocked(store)
    }
    return UnsafeMutableBufferPointer(start: contextSlotValues, count: contextSlotCount)
  }

  @inline(never)
  private func resetContextSlotsLocked(_ store: LocaleStore) {
    let count = store.attributes.count
    if let contextSlotValues {
      contextSlotValues.deinitialize(count: contextSlotCount)
      if contextSlotCapacity < count {
        contextSlotValues.deallocate()
        self.contextSlotValues = nil
      }
    }
    if contextSlotValues == nil, count > 0 {
      contextSlotValues = .allocate(capacity: count)
      contextSlotCapacity = count
    }
    contextSlotValues?.initialize(repeating: .none, count: count)
    contextSlotCount = contextSlotValues == nil ? 0 : count
    contextSlotsStore = ObjectIdentifier(store)
    contextSlotsGeneration = core.generation
  }

  /// Runs `body` while holding the shared lock.
  @inline(__always)
  final func locked<T>(_ body: () throws -> T) rethrows -> T {
    core.lock.lock()
    defer { core.lock.unlock() }
    return try body()
  }

  /// The store of the active locale, through the per-instance cache (caller holds the lock).
  @inline(__always)
  final func activeStoreLocked() -> LocaleStore? {
    if cachedGeneration == core.generation { return cachedStore }
    return refreshActiveStoreLocked()
  }

  /// Looks the active store up again after a datafile or locale change (caller holds the lock).
  @inline(never)
  final func refreshActiveStoreLocked() -> LocaleStore? {
    let store = activeLocale.flatMap { core.builtStoreLocked($0) }
    cachedStore = store
    cachedGeneration = core.generation
    return store
  }

  /// The active store's plain translation of `key` (caller holds the lock); borrows the store.
  @inline(__always)
  final func plainTranslationLocked(_ key: String) -> String? {
    if cachedGeneration != core.generation { _ = refreshActiveStoreLocked() }
    return cachedStoreReference?._withUnsafeGuaranteedRef { $0.plainTranslation(key) }
  }

  /// The active store's plain translation of `key`, taking the lock (for `getRawTranslation`);
  /// `nil` sends the caller down the full lookup.
  final func fastRawTranslation(_ key: String) -> String? {
    let core = self.core
    core.lock.lock()
    defer { core.lock.unlock() }
    return plainTranslationLocked(key)
  }

  /// Invalidates the active-store cache after a locale change (caller holds the lock).
  final func invalidateStoreCacheLocked() {
    cachedGeneration = -1
    cachedStore = nil
  }

  /// The locale for an evaluation: the call's, else the active one; reports `missing_locale` and
  /// throws when neither exists (caller holds the lock).
  final func evaluationLocaleLocked(_ callLocale: String?) throws -> String {
    if let locale = callLocale ?? activeLocale { return locale }
    reportLocked(
      level: .error, code: "missing_locale", message: "Locale not set", details: ["locale": .null])
    throw MessagevisorError("Locale not set")
  }
}
