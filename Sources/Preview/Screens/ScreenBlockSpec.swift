/// One block of a screen file, top to bottom.
public struct ScreenBlockSpec: Sendable, Equatable {
  /// The kinds of block.
  public enum Kind: Sendable, Equatable {
    /// `chip:` / `badge:` — a capsule around a short text.
    case chip(TextBinding)
    /// `heading:` — the screen's title text.
    case heading(TextBinding)
    /// `paragraph:` — wrapped text in a style.
    case paragraph(TextBinding, style: ScreenTextStyle)
    /// `button:` — a button; `opens:`/`action:` say what Enter does.
    case button(TextBinding, action: ScreenAction)
    /// `list:` — one bulleted row per message.
    case list([TextBinding])
    /// `card:` — rows of label → value.
    case card([CardRow])
    /// `art:` — lines of box/block characters, centred; dropped first when space is short.
    case art([String])
    /// `status:` — the OTA refresh state: one message per phase.
    case status(StatusBinding)
    /// `spacer:` — empty rows; dropped when space is short.
    case spacer(Int)
    /// `back:` — the back link (`‹ Esc`), focusable.
    case back
  }

  /// One row of a card.
  public struct CardRow: Sendable, Equatable {
    /// The label message.
    public var label: TextBinding
    /// The value message.
    public var value: TextBinding

    /// Creates a row.
    public init(label: TextBinding, value: TextBinding) {
      self.label = label
      self.value = value
    }
  }

  /// The block's kind and bindings.
  public var kind: Kind
  /// Shown only when its message exists in the target or the active locale, and dropped (after
  /// art and spacers) when space is short.
  public var optional: Bool
  /// The width budget in columns (buttons and chips), when given.
  public var width: Int?
  /// The Tab order among focusable blocks (lower first; blocks without one follow in file order).
  public var tab: Int?
  /// 1-based line of the block in the screen file.
  public var line: Int
  /// 1-based column of the block in the screen file.
  public var column: Int

  /// Creates a block.
  public init(
    kind: Kind, optional: Bool = false, width: Int? = nil, tab: Int? = nil, line: Int = 0,
    column: Int = 0
  ) {
    self.kind = kind
    self.optional = optional
    self.width = width
    self.tab = tab
    self.line = line
    self.column = column
  }

  /// The message bindings the block shows (status: every phase).
  public var bindings: [TextBinding] {
    switch kind {
    case .chip(let b), .heading(let b), .paragraph(let b, _), .button(let b, _): return [b]
    case .list(let items): return items
    case .card(let rows): return rows.flatMap { [$0.label, $0.value] }
    case .status(let status): return status.bindings
    case .art, .spacer, .back: return []
    }
  }

  /// What Enter does when the block is focused; `nil` for blocks that cannot take focus.
  public var action: ScreenAction? {
    switch kind {
    case .button(_, let action): return action
    case .status: return .refresh
    case .back: return .back
    default: return nil
    }
  }
}
