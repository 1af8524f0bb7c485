/// The root Messagevisor instance: owns datafile storage, modules and resolvers, and spawns
/// children. Create it with ``createMessagevisor(_:)``.
public final class Messagevisor: MessagevisorInstance, @unchecked Sendable {
  /// The shared close operation (guarded by the core lock).
  var closeTask: Task<[any Error], Never>?

  init(_ options: MessagevisorOptions) {
    let core = SharedCore(
      defaultTranslations: options.defaultTranslations, defaultFormats: options.defaultFormats,
      resolveFlag: options.resolveFlag, resolveVariation: options.resolveVariation,
      diagnosticHandler: options.onDiagnostic)
    super.init(
      core: core, locale: options.locale, context: options.context, currency: options.currency,
      timeZone: options.timeZone, logLevel: options.logLevel)
    locked {
      if let datafile = options.datafile {
        storeDatafileLocked(validating: datafile, replace: false, initial: true)
      } else if let json = options.datafileJSON {
        storeDatafileLocked(json: json, replace: false, initial: true)
      }
      for module in options.modules { _ = addModule(module) }
      reportLocked(level: .info, code: "sdk_initialized", message: "SDK initialized")
    }
  }

  /// Replaces the instance flag resolver (module resolvers still take precedence).
  public func setFlagResolver(_ resolver: MessagevisorFlagResolver?) {
    locked { core.baseFlagResolver = resolver }
  }

  /// Replaces the instance variation resolver (module resolvers still take precedence).
  public func setVariationResolver(_ resolver: MessagevisorVariationResolver?) {
    locked { core.baseVariationResolver = resolver }
  }

  /// Creates a child with its own context (the parent's merged with `context`), locale, currency,
  /// time zone, events and snapshots, sharing storage, modules, resolvers and caches.
  public func spawn(context: MessagevisorContext = [:], options: SpawnOptions = SpawnOptions())
    -> MessagevisorChild
  {
    locked {
      // The merged context shares storage with whichever side is empty instead of copying it.
      let merged: MessagevisorContext
      if context.isEmpty {
        merged = self.context
      } else if self.context.isEmpty {
        merged = context
      } else {
        merged = self.context.merging(context) { _, new in new }
      }
      let locale = options.locale ?? activeLocale
      let child = MessagevisorChild(
        parent: self, context: merged, locale: locale, currency: options.currency ?? currency,
        timeZone: options.timeZone ?? timeZone)
      // Same locale: the child starts with the parent's active-store cache (no store lookup on
      // its first call).
      if locale == activeLocale {
        child.cachedStore = activeStoreLocked()
        child.cachedGeneration = cachedGeneration
      }
      // The module pipeline's environment too: an entry resolved for other inputs (another
      // locale, currency or time zone) does not match the child's calls and is replaced.
      child.cachedFormats = cachedFormats
      core.children.add(child)
      return child
    }
  }
}

/// Creates a root instance: stores the initial datafile (its locale becomes active), sets up
/// modules in order, then reports `sdk_initialized`. Never throws; problems become diagnostics.
public func createMessagevisor(_ options: MessagevisorOptions = MessagevisorOptions())
  -> Messagevisor
{
  Messagevisor(options)
}
