import Foundation
import TerminalUI
import Testing

@testable import Preview

@Suite("Currency and time zone pickers")
struct ValuePickerTests {
  static func picker(_ state: PreviewState) -> ValuePickerState? {
    if case .valuePicker(let picker) = state.mode { return picker }
    return nil
  }

  static func typed(_ text: String, into state: PreviewState) -> PreviewState {
    var state = state.after(.key(.character("/"))).0
    for character in text { state = state.after(.key(.character(character))).0 }
    return state
  }

  @Test func currencyPickerListsTheSuggestedThenTheCommonISOSetNamedInTheLocale() throws {
    var state = PreviewFixtures.state()
    state.choices.currencies = ["SAR", "EUR", "USD"]
    state.content?.locale = "nl-NL"
    let opened = state.after(.key(.character("C"))).0
    let picker = try #require(Self.picker(opened))
    #expect(picker.kind == .currency)
    #expect(picker.items.prefix(3).map(\.value) == ["SAR", "EUR", "USD"])
    #expect(picker.items.count >= Locale.commonISOCurrencyCodes.count)
    #expect(Set(picker.items.map(\.value)).isSuperset(of: Locale.commonISOCurrencyCodes))
    #expect(Set(picker.items.map(\.value)).count == picker.items.count, "each code once")
    // Names in the previewed locale (Dutch here), the current currency highlighted.
    let usd = try #require(picker.items.first { $0.value == "USD" })
    #expect(usd.detail == Locale(identifier: "nl-NL").localizedString(forCurrencyCode: "USD"))
    #expect(usd.detail.lowercased().contains("dollar"))
    #expect(picker.selected?.value == "USD")
  }

  @Test func listKeysWrapJumpAndPage() throws {
    let opened = PreviewFixtures.state().after(.key(.character("C"))).0
    let count = try #require(Self.picker(opened)).visible.count
    let last = opened.after(.key(.character("G"))).0
    #expect(Self.picker(last)?.selection == count - 1)
    #expect(Self.picker(last.after(.key(.character("j"))).0)?.selection == 0, "j wraps")
    let first = last.after(.key(.home)).0
    #expect(Self.picker(first)?.selection == 0)
    #expect(Self.picker(first.after(.key(.up)).0)?.selection == count - 1, "k wraps")
    #expect(Self.picker(first.after(.key(.end)).0)?.selection == count - 1)
    #expect(Self.picker(first.after(.key(.pageDown)).0)?.selection ?? 0 > 1)
    #expect(Self.picker(last.after(.key(.character("g"))).0)?.selection == 0)
  }

  @Test func filterEnterAppliesAndEscCancels() throws {
    let opened = PreviewFixtures.state().after(.key(.character("C"))).0
    let filtered = Self.typed("yen", into: opened)
    let picker = try #require(Self.picker(filtered))
    #expect(picker.typing)
    #expect(picker.visible.map { picker.items[$0].value }.contains("JPY"))
    #expect(picker.visible.count < 10)
    // j is text while typing, not a move.
    #expect(Self.picker(filtered.after(.key(.character("j"))).0)?.query == "yenj")
    let jpy = Self.typed("jpy", into: opened)
    let (applied, effects) = jpy.after(.key(.enter))
    #expect(applied.mode == .screen)
    #expect(effects == [.setCurrency("JPY")])
    // Esc while typing clears the filter and keeps the picker; Esc again closes it, no effect.
    let cleared = jpy.after(.key(.escape)).0
    #expect(Self.picker(cleared)?.query == "")
    #expect(Self.picker(cleared)?.typing == false)
    let (closed, none) = cleared.after(.key(.escape))
    #expect(closed.mode == .screen)
    #expect(none.isEmpty)
    #expect(opened.after(.key(.character("q"))).0.mode == .screen, "q closes, does not quit")
    #expect(!opened.after(.key(.character("q"))).0.quitting)
  }

  @Test func timeZonePickerCollapsesEquivalentsAndShowsOffsets() throws {
    var state = PreviewFixtures.state()
    state.content?.timeZone = "Etc/UTC"
    let opened = state.after(.key(.character("T"))).0
    let picker = try #require(Self.picker(opened))
    #expect(picker.kind == .timeZone)
    let values = picker.items.map(\.value)
    #expect(values.contains("Etc/UTC"), "the current zone names its row")
    #expect(!values.contains("UTC"), "UTC is the same zone as Etc/UTC: one row")
    #expect(picker.selected?.value == "Etc/UTC")
    #expect(picker.selected?.label == "UTC+00:00")
    #expect(picker.items.count < TimeZone.knownTimeZoneIdentifiers.count)
    // No two rows are equivalent (as `t` sees them), and every known zone is reachable.
    let sample = picker.items.prefix(40).map(\.value)
    for (index, lhs) in sample.enumerated() {
      for rhs in sample.dropFirst(index + 1) {
        #expect(!TimeZoneEquivalence.equivalent(lhs, rhs), "\(lhs) ≡ \(rhs)")
      }
    }
    let reachable = Set(values + picker.items.flatMap(\.aliases))
    #expect(reachable.isSuperset(of: TimeZone.knownTimeZoneIdentifiers))
    // Sorted by offset.
    let amsterdam = try #require(picker.items.firstIndex { $0.value == "Europe/Amsterdam" })
    let tokyo = try #require(picker.items.firstIndex { $0.value == "Asia/Tokyo" })
    #expect(amsterdam < tokyo)
    // India's zone, whichever of its names Foundation lists, shows +05:30.
    let india = Self.typed("calcutta", into: opened)
    let found = try #require(Self.picker(india)?.selected)
    #expect(TimeZoneEquivalence.equivalent(found.value, "Asia/Kolkata"))
    #expect(found.label == "UTC+05:30")
    #expect(india.after(.key(.enter)).1 == [.setTimeZone(found.value)])
    #expect(PreviewView.render(india).plainText.contains("UTC+05:30"))
    // An equivalent's name finds its row (shown beside it), and Enter applies the row's zone.
    let paris = Self.typed("paris", into: opened)
    #expect(Self.picker(paris)?.selected?.value == "Europe/Amsterdam")
    let text = PreviewView.render(paris).plainText
    #expect(text.contains("Europe/Amsterdam = Europe/Paris"), "\(text)")
    #expect(paris.after(.key(.enter)).1 == [.setTimeZone("Europe/Amsterdam")])
  }

  @Test(arguments: [(40, 12), (80, 24), (100, 30), (200, 60)])
  func pickersFitInsideTheScreenFrame(width: Int, height: Int) throws {
    for key in ["C", "T"] {
      var state = PreviewFixtures.state(width: width, height: height)
      state = state.after(.key(.character(Character(key)))).0
      state = Self.typed("a", into: state)
      let lines = PreviewView.render(state).lines(trimmingTrailingSpaces: false)
      // The screen frame's bottom border (header 1 row, body height-3 rows) is whole.
      let bottom = lines[height - 3]
      #expect(bottom.hasPrefix("└"), "\(key) \(width)x\(height): \(bottom)")
      #expect(!bottom.contains("╰"), "\(key) \(width)x\(height): \(bottom)")
      let text = lines.joined(separator: "\n")
      let title = key == "C" ? "Currency " : "Time zone "
      #expect(text.contains(title), "\(text)")
      // The position indicator (n/m) and the filter line.
      let picker = try #require(Self.picker(state))
      let position = "\(picker.selection + 1)/\(picker.visible.count)"
      #expect(text.contains(title + position), "\(text)")
      #expect(text.contains("/ a▏"), "\(text)")
      // The box stays inside the screen frame's side borders (left of the side column).
      let frameWidth = width < PreviewView.sidePanelMinimumWidth ? width : max(width / 2, 50)
      for line in lines[2..<(height - 3)] {
        let characters = Array(line)
        #expect(characters.first == "│" && characters[frameWidth - 1] == "│", "\(line)")
      }
    }
  }

  @Test(arguments: [(100, 30), (200, 60)])
  func theLocalePickerAndTheEditorStayLeftOfTheSideColumn(width: Int, height: Int) {
    for key in ["L", "e"] {
      let state = PreviewFixtures.state(width: width, height: height).after(
        .key(.character(Character(key)))
      ).0
      let frame = PreviewView.render(state)
      let lines = frame.lines(trimmingTrailingSpaces: false)
      let frameWidth = max(width / 2, 50)
      // By cell, not by character: the picker's names include wide ones (日本語).
      for y in 2..<(height - 3) {
        // The screen frame's right border and the side column's left border are whole.
        #expect(frame[frameWidth - 1, y].text == "│", "\(key): \(lines[y])")
        #expect("│┌└├".contains(frame[frameWidth, y].text), "\(key): \(lines[y])")
      }
    }
  }

  @Test func helpListsThePickerKeys() {
    let lines = PreviewView.helpLines()
    #expect(lines.contains { $0.isHeading && $0.text == "Currency, time zone and set pickers" })
    #expect(lines.contains { $0.keys == "C" && $0.text.hasPrefix("Pick a currency") })
    #expect(lines.contains { $0.keys == "T" && $0.text.hasPrefix("Pick a time zone") })
    #expect(lines.contains { $0.keys == "/" && $0.text.hasPrefix("Type a filter") })
  }

  @Test(.enabled(if: DemoFixture.demoExists, "Demo/ is missing"))
  func theDemoProjectsCurrenciesComeFirst() throws {
    var options = PreviewOptions()
    options.cacheDirectory = NSTemporaryDirectory() + "preview-tests-nocache-\(UUID().uuidString)"
    let paths = try DemoPaths.resolve(options, currentDirectory: DemoFixture.packageRoot.path)
    let prepared = try PreviewLauncher.prepare(
      options: options, paths: paths, modules: PreviewLauncher.defaultModules())
    let own = prepared.project.currencies
    #expect(Set(own).isSuperset(of: ["SAR", "EUR", "USD"]), "\(own)")
    let choices = PreviewChoices(project: prepared.project)
    #expect(Array(choices.currencies.prefix(own.count)) == own)
    #expect(choices.currencies.contains("JPY"))
  }
}

@Suite("The help bar says what q does in each view")
struct HelpBarQuitTests {
  @Test(arguments: ["C", "T", "L", "d", "v", "?"])
  func qClosesTheViewAndTheBarSaysSo(key: String) {
    let state = PreviewFixtures.state(width: 40, height: 12).after(
      .key(.character(Character(key)))
    ).0
    let bar = PreviewView.render(state).lines().last ?? ""
    #expect(!bar.contains("q quit"), "\(key): \(bar)")
    #expect(bar.contains("q close") || bar.contains("q cancel"), "\(key): \(bar)")
    #expect(bar.contains("? help"), "\(key): \(bar)")
  }

  @Test func onAScreenQQuits() {
    let bar = PreviewView.render(PreviewFixtures.state(width: 40, height: 12)).lines().last ?? ""
    #expect(bar.contains("q quit"), "\(bar)")
  }
}
