/// What a mouse click or the wheel reaches in a frame: the view marks these as it draws
/// (`Frame.mark(_:tag:clip:)`), so a click is answered by the same layout that drew the frame.
public enum HitTarget: Sendable, Equatable {
  /// A place that performs an action as its key would (help-bar hints, panel keys, header
  /// controls, links).
  case action(PreviewAction)
  /// A string on a screen (its message key): a click selects it for inspection.
  case text(key: String)
  /// A button on a screen (the key of its caption): a click focuses and presses it.
  case button(key: String)
  /// A row of a list: a click selects it (a second click opens or chooses it).
  case row(HitList, Int)
  /// A scrollable area: the wheel scrolls it.
  case area(HitList)

  /// The tag stored in the frame.
  public var tag: String {
    switch self {
    case .action(let action): return "action:\(action.rawValue)"
    case .text(let key): return "text:\(key)"
    case .button(let key): return "button:\(key)"
    case .row(let list, let index): return "row:\(list.rawValue):\(index)"
    case .area(let list): return "area:\(list.rawValue)"
    }
  }

  /// The target a tag names (`nil` for a tag this program did not write).
  public init?(tag: String) {
    let parts = tag.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let value = String(parts[1])
    switch parts[0] {
    case "action":
      guard let action = PreviewAction(rawValue: value) else { return nil }
      self = .action(action)
    case "text": self = .text(key: value)
    case "button": self = .button(key: value)
    case "area":
      guard let list = HitList(rawValue: value) else { return nil }
      self = .area(list)
    case "row":
      let row = value.split(separator: ":", maxSplits: 1)
      guard row.count == 2, let list = HitList(rawValue: String(row[0])),
        let index = Int(row[1])
      else { return nil }
      self = .row(list, index)
    default: return nil
    }
  }

  /// Whether a click does something here (areas only take the wheel).
  public var isClickable: Bool {
    if case .area = self { return false }
    return true
  }
}

/// The lists and areas of the frame that the mouse can reach.
public enum HitList: String, Sendable, Equatable, CaseIterable {
  /// The project screen (the wheel scrolls it).
  case screen
  /// The diagnostics list.
  case diagnostics
  /// The events log.
  case events
  /// The message browser's list.
  case messages
  /// The message browser's detail.
  case detail
  /// The locale picker.
  case picker
  /// The currency or time zone picker (rows are positions among its visible, filtered items).
  case valuePicker
  /// The help screen.
  case help
  /// The context panel's attribute rows.
  case attributes
}
