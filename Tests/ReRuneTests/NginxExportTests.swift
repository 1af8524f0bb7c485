import Foundation
import ReRune
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ota export` behind a real static web server: nginx on 127.0.0.1 with a generated config, serving
/// the exported files with its own ETags and gzip. Skips (visibly) when nginx is not installed;
/// `.ci/run` installs `nginx-light`.
@Suite("ReRune static hosting through nginx", .serialized)
struct NginxExportTests {
  /// A running nginx in front of `root`, logging each request's status, `If-None-Match` and
  /// `Content-Encoding` to an access log the test reads.
  final class Nginx {
    let directory: URL
    let port: Int
    private let running: ChildProcess.Running

    static var executable: String? {
      ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }

    init(serving root: URL, executable: String) throws {
      directory = TestSupport.temporaryDirectory("nginx")
      var started: (ChildProcess.Running, Int)?
      // A free port can be taken between probing and nginx binding it: a few bounded attempts.
      for _ in 0..<5 where started == nil {
        let port = try Self.freePort()
        let config = Self.config(root: root, directory: directory, port: port)
        let configURL = directory.appendingPathComponent("nginx.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        // posix_spawn with an empty signal mask: the test runner's threads block signals, and a
        // child started with Foundation's Process would inherit that and ignore SIGTERM.
        let candidate = try ChildProcess.start(
          [executable, "-c", configURL.path, "-p", directory.path],
          standardOutput: "/dev/null",
          standardError: directory.appendingPathComponent("stderr").path)
        if Self.waitForListener(port: port, process: candidate) {
          started = (candidate, port)
        } else {
          candidate.stop()
        }
      }
      guard let (running, port) = started else {
        let log =
          (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8))
          ?? ""
        throw NginxError.didNotStart(log)
      }
      self.port = port
      self.running = running
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }

    /// The access log's lines: `status|method path|if-none-match|content-encoding|etag`.
    func requests() -> [String] {
      let text =
        (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8))
        ?? ""
      return text.split(separator: "\n").map(String.init)
    }

    func stop() {
      running.stop()
      try? FileManager.default.removeItem(at: directory)
    }

    static func config(root: URL, directory: URL, port: Int) -> String {
      let d = directory.path
      return """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(d)/nginx.pid;
        error_log \(d)/error.log warn;
        events { worker_connections 64; }
        http {
          log_format probe '$status|$request|$http_if_none_match|$sent_http_content_encoding|$sent_http_etag';
          access_log \(d)/access.log probe;
          client_body_temp_path \(d)/body;
          proxy_temp_path \(d)/proxy;
          fastcgi_temp_path \(d)/fastcgi;
          uwsgi_temp_path \(d)/uwsgi;
          scgi_temp_path \(d)/scgi;
          default_type application/json;
          gzip on;
          gzip_min_length 1;
          gzip_types application/json;
          server {
            listen 127.0.0.1:\(port);
            location /api/ { alias \(root.path)/; }
          }
        }
        """
    }

    /// A port the kernel reports free on 127.0.0.1.
    static func freePort() throws -> Int {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { throw NginxError.noPort }
      defer { close(descriptor) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw NginxError.noPort }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      guard named == 0 else { throw NginxError.noPort }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Polls a TCP connect to the port: at most 100 tries 50 ms apart, or until nginx exits.
    static func waitForListener(port: Int, process: ChildProcess.Running) -> Bool {
      for _ in 0..<100 {
        guard process.isRunning else { return false }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        close(descriptor)
        if connected == 0 { return true }
        usleep(50_000)
      }
      return false
    }
  }

  enum NginxError: Error {
    case noPort
    case didNotStart(String)
  }

  /// A site with German and French payloads at manifest revision `revision`.
  static func writeSite(_ site: URL, revision: Int, germanTitle: String, withFrench: Bool = true)
    throws
  {
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    var locales = ["de": revision]
    if withFrench { locales["fr"] = 1 }
    try TestSupport.manifest(version: revision, locales: locales, urls: ["de": "de.xcstrings"])
      .write(to: site.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    // Enough text that gzip is worth it on the wire.
    var german = ["title": germanTitle]
    for index in 0..<40 { german["filler_\(index)"] = "Lückentext Nummer \(index) für die Prüfung" }
    try TestSupport.payload("de", german).write(
      to: site.appendingPathComponent("de.xcstrings"), atomically: true, encoding: .utf8)
    if withFrench {
      try TestSupport.payload("fr", ["title": "Titre"]).write(
        to: site.appendingPathComponent("fr.xcstrings"), atomically: true, encoding: .utf8)
    } else {
      try? FileManager.default.removeItem(at: site.appendingPathComponent("fr.xcstrings"))
    }
  }

  @Test func exportServedByNginxSyncsRevalidatesAndUpdates() async throws {
    guard let executable = Nginx.executable else {
      print("skipped: nginx is not installed (apt-get install nginx-light)")
      return
    }
    let work = TestSupport.temporaryDirectory("export")
    defer { try? FileManager.default.removeItem(at: work) }
    let site = work.appendingPathComponent("site")
    let out = work.appendingPathComponent("out")
    let cache = work.appendingPathComponent("cache")
    try Self.writeSite(site, revision: 1, germanTitle: "Titel v1")
    let first = try ReRuneSiteExporter.export(site: site, to: out)
    #expect(first.locales == ["de", "fr"])
    #expect(
      FileManager.default.fileExists(atPath: ReRuneSiteExporter.payloadPath("de", in: out).path))

    let nginx = try Nginx(serving: out, executable: executable)
    defer { nginx.stop() }
    func client() throws -> ReRuneClient {
      try ReRuneClient(
        ReRuneConfiguration(
          otaPublishId: "static-demo", updatePolicy: ReRuneUpdatePolicy(checkOnStart: false),
          requestTimeout: 10, source: .remote(baseURL: nginx.baseURL), cache: .directory(cache),
          preferredLanguages: ["de"], usesMainBundle: false))
    }

    // First sync: manifest and both payloads with 200, gzip on the wire.
    let app = try client()
    let synced = await app.checkForUpdates()
    #expect(synced.status == .updated)
    #expect(synced.revision == 1)
    #expect(app.localizedString("title") == "Titel v1")
    #expect(app.localizedString("title", locale: "fr") == "Titre")
    let firstRequests = nginx.requests()
    let payloadLine = try #require(
      firstRequests.first { $0.contains("GET /api/sdk/translations/ios_xcstrings/de ") })
    #expect(payloadLine.hasPrefix("200|"))
    #expect(payloadLine.split(separator: "|", omittingEmptySubsequences: false)[3] == "gzip")
    #expect(
      firstRequests.contains {
        $0.hasPrefix("200|GET /api/sdk/translations/manifest?platform=ios_xcstrings ")
      })

    // Exporting the same site again leaves every file (and so nginx's ETag) as it was.
    let payloadFile = ReRuneSiteExporter.payloadPath("de", in: out).path
    let before = try FileManager.default.attributesOfItem(atPath: payloadFile)[.modificationDate]
    _ = try ReRuneSiteExporter.export(site: site, to: out)
    let after = try FileManager.default.attributesOfItem(atPath: payloadFile)[.modificationDate]
    #expect(before as? Date == after as? Date)

    // Revalidation: a second client from the same cache sends nginx's own ETag and gets 304.
    let restarted = try client()
    #expect(restarted.localizedString("title") == "Titel v1")
    let again = await restarted.checkForUpdates()
    #expect(again.status == .noChange)
    let revalidation = nginx.requests().dropFirst(firstRequests.count)
    let manifestLine = try #require(
      revalidation.first { $0.contains("/sdk/translations/manifest") })
    let fields = manifestLine.split(separator: "|", omittingEmptySubsequences: false)
    #expect(fields[0] == "304")
    #expect(!fields[2].isEmpty && fields[2] != "-")

    // A published edit arrives after a new export; the dropped locale's payload is removed.
    try Self.writeSite(site, revision: 2, germanTitle: "Titel v2", withFrench: false)
    let second = try ReRuneSiteExporter.export(site: site, to: out)
    #expect(second.removed == ["fr"])
    let updated = await restarted.checkForUpdates()
    #expect(updated.status == .updated)
    #expect(updated.revision == 2)
    #expect(restarted.localizedString("title") == "Titel v2")
    let afterEdit = nginx.requests().dropFirst(firstRequests.count + revalidation.count)
    #expect(
      afterEdit.contains { $0.hasPrefix("200|GET /api/sdk/translations/ios_xcstrings/de ") })
  }

  @Test func exportOfABrokenSiteWritesNothing() throws {
    let work = TestSupport.temporaryDirectory("export-bad")
    defer { try? FileManager.default.removeItem(at: work) }
    let site = work.appendingPathComponent("site")
    let out = work.appendingPathComponent("out")
    try Self.writeSite(site, revision: 1, germanTitle: "Titel")
    try Data("{ not json".utf8).write(to: site.appendingPathComponent("fr.xcstrings"))
    #expect(throws: ReRuneSiteExporter.Failure.self) {
      try ReRuneSiteExporter.export(site: site, to: out)
    }
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func exportRefusesAnOutputInsideTheSite() throws {
    let work = TestSupport.temporaryDirectory("export-nested")
    defer { try? FileManager.default.removeItem(at: work) }
    let site = work.appendingPathComponent("site")
    try Self.writeSite(site, revision: 1, germanTitle: "Titel")
    let failure = #expect(throws: ReRuneSiteExporter.Failure.self) {
      try ReRuneSiteExporter.export(site: site, to: site.appendingPathComponent("public"))
    }
    #expect(failure?.description.contains("must not contain the site") == true)
  }
}
