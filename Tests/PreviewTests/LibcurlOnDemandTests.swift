import Foundation
import Testing

/// ReRune opens libcurl on the first HTTP transfer (Sources/CCurl): the previewer on the demo's
/// directory site never maps it, nor the TLS, Kerberos and LDAP libraries it brings (about 6 MB of
/// resident memory, the previewer's RSS budget in BENCHMARKS.md). The dynamic loader lists every
/// library it maps when `LD_DEBUG=files` is set.
@Suite(
  "libcurl is loaded on demand",
  .enabled(
    if: PreviewBinary.exists,
    "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
  ),
  .enabled(if: DemoFixture.demoExists, "SKIPPED: Demo/ is missing"))
struct LibcurlOnDemandTests {
  #if os(Linux)
    @Test func printWithTheDemoSiteNeverMapsLibcurl() {
      let dir = DemoFixture.temporaryDirectory("libcurl")
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let result = Spawn.run(
        ["/usr/bin/env", "LD_DEBUG=files", PreviewBinary.path, "--print", "--cache-dir", dir],
        directory: DemoFixture.packageRoot.path)
      #expect(result.status == 0, "\(result.error.suffix(2000))")
      // The frame was printed, and it went through the OTA check of Demo/ota.
      #expect(result.output.contains("Welcome"))
      // The loader's list is there (the terminal library is linked) and has no libcurl in it.
      #expect(result.error.contains("file=libncursesw.so"))
      #expect(!result.error.contains("libcurl"))
    }
  #endif
}
