// swift-tools-version: 6.0
// An app that uses messagevisor-swift the way the upstream SDKs' documentation shows: the engine
// (createMessagevisor, modules, translate/t, spawn) and ReRune OTA (reRuneSetup, NSLocalizedString,
// the revision stream, reRuneCheckForUpdates). It depends on the repository by path.
import PackageDescription

let package = Package(
  name: "welcome-cli",
  platforms: [.macOS(.v13)],
  dependencies: [
    // `name:` keeps the product references below valid whatever the checkout's folder is called.
    .package(name: "messagevisor-swift", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "welcome-cli",
      dependencies: [
        .product(name: "Messagevisor", package: "messagevisor-swift"),
        .product(name: "MessagevisorICU", package: "messagevisor-swift"),
        .product(name: "MessagevisorMissingTranslations", package: "messagevisor-swift"),
        .product(name: "ReRune", package: "messagevisor-swift"),
        .product(name: "TerminalSafety", package: "messagevisor-swift"),
      ]
    )
  ]
)
