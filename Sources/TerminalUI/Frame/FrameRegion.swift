/// A rectangle of a ``Frame`` that a view marked as it drew it, with a tag that says what it is
/// (a button, a list row, a scrollable area). A program maps a mouse position to what is under
/// it with ``Frame/regions(atColumn:row:)``: the same layout that drew the frame answers, so
/// nothing is recomputed.
public struct FrameRegion: Hashable, Sendable {
  /// The cells the region covers (already clipped to the frame).
  public var rect: Rect
  /// What the region is, in the program's own words.
  public var tag: String

  /// Creates a region.
  public init(rect: Rect, tag: String) {
    self.rect = rect
    self.tag = tag
  }
}

extension Frame {
  /// Marks `rect` (clipped to the frame and to `clip`) as a hit region named `tag`. Regions
  /// marked later are on top of earlier ones.
  public mutating func mark(_ rect: Rect, tag: String, clip: Rect? = nil) {
    var area = rect.intersection(bounds)
    if let clip { area = area.intersection(clip) }
    guard !area.isEmpty else { return }
    appendRegion(FrameRegion(rect: area, tag: tag))
  }

  /// The regions under a cell, topmost (last marked) first.
  public func regions(atColumn x: Int, row y: Int) -> [FrameRegion] {
    regions.reversed().filter { $0.rect.contains(column: x, row: y) }
  }

  /// Copies the regions of `other` as if `other` were drawn with its top-left corner at
  /// (`x`, `y`), clipped to this frame and to `clip`.
  public mutating func addRegions(of other: Frame, x: Int, y: Int, clip: Rect? = nil) {
    for region in other.regions {
      let moved = Rect(
        x: region.rect.x + x, y: region.rect.y + y, width: region.rect.width,
        height: region.rect.height)
      mark(moved, tag: region.tag, clip: clip)
    }
  }

  /// Drops every region (e.g. before an overlay that takes all clicks).
  public mutating func removeRegions() {
    clearRegions()
  }
}
