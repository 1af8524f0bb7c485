import Foundation
import FuzzSupport
import MessagevisorProject

/// A minimal project in a private temporary directory (scripts/fuzz points TMPDIR at a directory it
/// removes afterwards); each input replaces one of its files.
let projectDirectory: String = {
  let base = FileManager.default.temporaryDirectory
    .appendingPathComponent("messagevisor-fuzz-yaml-\(getpid())")
  let files: [String: String] = [
    "messagevisor.config.yml": "sourceLocale: en-US\nparser: yml\nmodules:\n  - icu\n",
    "attributes/platform.yml": "description: platform\ntype: string\n",
    "locales/en-US.yml": "description: English\ndirection: ltr\n",
    "segments/beta.yml":
      "description: beta\nconditions:\n  - attribute: platform\n    operator: equals\n    value: web\n",
    "messages/hello.yml":
      "description: greeting\ntranslations:\n  en-US: \"{count, plural, one {# item} other {# items}}\"\n",
    "targets/web.yml": "description: web\nincludeMessages: \"*\"\nlocales:\n  - en-US\n",
    "tests/messages/hello.spec.yml":
      "message: hello\nassertions:\n  - locale: en-US\n    target: web\n    expectedTranslation: x\n",
  ]
  for (path, content) in files {
    let url = base.appendingPathComponent(path)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(content.utf8).write(to: url)
  }
  do {
    _ = try ProjectLoader().load(path: base.path)
  } catch {
    preconditionFailure("the fuzz skeleton project does not load: \(error)")
  }
  return base.path
}()

let slots = [
  "messages/hello.yml", "segments/beta.yml", "attributes/platform.yml", "locales/en-US.yml",
  "targets/web.yml", "messagevisor.config.yml", "tests/messages/hello.spec.yml",
]

/// YAML projects: the input is written over one project file (chosen by the last byte) and the
/// whole project is loaded. The original file is restored afterwards.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProjectEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  CPUBudget.run { fuzzProject(data, size) }
}

func fuzzProject(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let slot = slots[Int(bytes.last ?? 0) % slots.count]
  let url = URL(fileURLWithPath: projectDirectory).appendingPathComponent(slot)
  let original = try? Data(contentsOf: url)
  try? FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try? Data(bytes).write(to: url)
  defer {
    if let original {
      try? original.write(to: url)
    } else {
      try? FileManager.default.removeItem(at: url)
    }
  }
  do {
    _ = try ProjectLoader().load(path: projectDirectory)
  } catch {
    _ = error.description
  }
  return 0
}
