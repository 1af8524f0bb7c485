// swift-tools-version: 6.0
// The benchmarks of messagevisor-swift, a package of their own that depends on the repository by
// path: the engine rows measure the libraries compiled as an app compiles them (cross-module, no
// whole-package optimization with the benchmark code), and the root package builds without the
// ICU4C reference (libicu-dev). Run through `Benchmarks/run`.
import PackageDescription

let package = Package(
  name: "messagevisor-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // `name:` keeps the product references below valid whatever the checkout's folder is called.
    .package(name: "messagevisor-swift", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "messagevisor-benchmarks",
      dependencies: [
        .product(name: "Messagevisor", package: "messagevisor-swift"),
        .product(name: "MessagevisorICU", package: "messagevisor-swift"),
        .product(name: "MessagevisorProject", package: "messagevisor-swift"),
        .product(name: "ReRune", package: "messagevisor-swift"),
        .product(name: "Preview", package: "messagevisor-swift"),
        .product(name: "TerminalUI", package: "messagevisor-swift"),
        .product(name: "TerminalSafety", package: "messagevisor-swift"),
        .product(name: "MessagevisorTestSupport", package: "messagevisor-swift"),
        .product(name: "CommandLineKit", package: "messagevisor-swift"),
        "CICU4CReference",
      ]
    ),
    // ICU4C's prepared umsg_format (Debian's libicu, libicu-dev) for the ICU rows' ratios, timed
    // in the benchmark process round-robin with the engine's loops.
    .target(
      name: "CICU4CReference",
      linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
    ),
  ]
)
