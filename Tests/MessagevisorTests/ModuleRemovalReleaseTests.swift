import Foundation
import Messagevisor
import MessagevisorLocking
import Testing

/// Issue 18 (3): removing a root module releases what its hooks registered while running for a
/// child, and the name is free at once for a new module that children use.
@Suite("Removing a root module releases what it registered through a child")
struct ModuleRemovalReleaseTests {
  final class Resource: Sendable {}

  /// A module whose format hook, on its first call, subscribes to diagnostics with a handler that
  /// captures `resource`, and installs a flag resolver that captures it too.
  static func capturingModule(name: String, resource: Resource) -> MessagevisorModule {
    let subscribed = Locked(false)
    return MessagevisorModule(
      name: name,
      format: { payload, api in
        let first = subscribed.withLock { set in
          defer { set = true }
          return !set
        }
        if first {
          _ = api.onDiagnostic({ _ in _ = resource }, .init(logLevel: .debug))
          api.setFlagResolver { _, _ in
            _ = resource
            return false
          }
        }
        _ = resource
        return payload.translation + " (old)"
      })
  }

  static func root() -> Messagevisor {
    createMessagevisor(
      MessagevisorOptions(
        datafile: makeDatafile(locale: "en", translations: ["k": "value"]),
        onDiagnostic: { _ in }))
  }

  @Test("removeModule(name) after a child's formatMessage releases the captured resource")
  func removeByName() async throws {
    let m = Self.root()
    let child = m.spawn()
    weak var weakResource: Resource?
    do {
      let resource = Resource()
      weakResource = resource
      _ = m.addModule(Self.capturingModule(name: "spy", resource: resource))
    }
    #expect(try child.formatMessage("hello") == "hello (old)")
    #expect(try child.translate("k") == "value (old)")
    #expect(weakResource != nil)
    try await m.removeModule("spy")
    #expect(weakResource == nil)
    _ = m.addModule(
      MessagevisorModule(name: "spy", format: { payload, _ in payload.translation + " (new)" }))
    #expect(try child.formatMessage("hello") == "hello (new)")
    #expect(try child.translate("k") == "value (new)")
    #expect(try m.translate("k") == "value (new)")
    withExtendedLifetime(child) {}
  }

  @Test("The remover returned by addModule releases it too, for several children")
  func remover() async throws {
    let m = Self.root()
    let children = [m.spawn(), m.spawn(context: ["a": 1]), m.spawn()]
    weak var weakResource: Resource?
    let remove: @Sendable () async throws -> Void
    do {
      let resource = Resource()
      weakResource = resource
      remove = m.addModule(Self.capturingModule(name: "spy", resource: resource))
    }
    for child in children { #expect(try child.formatMessage("x") == "x (old)") }
    #expect(try m.formatMessage("x") == "x (old)")
    try await remove()
    #expect(weakResource == nil)
    _ = m.addModule(MessagevisorModule(name: "spy", format: { _, _ in "new" }))
    for child in children { #expect(try child.formatMessage("x") == "new") }
  }
}
