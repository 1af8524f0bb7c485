import TestSupport
import Testing

@testable import MessagevisorProject

/// Key globs are compiled once per target (and per lint config, promotion, export), and the
/// compiled form decides exactly what the pattern text says.
@Suite struct GlobListTests {
  @Test func aGlobListMatchesWhenAnyOfItsPatternsMatches() {
    let globs = GlobList(["auth*", "checkout.total", "*.title*"])
    #expect(globs.matchesAny("auth.signin"))
    #expect(globs.matchesAny("checkout.total"))
    #expect(globs.matchesAny("home.title.short"))
    #expect(!globs.matchesAny("checkout.totals"))
    #expect(!globs.matchesAny("xauth"))
    #expect(!GlobList([]).matchesAny(""))
    #expect(GlobList(["*"]).matchesAny(""))
    #expect(globs.patterns == ["auth*", "checkout.total", "*.title*"])
  }

  @Test func aLiteralPatternMatchesOnlyItsOwnKey() {
    #expect(Glob("a.b").matches("a.b"))
    #expect(!Glob("a.b").matches("a.bc"))
    #expect(!Glob("a.b").matches("axb"))
    #expect(Glob("").matches(""))
    #expect(!Glob("").matches("a"))
  }

  @Test func aTargetTakesWhatItIncludesAndDoesNotExclude() {
    var target = ProjectTarget(key: "web")
    #expect(target.includesMessage("anything"))
    target.includeMessages = ["app.*", "shared"]
    target.excludeMessages = ["app.debug*"]
    #expect(target.includesMessage("app.title"))
    #expect(target.includesMessage("shared"))
    #expect(!target.includesMessage("app.debug.panel"))
    #expect(!target.includesMessage("admin.title"))
    #expect(target.includeMessages == ["app.*", "shared"])
    #expect(target.excludedMessages == GlobList(["app.debug*"]))
  }

  @Test func aLoadedTargetSelectsMessagesByItsGlobs() throws {
    let project = TempProject.minimal()
    project.write("targets/web.yml", "includeMessages: ['a*', 'b']\nexcludeMessages: ['ab*']\n")
    let loaded = try ProjectLoader().load(path: project.path)
    let target = try #require(loaded.targets["web"])
    #expect(target.includedMessages.patterns == ["a*", "b"])
    #expect(target.includesMessage("a") && target.includesMessage("b"))
    #expect(!target.includesMessage("abc") && !target.includesMessage("c"))
  }
}
