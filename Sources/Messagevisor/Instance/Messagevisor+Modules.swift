extension Messagevisor {
  /// Adds a module and runs its `setup`. Returns an idempotent async function that removes and
  /// closes it. A duplicate name reports `duplicate_module`; a throwing setup reports
  /// `module_setup_error`, rolls back its registrations and closes it; in both cases the module is
  /// not added and the returned function does nothing.
  @discardableResult
  public func addModule(_ module: MessagevisorModule) -> @Sendable () async throws -> Void {
    locked {
      guard !isClosed else { return {} }
      if let name = module.name, core.modules.contains(where: { $0.module.name == name }) {
        reportLocked(
          level: .error, code: "duplicate_module", message: "Duplicate module name",
          details: ["moduleName": .string(name)], module: name)
        return {}
      }
      let id = core.makeIdentifier()
      let api = MessagevisorModuleApi(id: id, moduleName: module.name, owner: self)
      let registration = ModuleRegistration(id: id, module: module, api: api)
      do {
        try module.setup?(api)
      } catch {
        api.isActive = false
        core.rollBackRegistrations(of: id)
        if let close = module.close {
          let cleanup = Task { [weak self] in
            do {
              try await close()
            } catch let closeError {
              self?.reportCloseFailure(closeError, module: module)
            }
          }
          core.pendingCleanups.append(cleanup)
        }
        var details: [String: MessagevisorValue] = [:]
        if let name = module.name { details["moduleName"] = .string(name) }
        reportLocked(
          level: .error, code: "module_setup_error", message: "Module setup failed",
          details: details, module: module.name, originalError: error)
        return {}
      }
      core.modules.append(registration)
      // The remover holds the registration weakly: once removed and closed, nothing the module
      // captured stays alive because an app keeps the remover.
      return { [weak self, weak registration] in
        guard let self, let registration else { return }
        let errors = await self.remove(registration)
        if !errors.isEmpty { throw MessagevisorCloseError(errors: errors) }
      }
    }
  }

  /// Removes and closes every module named `name`.
  /// - Throws: ``MessagevisorCloseError`` with every close failure.
  public func removeModule(_ name: String) async throws {
    let registrations = locked { core.modules.filter { $0.module.name == name } }
    var errors: [any Error] = []
    for registration in registrations {
      errors.append(contentsOf: await remove(registration))
    }
    if !errors.isEmpty { throw MessagevisorCloseError(errors: errors) }
  }

  /// Removes a registration once (concurrent callers share the same close) and returns the close
  /// failures.
  func remove(_ registration: ModuleRegistration) async -> [any Error] {
    let task: Task<[any Error], Never>? = locked {
      if let existing = registration.removal { return existing }
      guard core.modules.contains(where: { $0 === registration }) else { return nil }
      core.modules.removeAll { $0 === registration }
      registration.api.isActive = false
      core.rollBackRegistrations(of: registration.id)
      dropModuleCachesLocked()
      let task = Task { [weak self] () -> [any Error] in
        guard let close = registration.module.close else { return [] }
        do {
          try await close()
          return []
        } catch {
          self?.reportCloseFailure(error, module: registration.module)
          return [error]
        }
      }
      registration.removal = task
      return task
    }
    guard let task else { return [] }
    return await task.value
  }

  /// Drops the payload environments that the root and every child cached (they hold the module
  /// list), so that a removed module is released now rather than at each instance's next call
  /// (caller holds the lock). Calls in flight keep their own environment until they return.
  func dropModuleCachesLocked() {
    cachedFormats = nil
    core.children.withEach { $0.cachedFormats = nil }
  }

  func reportCloseFailure(_ error: any Error, module: MessagevisorModule) {
    var details: [String: MessagevisorValue] = [:]
    if let name = module.name { details["moduleName"] = .string(name) }
    locked {
      reportLocked(
        level: .error, code: "module_close_error", message: "Module close failed",
        details: details, module: module.name, originalError: error)
    }
  }

  /// Closes the instance once: clears listeners and module diagnostic subscriptions and closes
  /// root-owned modules in reverse registration order, continuing after failures (each reports
  /// `module_close_error`). Concurrent and repeated callers await the same operation.
  /// - Throws: ``MessagevisorCloseError`` with every failure.
  public func close() async throws {
    let task: Task<[any Error], Never> = locked {
      if let closeTask { return closeTask }
      isClosed = true
      listeners.removeAll()
      core.diagnosticSubscribers.removeAll()
      let registrations = core.modules.reversed().map { $0 }
      core.modules.removeAll()
      for registration in registrations {
        registration.api.isActive = false
        core.rollBackRegistrations(of: registration.id)
      }
      dropModuleCachesLocked()
      let pending = core.pendingCleanups
      core.pendingCleanups.removeAll()
      let task = Task { [weak self] () -> [any Error] in
        var errors: [any Error] = []
        for registration in registrations {
          guard let close = registration.module.close else { continue }
          do {
            try await close()
          } catch {
            self?.reportCloseFailure(error, module: registration.module)
            errors.append(error)
          }
        }
        for cleanup in pending { await cleanup.value }
        return errors
      }
      closeTask = task
      return task
    }
    let errors = await task.value
    if !errors.isEmpty { throw MessagevisorCloseError(errors: errors) }
  }
}
