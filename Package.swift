// swift-tools-version: 6.0
// The Messagevisor runtime, the ReRune OTA client, the terminal previewer and the project toolchain.
import PackageDescription

let package = Package(
  name: "messagevisor-swift",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Messagevisor", targets: ["Messagevisor"]),
    .library(name: "MessagevisorICU", targets: ["MessagevisorICU"]),
    .library(name: "MessagevisorInterpolation", targets: ["MessagevisorInterpolation"]),
    .library(name: "MessagevisorMissingTranslations", targets: ["MessagevisorMissingTranslations"]),
    .library(name: "MessagevisorProject", targets: ["MessagevisorProject"]),
    .library(name: "ReRune", targets: ["ReRune"]),
    .library(name: "TerminalSafety", targets: ["TerminalSafety"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "Preview", targets: ["Preview"]),
    // The argument parser (typed options, help, man pages, completions) and its did-you-mean,
    // for command-line tools such as the benchmark package's.
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .executable(name: "messagevisor-preview", targets: ["messagevisor-preview"]),
    .executable(name: "messagevisor-swift", targets: ["messagevisor-swift"]),
    // Test helpers (seeded generators, child processes, local servers) shared by the test targets
    // and the benchmark package (Benchmarks/Package.swift); not part of the runtime.
    .library(name: "MessagevisorTestSupport", targets: ["TestSupport"]),
  ],
  targets: [
    // MARK: Engine and modules
    // The engine's only print path (the stderr fallback for diagnostics) uses TerminalSafety.
    .target(
      name: "Messagevisor", dependencies: ["TerminalSafety", "CEngineLock", "MessagevisorLocking"]),
    // The package's one lock type (`Locked`, a value behind an NSLock): no dependencies.
    .target(name: "MessagevisorLocking"),
    // The engine's recursive lock (a futex on Linux, inline in the translate path).
    .target(name: "CEngineLock"),
    .target(name: "MessagevisorICU", dependencies: ["Messagevisor", "MessagevisorLocking"]),
    .target(name: "MessagevisorInterpolation", dependencies: ["Messagevisor"]),
    .target(name: "MessagevisorMissingTranslations", dependencies: ["Messagevisor"]),

    // The package's POSIX helpers, no dependencies: the one atomic file write (the project editor,
    // the OTA publisher and cache) and the one child-program runner (git, tmux, the tests).
    .target(name: "MessagevisorSystem"),

    // MARK: Terminal safety (no dependencies: every printing target uses it)
    .target(name: "TerminalSafety"),

    // MARK: Command line (no dependencies): the one argument parser of both executables, with
    // --help, man pages and shell completions generated from the same declarations.
    .target(name: "CommandLineKit"),

    // MARK: Project toolchain
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
    ),
    .target(
      name: "MessagevisorProject",
      dependencies: [
        "Messagevisor", "MessagevisorICU", "MessagevisorInterpolation", "CYAML", "TerminalSafety",
        "MessagevisorLocking", "MessagevisorSystem",
        // ReRune for its SHA-256 (review-state hashes in Editing), so the package has one digest.
        "ReRune",
        // CommandLineKit for its "did you mean" (unknown targets, locales, messages, sets, CSV
        // columns).
        "CommandLineKit",
      ]
    ),

    // MARK: OTA
    // libcurl through typed C wrappers (Sources/CCurl/include/CCurl.h): the HTTP transport's
    // size, time, protocol and redirect limits (see ReRuneHTTPTransport). Not linked: CCurl opens
    // libcurl with dlopen on the first HTTP transfer, so programs that never make one (the
    // previewer on a directory site) do not map libcurl and its TLS, Kerberos and LDAP libraries.
    // The headers come from libcurl4-openssl-dev.
    .target(name: "CCurl"),
    // libxml2 for XML property lists (.stringsdict; see PropertyListReader): a parser context of
    // its own, no network, no DTD or entity loading.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .target(
      name: "ReRune",
      dependencies: [
        "Messagevisor", "MessagevisorICU", "TerminalSafety", "CCurl", "CLibXML2",
        "MessagevisorLocking", "MessagevisorSystem",
      ]
    ),

    // MARK: Terminal and previewer
    // No pkgConfig: ncursesw's .pc only adds -D flags SwiftPM prohibits (a warning on every
    // build); shim.h defines what is needed and module.modulemap links ncursesw.
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(
      name: "CTerminalShim",
      dependencies: ["CNcursesw"],
      linkerSettings: [
        .linkedLibrary("ncursesw", .when(platforms: [.linux])),
        .linkedLibrary("ncurses", .when(platforms: [.macOS])),
      ]
    ),
    .target(
      name: "TerminalUI",
      dependencies: ["CNcursesw", "CTerminalShim", "TerminalSafety"],
      // Bidi reordering uses the ICU that Foundation bundles on Linux (see BidiReorderer.swift).
      linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
    ),
    .target(
      name: "Preview",
      dependencies: [
        "Messagevisor", "MessagevisorICU", "ReRune", "TerminalUI", "MessagevisorProject",
        "MessagevisorLocking", "CommandLineKit", "MessagevisorSystem",
      ]
    ),

    // The CLI layer of messagevisor-preview: its command declarations (CommandLineKit).
    .target(
      name: "PreviewCLI",
      dependencies: ["CommandLineKit", "Preview", "Messagevisor", "ReRune", "TerminalSafety"]
    ),

    // MARK: Executables
    .executableTarget(
      name: "messagevisor-preview",
      dependencies: [
        "Preview", "PreviewCLI", "TerminalUI", "ReRune", "Messagevisor", "TerminalSafety",
        "CommandLineKit", "MessagevisorLocking", "MessagevisorSystem",
      ]
    ),
    // The CLI layer of messagevisor-swift: its command types (CommandLineKit) and their work
    // (Commands/, OTA/) over MessagevisorProject and ReRune; the only printing of the toolchain.
    .target(
      name: "MessagevisorSwiftCLI",
      dependencies: [
        "CommandLineKit", "MessagevisorProject", "Messagevisor", "MessagevisorICU",
        "MessagevisorSystem", "ReRune", "TerminalSafety", "Preview", "TerminalUI",
      ]
    ),
    .executableTarget(name: "messagevisor-swift", dependencies: ["MessagevisorSwiftCLI"]),
    .executableTarget(
      name: "terminalui-smoke",
      dependencies: ["TerminalUI"]
    ),
    // The benchmarks are a package of their own (Benchmarks/Package.swift) that depends on this one
    // by path, so the engine is compiled for them as it is for an app.

    // MARK: Reliability
    // The OTA soak client (scripts/soak; Soak/fault-server.py is its server).
    .executableTarget(
      name: "ota-soak",
      dependencies: ["ReRune", "Messagevisor", "MessagevisorICU"],
      path: "Soak/Sources/ota-soak"
    ),

    // MARK: Tests
    .testTarget(
      name: "MessagevisorTests",
      dependencies: ["Messagevisor", "TestSupport", "MessagevisorLocking"]),
    .testTarget(
      name: "MessagevisorSeedTests",
      dependencies: [
        "Messagevisor", "MessagevisorICU", "MessagevisorInterpolation",
        "MessagevisorMissingTranslations", "TestSupport",
      ]
    ),
    .testTarget(
      name: "MessagevisorICUTests",
      dependencies: ["MessagevisorICU", "Messagevisor", "MessagevisorInterpolation", "TestSupport"]),
    .testTarget(
      name: "MessagevisorInterpolationTests",
      dependencies: ["MessagevisorInterpolation", "Messagevisor"]
    ),
    .testTarget(
      name: "MessagevisorMissingTranslationsTests",
      dependencies: ["MessagevisorMissingTranslations", "Messagevisor", "TestSupport"]
    ),
    .testTarget(
      name: "MessagevisorProjectTests",
      dependencies: [
        "MessagevisorProject", "Messagevisor", "MessagevisorICU", "MessagevisorLocking",
        "MessagevisorSystem", "TestSupport",
      ]
    ),
    // The commands of messagevisor-swift (parsing, output, exit status), run in-process.
    .testTarget(
      name: "MessagevisorSwiftCLITests",
      dependencies: [
        "MessagevisorSwiftCLI", "MessagevisorProject", "Messagevisor", "MessagevisorICU",
        "CommandLineKit", "TestSupport",
      ]
    ),
    .testTarget(
      name: "ReRuneTests",
      dependencies: [
        "ReRune", "Messagevisor", "MessagevisorICU", "TestSupport", "CLibXML2",
        "MessagevisorLocking",
      ],
      exclude: ["Server"]
    ),
    .target(name: "TestSupport", dependencies: ["MessagevisorSystem"], path: "Tests/TestSupport"),
    .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
    .testTarget(name: "TerminalSafetyTests", dependencies: ["TerminalSafety"]),
    .testTarget(name: "MessagevisorSystemTests", dependencies: ["MessagevisorSystem"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    .testTarget(
      name: "PreviewTests",
      dependencies: [
        "Preview", "PreviewCLI", "TerminalUI", "Messagevisor", "MessagevisorICU", "ReRune",
        "TestSupport", "CommandLineKit", "MessagevisorLocking",
      ]
    ),
    .testTarget(
      name: "DemoTests",
      dependencies: ["MessagevisorProject", "Messagevisor", "MessagevisorICU", "ReRune"]
    ),
  ]
)
