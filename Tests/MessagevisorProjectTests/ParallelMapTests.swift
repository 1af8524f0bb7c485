import Foundation
import MessagevisorLocking
import MessagevisorSystem
import TestSupport
import Testing

@testable import MessagevisorProject

/// The parallel map behind cold loads and builds: every result, in the input's order.
@Suite struct ParallelMapTests {
  @Test func resultsKeepTheOrderOfTheInputsWhateverThreadComputedThem() {
    let inputs = Array(0..<10_000)
    let outputs = ParallelMap.map(inputs) { value -> String in
      // Uneven work, so that the threads finish out of order.
      var text = String(value)
      if value % 7 == 0 { for _ in 0..<50 { text = String(text.reversed()) } }
      return text
    }
    #expect(outputs == inputs.map { String($0) })
    #expect(ParallelMap.map([Int]()) { $0 }.isEmpty)
    #expect(ParallelMap.map([41]) { $0 + 1 } == [42])
  }

  @Test func onABackgroundQueueTheWorkStaysOnItsThread() {
    let queue = BackgroundQueue(label: "test.parallel-map")
    let done = DispatchSemaphore(value: 0)
    let seen = Locked<(threads: Set<ObjectIdentifier>, outputs: [Int])>(([], []))
    queue.async {
      let outputs = ParallelMap.map(Array(0..<500)) { value -> Int in
        seen.withLock { _ = $0.threads.insert(ObjectIdentifier(Thread.current)) }
        return value * 2
      }
      seen.withLock { $0.outputs = outputs }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    let result = seen.withLock { $0 }
    #expect(result.outputs == (0..<500).map { $0 * 2 })
    #expect(result.threads.count == 1)
  }

  @Test func filesParsedInSlicesOnEveryCoreKeepTheirOrderAndTheirErrors() throws {
    let project = TempProject.minimal()
    // More files than one parse slice holds, two of them broken (in two different slices).
    for index in 0..<700 {
      let name = String(format: "m%04d", index)
      let text =
        index == 300 || index == 650
        ? "translations:\n  en: [unclosed\n" : "translations:\n  en: Text \(index)\n"
      project.write("messages/bulk/\(name).yml", text)
    }
    #expect(throws: ProjectError.self) { try ProjectLoader().load(path: project.path) }
    do throws(ProjectError) {
      _ = try ProjectLoader().load(path: project.path)
    } catch {
      #expect(error.file == "messages/bulk/m0300.yml")
    }
    let (loaded, problems) = ProjectLoader().loadCollectingProblems(path: project.path)
    #expect(problems.map { $0.file } == ["messages/bulk/m0300.yml", "messages/bulk/m0650.yml"])
    #expect(loaded?.messages.count == 699)
    #expect(loaded?.messages["bulk.m0699"]?.translations["en"] == "Text 699")
  }
}
