import Testing

@testable import MessagevisorICU

@Suite struct ICUParserTests {
  @Test func literalAndSimpleArgument() throws {
    let message = try ICUParser.parse("Welcome back, {name}!")
    #expect(message.nodes == [.literal("Welcome back, "), .argument("name"), .literal("!")])
    #expect(message.containsTags == false)
  }

  @Test(arguments: [
    ("You don't", "You don't"),
    ("It''s", "It's"),
    ("'{name}'", "{name}"),
    ("'{quoted {d, date}}'", "{quoted {d, date}}"),
    ("a '}' b", "a } b"),
    ("'{a''b}'", "{a'b}"),
    ("'{unterminated", "{unterminated"),
    ("top } level", "top } level"),
    ("# is literal at the top", "# is literal at the top"),
    ("'#' stays quoted", "'#' stays quoted"),
    ("<b>bold</b>", "<b>bold</b>"),
  ])
  func apostropheQuoting(source: String, expected: String) throws {
    let message = try ICUParser.parse(source)
    #expect(message.literalText == expected)
  }

  @Test func quotedBraceBeforeArgument() throws {
    let message = try ICUParser.parse("This '{' literal {amount, number, money}")
    #expect(message.nodes == [.literal("This { literal "), .number("amount", .named("money"))])
  }

  @Test func poundOnlyDirectlyInPlural() throws {
    let message = try ICUParser.parse(
      "{n, plural, one {# '#' x} other {{g, select, a {#} other {b}} #}}")
    guard case .plural(let name, let plural) = message.nodes[0] else {
      Issue.record("expected a plural node")
      return
    }
    #expect(name == "n")
    #expect(plural.categories["one"] == [.pound, .literal(" # x")])
    #expect(
      plural.other == [
        .select("g", ICUSelect(branches: ["a": [.literal("#")]], other: [.literal("b")])),
        .literal(" "), .pound,
      ])
  }

  @Test func pluralWithOffsetAndExactBranches() throws {
    let message = try ICUParser.parse(
      "{n, plural, offset:1 =1 {exact} one {one:#} other {other:#}}")
    let expected = ICUPlural(
      ordinal: false, offset: 1, exact: [(1, [.literal("exact")])],
      categories: ["one": [.literal("one:"), .pound]], other: [.literal("other:"), .pound])
    #expect(message.nodes == [.plural("n", expected)])
  }

  @Test func selectOrdinal() throws {
    let message = try ICUParser.parse(
      "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}")
    guard case .plural(_, let plural) = message.nodes[0] else {
      Issue.record("expected a plural node")
      return
    }
    #expect(plural.ordinal)
    #expect(plural.categories.keys.sorted() == ["few", "one", "two"])
  }

  @Test func numberDateTimeStyles() throws {
    let message = try ICUParser.parse(
      "{a, number}{b, number, percent}{c, date}{d, date, long}{e, time, ::HHmm}{f, time , short }")
    #expect(message.nodes.count == 6)
    #expect(message.nodes[0] == .number("a", .none))
    #expect(message.nodes[1] == .number("b", .named("percent")))
    #expect(message.nodes[2] == .date("c", .none))
    #expect(message.nodes[3] == .date("d", .named("long")))
    #expect(
      message.nodes[4]
        == .time(
          "e",
          .skeleton(
            ICUDateSkeleton(
              source: "HHmm",
              options: ["hour": "2-digit", "hourCycle": "h23", "minute": "2-digit"],
              unsupportedFields: []))))
    #expect(message.nodes[5] == .time("f", .named("short")))
  }

  @Test func numberSkeletonTokens() throws {
    let message = try ICUParser.parse(
      "{a, number, ::currency/usd .00## group-off sign-always scale/100 unit-width-iso-code}")
    guard case .number(_, .skeleton(let skeleton)) = message.nodes[0] else {
      Issue.record("expected a skeleton")
      return
    }
    #expect(
      skeleton.options == [
        "style": "currency", "currency": "USD", "minimumFractionDigits": 2,
        "maximumFractionDigits": 4, "useGrouping": false, "signDisplay": "always",
        "currencyDisplay": "code",
      ])
    #expect(skeleton.scale == 100)
    #expect(skeleton.unsupportedTokens.isEmpty)
  }

  @Test func unsupportedSkeletonTokensAreRecordedNotRejected() throws {
    let message = try ICUParser.parse(
      "{a, number, ::compact-short percent measure-unit/length-meter}")
    guard case .number(_, .skeleton(let skeleton)) = message.nodes[0] else {
      Issue.record("expected a skeleton")
      return
    }
    #expect(skeleton.unsupportedTokens == ["compact-short", "measure-unit/length-meter"])
    #expect(skeleton.options == ["style": "percent"])
  }

  @Test func tagsAreDetected() throws {
    #expect(try ICUParser.parse("Hello <b>{name}</b>").containsTags)
    #expect(try ICUParser.parse("a < b").containsTags == false)
  }

  @Test(arguments: [
    ("Hello {name", 11, "',' or '}'"),
    ("Hello {", 7, "an argument name"),
    ("{}", 1, "an argument name"),
    ("{a b}", 3, "',' or '}'"),
    ("{a, foo}", 4, "an argument type (number, date, time, plural, selectordinal or select)"),
    ("{n, plural, one {x}}", 19, "an 'other' branch"),
    ("{n, select, a {x}}", 17, "an 'other' branch"),
    (
      "{n, plural, lots {x} other {y}}", 12,
      "a plural selector (zero, one, two, few, many, other or =N)"
    ),
    ("{n, plural, one {x} other {y}", 29, "a selector or '}'"),
    ("{n, plural, other {y", 20, "'}'"),
    ("{n, plural, other y}", 18, "'{'"),
    ("{n, plural, =x {y} other {z}}", 13, "a number after '='"),
    ("{n, plural, offset:x other {z}}", 19, "an integer after 'offset:'"),
    ("{n, select, a {x} a {y} other {z}}", 18, "a selector that is not already used"),
    ("{n, number, }", 12, "a style or skeleton after ','"),
    ("{n, number, ::currency/EURO}", 14, "a three-letter currency code after 'currency/'"),
    ("{n, number, ::percent scale/x}", 22, "a number after 'scale/'"),
    ("{n, plural}", 10, "','"),
    ("{n, date, 'oops}", 16, "a closing apostrophe"),
    ("héllo wörld {x", 14, "',' or '}'"),
    ("🙂{x", 4, "',' or '}'"),
  ])
  func parseErrorsGiveOffsetAndExpectation(source: String, offset: Int, expected: String) {
    #expect {
      _ = try ICUParser.parse(source)
    } throws: { error in
      guard let error = error as? ICUParseError else { return false }
      return error.offset == offset && error.expected == expected
    }
  }

  @Test func parseErrorDescription() {
    do {
      _ = try ICUParser.parse("Hello {name, plural, one {x}")
      Issue.record("expected a parse error")
    } catch {
      #expect(error.offset == 28)
      #expect(error.description.hasPrefix("expected a selector at offset 28"))
    }
  }

  @Test func deepNestingIsRejected() {
    let depth = 10_000
    let source =
      String(repeating: "{a, select, other {", count: depth) + "x"
      + String(repeating: "}}", count: depth)
    #expect {
      _ = try ICUParser.parse(source)
    } throws: { error in
      (error as? ICUParseError)?.expected.contains("nested") == true
    }
    let allowed =
      String(repeating: "{a, select, other {", count: ICUParser.maximumNestingDepth) + "x"
      + String(repeating: "}}", count: ICUParser.maximumNestingDepth)
    #expect(throws: Never.self) { try ICUParser.parse(allowed) }
  }

  @Test func megabyteMessagesParse() throws {
    let chunk = "Hello {name}, you have {n, plural, one {# item} other {# items}}. It''s '{ok}'. "
    let count = (1 << 20) / chunk.utf8.count + 1
    let source = String(repeating: chunk, count: count)
    let message = try ICUParser.parse(source)
    // The trailing literal of one chunk merges with the leading literal of the next.
    #expect(message.nodes.count == count * 4 + 1)
    let unclosed = String(repeating: "x", count: 1 << 20) + "{"
    #expect(throws: ICUParseError.self) { try ICUParser.parse(unclosed) }
    let manyOpen = String(repeating: "{", count: 1 << 20)
    #expect(throws: ICUParseError.self) { try ICUParser.parse(manyOpen) }
    let manyQuotes = String(repeating: "'{' ", count: 1 << 18)
    #expect(try ICUParser.parse(manyQuotes).literalText == String(repeating: "{ ", count: 1 << 18))
    // Adjacent quoted literals: `''` inside a quote is an apostrophe.
    #expect(try ICUParser.parse("'{''{'").literalText == "{'{")
  }
}
