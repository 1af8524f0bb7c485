import Foundation
import PreviewCLI
import ReRune
import Testing

@testable import Preview

/// `messagevisor-preview publish` resolved as the previewer resolves its sources: the site it
/// uses without `--site` (the unpacked embedded demo outside a checkout), `--locale nl` matched
/// to `nl-NL`, a key the target does not have refused unless `--create`.
@Suite("Publish: the previewer's site, its locale matching and the target's keys")
struct PublishPlanTests {
  /// A directory outside any checkout and an empty cache root, removed when `body` returns.
  static func outside(_ name: String, _ body: (_ directory: String, _ cache: String) throws -> Void)
    rethrows
  {
    let root = DemoFixture.temporaryDirectory(name)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try? FileManager.default.createDirectory(
      atPath: root + "/elsewhere", withIntermediateDirectories: true)
    try body(root + "/elsewhere", root + "/cache")
  }

  static func request(_ arguments: [String]) throws -> PublishRequest {
    try #require(try PublishCommandLine.request(arguments))
  }

  @Test func withoutSiteOutsideACheckoutTheUnpackedDemoSiteIsUsed() throws {
    try Self.outside("publish-default-site") { directory, cache in
      let request = try Self.request([
        "--locale", "nl", "--key", "welcome_title", "--value", "Hallo daar!",
      ])
      #expect(!request.siteGiven)
      let plan = try PublishPlan.make(request, currentDirectory: directory, cacheRoot: cache)
      #expect(plan.edit.site == EmbeddedDemo.directory(in: cache) + "/ota")
      #expect(plan.edit.locale == "nl-NL")
      #expect(plan.notes.contains { $0.contains(plan.edit.site) })
      let result = try plan.edit.run()
      #expect(result.locale == "nl-NL")
      let payload = try String(
        contentsOfFile: plan.edit.site + "/nl-NL.xcstrings", encoding: .utf8)
      #expect(payload.contains("Hallo daar!"))
    }
  }

  @Test func aKeyTheTargetDoesNotHaveIsRefusedUnlessCreate() throws {
    try Self.outside("publish-unknown-key") { directory, cache in
      let typo = try Self.request([
        "--locale", "nl-NL", "--key", "welcome_titel", "--value", "Hallo",
      ])
      do throws(PublishPlan.Refusal) {
        _ = try PublishPlan.make(typo, currentDirectory: directory, cacheRoot: cache)
        Issue.record("an unknown key was accepted")
      } catch {
        #expect(error.description.contains("\"welcome_titel\" is not a key of the target"))
        #expect(error.description.contains("did you mean \"welcome_title\"?"))
        #expect(error.description.contains("--create"))
      }
      let created = try Self.request([
        "--locale", "nl-NL", "--key", "brand_new", "--value", "Nieuw", "--create",
      ])
      #expect(created.create)
      let plan = try PublishPlan.make(created, currentDirectory: directory, cacheRoot: cache)
      let result = try plan.edit.run()
      #expect(result.key == "brand_new")
      // Once published, the key is one the site has: publishing it again needs no --create.
      let again = try Self.request(["--locale", "nl-NL", "--key", "brand_new", "--value", "Weer"])
      _ = try PublishPlan.make(again, currentDirectory: directory, cacheRoot: cache)
    }
  }

  @Test func anUnknownLocaleListsTheSitesLocales() throws {
    try Self.outside("publish-unknown-locale") { directory, cache in
      let request = try Self.request(["--locale", "xx", "--key", "welcome_title", "--value", "X"])
      do throws(PublishPlan.Refusal) {
        _ = try PublishPlan.make(request, currentDirectory: directory, cacheRoot: cache)
        Issue.record("an unknown locale was accepted")
      } catch {
        #expect(error.description.contains("not a locale of the site"))
        #expect(error.description.contains("nl-NL"))
      }
    }
  }

  /// The real binary, run outside a checkout with its own cache: the edit lands in the unpacked
  /// demo's site, the site's path is printed whole.
  @Test(
    .enabled(
      if: PreviewBinary.exists,
      "SKIPPED: .build/debug/messagevisor-preview is missing; run `swift build --product messagevisor-preview` first"
    ))
  func theBinaryPublishesToTheUnpackedDemoOutsideACheckout() throws {
    try Self.outside("publish-binary") { directory, cache in
      let xdg = cache + "-xdg"
      let run = Spawn.run(
        [
          "/usr/bin/env", "XDG_CACHE_HOME=\(xdg)", PreviewBinary.path, "publish", "--locale", "nl",
          "--key", "welcome_title", "--value", "Hallo van buiten!",
        ], directory: directory)
      #expect(run.status == 0, "\(run.error)")
      let site = EmbeddedDemo.directory(in: xdg + "/messagevisor-preview") + "/ota"
      #expect(run.error.contains(site), "\(run.error)")
      let payload = try String(contentsOfFile: site + "/nl-NL.xcstrings", encoding: .utf8)
      #expect(payload.contains("Hallo van buiten!"))
      let unknown = Spawn.run(
        [
          "/usr/bin/env", "XDG_CACHE_HOME=\(xdg)", PreviewBinary.path, "publish", "--locale", "nl",
          "--key", "no_such_key", "--value", "X",
        ], directory: directory)
      #expect(unknown.status == 1)
      #expect(unknown.error.contains("--create"), "\(unknown.error)")
    }
  }
}
