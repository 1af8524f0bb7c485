// swift-tools-version: 6.0
// libFuzzer harnesses for the parsers and the OTA response path. Built only by scripts/fuzz
// with `swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`: `--sanitize=fuzzer`
// makes SwiftPM link libFuzzer's `main`, and the single `-sanitize=fuzzer,address` (which comes last)
// keeps both sanitizers in swiftc's command (of two `-sanitize` options only the last counts, and
// `--sanitize=fuzzer --sanitize=address` alone gives code without coverage counters). The root
// package never builds them, because a fuzz executable gets its `main` from libFuzzer.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory (the clone's name), so the harnesses refer to
// the root package by that identity.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
  .deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

func library(_ name: String) -> Target.Dependency { .product(name: name, package: rootIdentity) }

/// A harness: `-parse-as-library`, because `LLVMFuzzerTestOneInput` is the entry point.
func harness(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(
    name: name, dependencies: dependencies,
    swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
  name: "messagevisor-fuzz",
  dependencies: [.package(path: root.path)],
  targets: [
    .target(name: "FuzzSupport", dependencies: [library("Messagevisor")]),
    harness("fuzz-datafile", ["FuzzSupport", library("Messagevisor"), library("MessagevisorICU")]),
    harness("fuzz-condition", ["FuzzSupport", library("Messagevisor")]),
    harness("fuzz-icu", ["FuzzSupport", library("Messagevisor"), library("MessagevisorICU")]),
    harness("fuzz-yaml", ["FuzzSupport", library("MessagevisorProject")]),
    harness("fuzz-project", ["FuzzSupport", library("MessagevisorProject")]),
    harness("fuzz-xcstrings", ["FuzzSupport", library("ReRune")]),
    harness("fuzz-catalog-conversion", ["FuzzSupport", library("ReRune")]),
    harness("fuzz-strings", ["FuzzSupport", library("ReRune")]),
    harness("fuzz-stringsdict", ["FuzzSupport", library("ReRune")]),
    harness("fuzz-manifest", ["FuzzSupport", library("ReRune")]),
    harness("fuzz-ota-response", ["FuzzSupport", library("ReRune")]),
  ]
)
