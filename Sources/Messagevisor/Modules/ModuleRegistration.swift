/// One added module: its hooks, its API object and its removal state (guarded by the core lock).
final class ModuleRegistration: @unchecked Sendable {
  let id: Int
  let module: MessagevisorModule
  let api: MessagevisorModuleApi
  /// Shared by every caller of the remover (and `removeModule`).
  var removal: Task<[any Error], Never>?

  init(id: Int, module: MessagevisorModule, api: MessagevisorModuleApi) {
    self.id = id
    self.module = module
    self.api = api
  }
}
