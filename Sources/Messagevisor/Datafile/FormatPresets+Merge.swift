extension FormatPresets {
  /// The families by name, for generic merging.
  static var familyKeyPaths: [WritableKeyPath<FormatPresets, [String: FormatOptions]?>] {
    [
      \.number, \.date, \.time, \.relative, \.dateTimeRange,
    ]
  }

  /// Runtime merge: `overlay` wins property by property inside presets of the same name.
  func mergingProperties(_ overlay: FormatPresets?) -> FormatPresets {
    guard let overlay else { return self }
    var result = self
    for path in Self.familyKeyPaths {
      guard let incoming = overlay[keyPath: path] else { continue }
      var family = result[keyPath: path] ?? [:]
      for (name, options) in incoming {
        family[name] = (family[name] ?? [:]).merging(options) { _, new in new }
      }
      result[keyPath: path] = family
    }
    return result
  }

  /// `setDatafile` merge: families merge by preset name and an incoming preset replaces the
  /// stored preset of the same name whole.
  func mergingPresets(_ overlay: FormatPresets) -> FormatPresets {
    var result = self
    for path in Self.familyKeyPaths {
      guard let incoming = overlay[keyPath: path] else { continue }
      result[keyPath: path] = (result[keyPath: path] ?? [:]).merging(incoming) { _, new in new }
    }
    return result
  }
}
