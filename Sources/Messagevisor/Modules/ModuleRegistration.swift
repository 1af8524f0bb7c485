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

  /// Runs the `format` hook (`nil` when there is none or it keeps the string). Reading the hook
  /// and the API from `self`'s constants borrows them: no retain per call.
  @inline(never)
  func runFormat(_ payload: MessagevisorModulePayload) throws -> String? {
    try module.formatHook?(payload, api)
  }

  /// Runs the `borrowingFormat` hook (`nil` when there is none or it keeps the string).
  @inline(never)
  func runBorrowingFormat(
    _ translation: String, _ values: MessagevisorValues,
    _ environment: borrowing MessagevisorModuleEnvironment
  ) throws -> String? {
    try module.borrowingFormat?(translation, values, environment, api)
  }

  /// Runs the `transform` hook, like ``runFormat(_:)``.
  @inline(never)
  func runTransform(_ payload: MessagevisorModulePayload) throws -> String? {
    try module.transform?(payload, api)
  }
}
