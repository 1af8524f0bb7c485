/// The API a module receives in `setup` and in every hook. One object per added module; once the
/// module is removed (or its setup failed) every call is a no-op.
public final class MessagevisorModuleApi: @unchecked Sendable {
  let id: Int
  let moduleName: String?
  weak var owner: Messagevisor?
  /// Guarded by the core lock.
  var isActive = true

  init(id: Int, moduleName: String?, owner: Messagevisor) {
    self.id = id
    self.moduleName = moduleName
    self.owner = owner
  }

  /// Installs (or, with `nil`, removes) this module's flag resolver. The most recently installed
  /// module resolver wins over the instance resolver; removing the module restores the previous one.
  public func setFlagResolver(_ resolver: MessagevisorFlagResolver?) {
    guard let owner else { return }
    let core = owner.core
    core.lock.lock()
    defer { core.lock.unlock() }
    guard isActive else { return }
    core.moduleFlagResolvers.removeAll { $0.owner == id }
    if let resolver { core.moduleFlagResolvers.append((id, resolver)) }
  }

  /// Installs (or, with `nil`, removes) this module's variation resolver.
  public func setVariationResolver(_ resolver: MessagevisorVariationResolver?) {
    guard let owner else { return }
    let core = owner.core
    core.lock.lock()
    defer { core.lock.unlock() }
    guard isActive else { return }
    core.moduleVariationResolvers.removeAll { $0.owner == id }
    if let resolver { core.moduleVariationResolvers.append((id, resolver)) }
  }

  /// The revision of the datafile for `locale` (default: the root's active locale), or `nil`.
  public func getRevision(locale: String? = nil) -> String? {
    guard let owner else { return nil }
    let core = owner.core
    core.lock.lock()
    defer { core.lock.unlock() }
    guard let locale = locale ?? owner.activeLocale else { return nil }
    return core.stores[locale]?.content.revision
  }

  /// Subscribes to diagnostics at or above `options.logLevel`, except those this module reported.
  /// Returns an idempotent unsubscribe function.
  @discardableResult
  public func onDiagnostic(
    _ handler: @escaping MessagevisorDiagnosticHandler,
    _ options: MessagevisorModuleDiagnosticOptions = MessagevisorModuleDiagnosticOptions()
  ) -> @Sendable () -> Void {
    guard let owner else { return {} }
    let core = owner.core
    core.lock.lock()
    defer { core.lock.unlock() }
    guard isActive else { return {} }
    let subscription = core.makeIdentifier()
    core.diagnosticSubscribers.append(
      DiagnosticSubscriber(
        id: subscription, owner: id, logLevel: options.logLevel, handler: handler))
    return { [weak core] in
      guard let core else { return }
      core.lock.lock()
      defer { core.lock.unlock() }
      core.diagnosticSubscribers.removeAll { $0.id == subscription }
    }
  }

  /// Reports a diagnostic on behalf of this module (`module` is set to the module name).
  public func reportDiagnostic(_ diagnostic: MessagevisorDiagnostic) {
    guard let owner else { return }
    let core = owner.core
    core.lock.lock()
    defer { core.lock.unlock() }
    guard isActive else { return }
    var diagnostic = diagnostic
    diagnostic.module = moduleName
    owner.deliverLocked(diagnostic, reporter: id)
  }
}
