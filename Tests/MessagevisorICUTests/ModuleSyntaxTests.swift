import Foundation
@_spi(MessagevisorModules) import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation
import Testing

/// Modules that declare the bytes they react to (`literalTextSyntax`) are not run for a text
/// without them; everything else still runs every module.
@Suite struct ModuleSyntaxTests {
  /// A module that upper-cases every text it sees, declaring `{` as its syntax: whether a text
  /// came back upper-cased shows whether the engine ran it.
  static func shouting(declares syntax: ModuleSyntax?) -> MessagevisorModule {
    var module = MessagevisorModule(
      name: "shout", format: { payload, _ in payload.translation.uppercased() })
    module.borrowingFormat = { text, _, _, _ in text.uppercased() }
    module.literalTextSyntax = syntax
    return module
  }

  static let braces = ModuleSyntax([UInt8(ascii: "{")])

  /// A root with `checkout.title` ("Checkout", and "Checkout (Pro)" behind the segment `pro`) and
  /// `greeting` ("Hi {name}"), in en-US.
  func instance(_ modules: [MessagevisorModule], log: DiagnosticLog = DiagnosticLog())
    -> Messagevisor
  {
    let pro = Segment(
      conditions: .predicate(
        ConditionPredicate(attribute: "plan", operator: .equals, value: "pro")))
    let datafile = DatafileContent(
      messagevisorVersion: "test", revision: "1", target: "t", locale: "en-US",
      segments: ["pro": pro],
      messages: [
        "checkout.title": DatafileMessage(overrides: [
          MessageOverride(key: "pro", segments: "pro", translation: "Checkout (Pro)")
        ]),
        "braced.title": DatafileMessage(overrides: [
          MessageOverride(key: "pro", segments: "pro", translation: "Pro {plan}")
        ]),
      ],
      translations: [
        "checkout.title": "Checkout", "braced.title": "Plain", "greeting": "Hi {name}",
        "plain": "Hello",
      ])
    return createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { log.record($0) }, logLevel: .debug,
        modules: modules))
  }

  @Test func aTextWithoutTheDeclaredBytesIsHandedBackWithoutRunningTheModule() throws {
    let m = instance([Self.shouting(declares: Self.braces)])
    #expect(try m.translate("plain") == "Hello")
    #expect(try m.translate("plain", values: ["x": 1]) == "Hello")
    #expect(try m.translate("greeting", values: ["name": "Ada"]) == "HI {NAME}")
    // The override path of a child whose context matches, and the resolving path (fallbacks).
    let child = m.spawn(context: ["plan": .string("pro")])
    #expect(try child.translate("checkout.title") == "Checkout (Pro)")
    #expect(try child.translate("braced.title") == "PRO {PLAN}")
    #expect(try m.translate("checkout.title") == "Checkout")
    #expect(try m.translate("missing.key") == "missing.key")
    #expect(try m.translate("plain", options: TranslateOptions(locale: "en-US")) == "Hello")
  }

  @Test func moduleOptionsOnTheCallRunTheModuleOnEveryText() throws {
    let m = instance([Self.shouting(declares: Self.braces)])
    let options = TranslateOptions(moduleOptions: ["shout": ["loud": true]])
    #expect(try m.translate("plain", options: options) == "HELLO")
  }

  @Test func aModuleWithoutADeclaredSyntaxRunsOnEveryTextBesideOnesThatDeclareIt() throws {
    let m = instance([createICUModule(), Self.shouting(declares: nil)])
    #expect(try m.translate("plain") == "HELLO")
    #expect(try m.translate("greeting", values: ["name": "Ada"]) == "HI ADA")
    let transform = MessagevisorModule(
      name: "suffix", transform: { payload, _ in payload.translation + "!" })
    #expect(try instance([createICUModule(), transform]).translate("plain") == "Hello!")
  }

  @Test func settingTheFormatHookClearsTheDeclaredSyntax() {
    var module = Self.shouting(declares: Self.braces)
    module.format = { payload, _ in payload.translation }
    #expect(module.literalTextSyntax == nil)
    #expect(module.borrowingFormat == nil)
  }

  @Test func theBundledModulesDeclareWhatTheyReactTo() throws {
    #expect(createICUModule().literalTextSyntax?.bytes == Array("{'".utf8))
    #expect(
      createICUModule(name: "icu", ignoreTags: false).literalTextSyntax?.bytes
        == Array("{'<".utf8))
    #expect(createInterpolationModule().literalTextSyntax?.bytes == Array("{".utf8))
    // A custom pattern may match anything: the module runs on every text.
    #expect(createInterpolationModule(pattern: #"%(\w+)"#).literalTextSyntax == nil)
    let m = instance([createICUModule(), createInterpolationModule()])
    #expect(try m.translate("plain") == "Hello")
    #expect(try m.translate("greeting", values: ["name": "Ada"]) == "Hi Ada")
  }

  @Test func tagsStillReachAnICUModuleThatReportsThem() throws {
    let log = DiagnosticLog()
    let datafile = DatafileContent(
      messagevisorVersion: "test", revision: "1", target: "t", locale: "en-US",
      translations: ["bold": "<b>Bold</b>"])
    let m = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { log.record($0) },
        modules: [createICUModule(name: "icu", ignoreTags: false)]))
    #expect(try m.translate("bold") == "<b>Bold</b>")
    #expect(log.codes == ["unsupported_formatter"])
    // Per call, through module options, on a module that ignores tags by default.
    let quiet = DiagnosticLog()
    let n = createMessagevisor(
      MessagevisorOptions(
        datafile: datafile, onDiagnostic: { quiet.record($0) }, modules: [createICUModule()]))
    #expect(try n.translate("bold") == "<b>Bold</b>")
    #expect(quiet.codes.isEmpty)
    let options = TranslateOptions(moduleOptions: ["icu": ["ignoreTags": false]])
    #expect(try n.translate("bold", options: options) == "<b>Bold</b>")
    #expect(quiet.codes == ["unsupported_formatter"])
  }

  @Test func aSyntaxFindsItsBytesAnywhereAndMoreThanEightMatchEveryText() {
    let syntax = ModuleSyntax(Array("{'{".utf8))
    #expect(syntax.bytes == Array("{'".utf8))
    #expect(syntax.occurs(in: "it's"))
    #expect(syntax.occurs(in: String(repeating: "x", count: 100) + "{"))
    #expect(!syntax.occurs(in: "plain text, ünïcödé"))
    #expect(!syntax.occurs(in: ""))
    let wide = ModuleSyntax(Array("abcdefghi".utf8))
    #expect(wide.bytes == nil)
    #expect(wide.occurs(in: ""))
    #expect(wide.occurs(in: "xyz"))
    #expect(syntax.union(ModuleSyntax([UInt8(ascii: "<")])).bytes == Array("{'<".utf8))
    #expect(syntax.union(wide).occurs(in: "xyz"))
    // A bridged, non-contiguous string is read byte by byte.
    let bridged = NSString(string: "curly { brace") as String
    #expect(syntax.occurs(in: bridged))
  }
}
