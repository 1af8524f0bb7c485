import Foundation
import Messagevisor
import TestSupport
import Testing

/// Waits for an async operation from a plain thread (never from the cooperative pool).
func blocking(_ operation: @escaping @Sendable () async -> Void) {
  let semaphore = DispatchSemaphore(value: 0)
  Task {
    await operation()
    semaphore.signal()
  }
  semaphore.wait()
}

@Suite("Concurrency stress (run under --sanitize=thread)")
struct ConcurrencyStressTests {
  @Test("8 threads mix translate, setDatafile, setLocale, setContext, spawn and close")
  func stress() throws {
    let counter = Collector<Int>()
    let module = MessagevisorModule(
      name: "suffix",
      setup: { api in
        api.onDiagnostic(
          { _ in counter.append(1) }, MessagevisorModuleDiagnosticOptions(logLevel: .error))
      },
      transform: { payload, _ in payload.translation })
    let condition = Condition.string(#"{"attribute":"plan","operator":"equals","value":"pro"}"#)
    @Sendable func datafile(_ locale: String, _ revision: Int) -> DatafileContent {
      makeDatafile(
        locale: locale, revision: String(revision),
        translations: ["k": "\(locale) \(revision)", "other": "o"],
        messages: [
          "k": DatafileMessage(overrides: [
            MessageOverride(key: "pro", conditions: condition, translation: "pro")
          ])
        ])
    }
    let m = createMessagevisor(
      MessagevisorOptions(datafile: datafile("en", 0), onDiagnostic: { _ in }, modules: [module]))
    m.setDatafile(datafile("nl", 0))
    let listenerCalls = Collector<Int>()
    _ = m.on(.change) { event in
      listenerCalls.append(event.version)
      _ = try? m.translate("other")
    }
    runThreads(8) { thread in
      for iteration in 0..<300 {
        switch (thread + iteration) % 8 {
        case 0:
          _ = try? m.translate("k", options: TranslateOptions(context: ["plan": "pro"]))
        case 1:
          m.setDatafile(datafile(iteration % 2 == 0 ? "en" : "nl", iteration))
        case 2:
          try? m.setLocale(iteration % 2 == 0 ? "en" : "nl")
        case 3:
          m.setContext(["plan": iteration % 2 == 0 ? "pro" : "free", "thread": .int(thread)])
        case 4:
          let child = m.spawn(context: ["child": true], options: SpawnOptions(locale: "nl"))
          _ = child.on(.change) { _ in _ = child.getSnapshot() }
          _ = try? child.translate("k")
          child.setContext(["plan": "pro"])
          blocking { try? await child.close() }
        case 5:
          _ = try? m.translate("missing")
          _ = try? m.translate("other", values: ["n": .int(iteration)])
          m.setCurrency(iteration % 2 == 0 ? "EUR" : "USD")
          _ = m.getSnapshot()
        case 6:
          _ = try? m.formatMessage("raw")
          let remove = m.addModule(MessagevisorModule(transform: { p, _ in p.translation }))
          blocking { try? await remove() }
        default:
          _ = try? m.getRawTranslation("k")
          _ = try? m.getDatafile(locale: "en")
        }
      }
    }
    runThreads(8) { thread in
      if thread == 0 {
        blocking { try? await m.close() }
      } else {
        for _ in 0..<100 { _ = try? m.translate("k") }
      }
    }
    #expect(!listenerCalls.items.isEmpty)
    #expect(counter.items.count > 0)
    #expect(try m.getRevision(locale: "en") != nil)
  }

  @Test("Event versions seen by a listener strictly increase under concurrent writers")
  func monotonicVersions() {
    let m = createMessagevisor(MessagevisorOptions(onDiagnostic: { _ in }))
    let versions = Collector<Int>()
    _ = m.on(.contextSet) { versions.append($0.version) }
    runThreads(8) { thread in
      for iteration in 0..<200 { m.setContext(["t\(thread)": .int(iteration)]) }
    }
    let seen = versions.items
    #expect(seen.count == 1600)
    #expect(seen == seen.sorted())
    #expect(Set(seen).count == seen.count)
  }
}
