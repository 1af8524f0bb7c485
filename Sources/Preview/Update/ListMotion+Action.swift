extension ListMotion {
  /// The motion a list action asks for (`nil` for any other action).
  init?(_ action: PreviewAction) {
    switch action {
    case .selectNext: self = .next
    case .selectPrevious: self = .previous
    case .pageDown: self = .pageDown
    case .pageUp: self = .pageUp
    case .first, .selectFirst: self = .first
    case .last, .selectLast: self = .last
    default: return nil
    }
  }
}
