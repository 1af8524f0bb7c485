import Foundation

/// State shared by a root instance and all of its children: datafile storage, defaults, modules,
/// resolvers, diagnostic subscriptions and caches, all guarded by one recursive lock.
final class SharedCore: @unchecked Sendable {
  /// Guards every mutable field of the core and of every instance sharing it. Recursive, so
  /// listeners, resolvers and module callbacks may call back into the engine.
  let lock = RecursiveLock()

  // Guarded by `lock`, not by the runtime's dynamic exclusivity checks (see the note on
  // ``MessagevisorInstance``'s state): the hot fields opt out of them.

  /// Stored datafiles by locale (each builds its store on first use: ``builtStoreLocked(_:)``).
  @exclusivity(unchecked) var stores: [String: StoredLocale] = [:]
  /// Incremented whenever ``stores`` or ``modules`` change (per-instance caches of the active
  /// store and of the payload environment compare it).
  @exclusivity(unchecked) var generation = 0

  let defaultTranslations: [String: [String: String]]
  let defaultFormats: [String: FormatPresets]
  /// The root's `onDiagnostic` handler, which its children use too.
  let diagnosticHandler: MessagevisorDiagnosticHandler?
  /// The host time zone, captured once at root creation and shared with children.
  let hostTimeZone: String
  let caches = EvaluationCaches()
  /// Formatter caches shared with children and handed to modules.
  let formatters = NativeFormatters()

  /// Registered modules, in registration order.
  var modules: [ModuleRegistration] = [] {
    didSet {
      hasModules = !modules.isEmpty
      literalSyntax = Self.literalSyntax(of: modules)
      generation += 1
    }
  }
  /// `!modules.isEmpty`, kept as a plain flag for the translate hot path.
  @exclusivity(unchecked) private(set) var hasModules = false
  /// The bytes the modules react to, when every module declares them
  /// (``MessagevisorModule/literalTextSyntax``): a text without any of them passes the pipeline
  /// unchanged, so the translate paths hand it back without running it. `nil` otherwise.
  @exclusivity(unchecked) private(set) var literalSyntax: ModuleSyntax?

  /// The union of the modules' declared syntaxes; `nil` when a module runs on every text (a
  /// format hook without a declared syntax, a transform hook) or there are no modules.
  static func literalSyntax(of modules: [ModuleRegistration]) -> ModuleSyntax? {
    guard !modules.isEmpty else { return nil }
    var union = ModuleSyntax([])
    for registration in modules {
      let module = registration.module
      guard module.transform == nil else { return nil }
      if module.formatHook == nil && module.borrowingFormat == nil { continue }
      guard module.borrowingFormat != nil, let syntax = module.literalTextSyntax else {
        return nil
      }
      union = union.union(syntax)
    }
    return union
  }
  /// Cleanup of modules whose setup failed; `close()` awaits them.
  var pendingCleanups: [Task<Void, Never>] = []

  /// The instance's own resolvers (options or `setFlagResolver`).
  var baseFlagResolver: MessagevisorFlagResolver?
  var baseVariationResolver: MessagevisorVariationResolver?
  /// Module-registered resolvers; the last one wins.
  var moduleFlagResolvers: [(owner: Int, resolver: MessagevisorFlagResolver)] = []
  var moduleVariationResolvers: [(owner: Int, resolver: MessagevisorVariationResolver)] = []

  /// Borrowing module pipelines running under the lock on its holder's thread (nested when a
  /// hook calls back into the engine): see ``MessagevisorInstance/cachedFormats`` and
  /// ``MessagevisorInstance/cachedStore``.
  @exclusivity(unchecked) var borrowingPipelines = 0
  /// Cached formats and active stores replaced while a borrowing pipeline ran, released when the
  /// outermost one ends (that pipeline reads its environment and its text without holding them).
  @exclusivity(unchecked) var retired: [AnyObject] = []

  /// Module diagnostic subscriptions (read on the translate path by
  /// ``MessagevisorInstance/wantsDiagnosticLocked(_:)``).
  @exclusivity(unchecked) var diagnosticSubscribers: [DiagnosticSubscriber] = []

  /// The root's live children (without ownership).
  @exclusivity(unchecked) var children = ChildRegistry()

  private var nextIdentifier = 0
  @exclusivity(unchecked) private var revisionTable: RevisionTable?
  @exclusivity(unchecked) private var revisionTableGeneration = -1

  init(
    defaultTranslations: [String: [String: String]], defaultFormats: [String: FormatPresets],
    resolveFlag: MessagevisorFlagResolver?, resolveVariation: MessagevisorVariationResolver?,
    diagnosticHandler: MessagevisorDiagnosticHandler?
  ) {
    self.diagnosticHandler = diagnosticHandler
    self.defaultTranslations = defaultTranslations
    self.defaultFormats = defaultFormats
    self.baseFlagResolver = resolveFlag
    self.baseVariationResolver = resolveVariation
    self.hostTimeZone = TimeZone.current.identifier
  }

  deinit {
    lock.destroy()
  }

  /// The store of `locale`'s datafile, built now if no lookup needed it before (caller holds
  /// the lock); `nil` when no datafile is stored for it.
  func builtStoreLocked(_ locale: String) -> LocaleStore? {
    guard let stored = stores[locale] else { return nil }
    if let built = stored.built { return built }
    return stored.store(neighbours: stores.values.lazy.compactMap(\.built))
  }

  /// A fresh identifier (caller holds the lock).
  func makeIdentifier() -> Int {
    nextIdentifier += 1
    return nextIdentifier
  }

  /// The locales, revisions and directions of ``stores`` (caller holds the lock): built once per
  /// generation and shared.
  func revisionTableLocked() -> RevisionTable {
    if let revisionTable, revisionTableGeneration == generation { return revisionTable }
    let table = RevisionTable(stores)
    revisionTable = table
    revisionTableGeneration = generation
    return table
  }

  var flagResolver: MessagevisorFlagResolver? {
    moduleFlagResolvers.last?.resolver ?? baseFlagResolver
  }

  var variationResolver: MessagevisorVariationResolver? {
    moduleVariationResolvers.last?.resolver ?? baseVariationResolver
  }

  /// Removes every resolver and diagnostic subscription a module registered (caller holds the lock).
  func rollBackRegistrations(of owner: Int) {
    moduleFlagResolvers.removeAll { $0.owner == owner }
    moduleVariationResolvers.removeAll { $0.owner == owner }
    diagnosticSubscribers.removeAll { $0.owner == owner }
  }

  /// Whether any module subscriber wants diagnostics of `level` (caller holds the lock).
  func subscribersWant(_ level: MessagevisorLogLevel) -> Bool {
    for subscriber in diagnosticSubscribers where subscriber.logLevel.allows(level) { return true }
    return false
  }
}

/// A module's `api.onDiagnostic` subscription.
struct DiagnosticSubscriber {
  var id: Int
  var owner: Int
  var logLevel: MessagevisorLogLevel
  var handler: MessagevisorDiagnosticHandler
}
