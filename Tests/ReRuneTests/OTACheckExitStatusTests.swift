import Foundation
import ReRune
import Testing

/// `messagevisor-swift ota check` exit statuses, the process against hostile servers, and what an
/// HTTP check leaves on disk (issue 16 findings 1 and 12).
@Suite("ReRune ota check exit status", .serialized)
struct OTACheckExitStatusTests {
  /// Runs the binary with `environment` added; returns (status, stdout), or nil when it was killed
  /// by a signal.
  static func run(
    _ binary: URL, _ arguments: [String], environment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> (status: Int32, output: String, signalled: Bool) {
    let process = Process()
    process.executableURL = binary
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return (-1, "timed out", false)
    }
    return (
      process.terminationStatus, String(decoding: data, as: UTF8.self),
      process.terminationReason == .uncaughtSignal
    )
  }

  @Test func helpDocumentsTheExitStatuses() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let (status, help, _) = try Self.run(binary, ["ota", "check", "--help"])
    #expect(status == 0)
    #expect(help.contains("3  every locale payload of the manifest failed"))
    #expect(help.contains("1  the check failed"))
    #expect(help.contains("--check-timeout"))
  }

  @Test func everyPayloadFailingExitsThree() throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let site = TestSupport.temporaryDirectory("cli-all-failed")
    defer { try? FileManager.default.removeItem(at: site) }
    try TestSupport.manifest(version: 2, locales: ["de": 1, "fr": 1]).write(
      to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    let (status, output, _) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--no-cache"])
    #expect(status == 3)
    #expect(output.contains("status: noChange"))
    #expect(output.contains("de  failed: "))
    // One good payload: soft failures only, exit 0.
    try TestSupport.payload("de", ["a": "A"]).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    let (partial, text, _) = try Self.run(
      binary, ["ota", "check", "--site", site.path, "--no-cache"])
    #expect(partial == 0)
    #expect(text.contains("fr  failed: "))
  }

  @Test func brokenServerIsAFailedCheckNotACrash() async throws {
    guard let binary = OTACommandLineTests.binary else { return }
    let server = try FaultServer()
    defer { server.stop() }
    let home = TestSupport.temporaryDirectory("cli-home")
    defer { try? FileManager.default.removeItem(at: home) }
    let xdg = home.appendingPathComponent("xdg", isDirectory: true)
    try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: true)
    let environment = ["HOME": home.path, "XDG_DATA_HOME": xdg.path]
    for mode in ["status_only", "partial_headers"] {
      try await server.route(TestServer.manifestPath, mode: mode)
      let (status, output, signalled) = try Self.run(
        binary,
        [
          "ota", "check", "--base-url", server.baseURL.absoluteString, "--publish-id", "p",
          "--no-cache",
        ],
        environment: environment)
      #expect(!signalled, "\(mode)")
      #expect(status == 1, "\(mode)")
      #expect(output.contains("status: failed"), "\(mode)")
    }
    // A successful HTTP check with --no-cache writes nothing: no $XDG_DATA_HOME/<name> directory.
    try await server.route(
      TestServer.manifestPath, body: TestSupport.manifest(version: 1, locales: ["de": 1]))
    try await server.route(
      TestServer.localePath("de"), body: TestSupport.payload("de", ["a": "A"]))
    let (status, _, _) = try Self.run(
      binary,
      [
        "ota", "check", "--base-url", server.baseURL.absoluteString, "--publish-id", "p",
        "--no-cache",
      ],
      environment: environment)
    #expect(status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: xdg.path) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["xdg"])
  }

  /// `messagevisor-preview` next to `messagevisor-swift`, or nil (with a message) when absent.
  static var previewBinary: URL? {
    guard let cli = OTACommandLineTests.binary else { return nil }
    let candidate = cli.deletingLastPathComponent().appendingPathComponent("messagevisor-preview")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
      print("[ReRuneTests] messagevisor-preview not found next to \(cli.path); skipping")
      return nil
    }
    return candidate
  }

  @Test func previewerSurvivesABrokenServer() async throws {
    guard let binary = Self.previewBinary else { return }
    let server = try FaultServer()
    defer { server.stop() }
    let cache = TestSupport.temporaryDirectory("preview-cache")
    defer { try? FileManager.default.removeItem(at: cache) }
    for mode in ["status_only", "partial_headers"] {
      try await server.route(TestServer.manifestPath, mode: mode)
      let (status, output, signalled) = try Self.run(
        binary,
        [
          "--print", "--ota-base-url", server.baseURL.absoluteString, "--cache-dir", cache.path,
          "--width", "100",
        ],
        directory: TestSupport.packageRoot)
      #expect(!signalled, "\(mode)")
      #expect(status == 0, "\(mode)")
      #expect(output.contains("failed: Faile"), "\(mode): \(output)")
    }
  }

  @Test func integersBeyondIntKeepTheirDigitsInMessages() throws {
    let body = #"{"version": 18446744073709551617, "locales": {"de": {"version": 1e400}}}"#
    do {
      _ = try ReRuneManifest.parse(Data(body.utf8))
      Issue.record("expected a manifest error")
    } catch {
      #expect(error.description.contains("the integer 18446744073709551617, outside the range"))
      #expect(error.description.contains("the number 1e400"))
    }
    // Within Int, large ordinals are exact (2^53 + 1 would round in a Double).
    let exact = try ReRuneManifest.parse(
      Data(
        #"{"version": 9007199254740993, "locales": {"de": {"version": 9223372036854775807}}}"#.utf8)
    )
    #expect(exact.version == 9_007_199_254_740_993)
    #expect(exact.locales["de"]?.version == Int.max)
  }
}
